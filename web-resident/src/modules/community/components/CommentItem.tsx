import type { Comment } from '@porta/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkTargetContext } from '../hooks/link-target';
import {
  threadOf,
  threadPage,
  useComments,
  useDeleteComment,
  useToggleCommentLike,
  useUpdateComment,
} from '../hooks/queries';
import { CommentForm } from './CommentForm';
import { CommentImages } from './CommentImages';
import { LikeButton } from './LikeButton';
import { PagedList } from './PagedList';
import { PostArticle } from './PostArticle';
import type { ReportTarget } from './ReportDialog';

type OnReport = (target: ReportTarget) => void;

/**
 * One comment or reply (01 §4, 02 §4, §6), `#comment-<id>` (see PostArticle): with its images,
 * likes, and for a top-level comment the toggle of its replies and the reply form (a deleted one
 * keeps the toggle while it has replies, which stay readable).
 */
export function CommentItem({ comment, onReport }: { comment: Comment; onReport: OnReport }) {
  const { t } = useTranslation('community');
  const { revealRepliesOf } = useLinkTargetContext();
  const repliesId = useId();
  const topLevel = comment.parentId === null;
  const revealReplies = topLevel && revealRepliesOf === comment.id;
  const [repliesOpen, setRepliesOpen] = useState(revealReplies);
  const like = useToggleCommentLike(comment);
  const remove = useDeleteComment(comment);
  const update = useUpdateComment(comment);

  // The replies holding a linked comment open by themselves.
  useEffect(() => {
    if (revealReplies) setRepliesOpen(true);
  }, [revealReplies]);

  const repliesToggle = topLevel && (
    <button
      type="button"
      className="link-button comment__replies-toggle"
      aria-expanded={repliesOpen}
      aria-controls={repliesOpen ? repliesId : undefined}
      onClick={() => setRepliesOpen((open) => !open)}
    >
      {comment.childMessageCount > 0
        ? t('comments.replies', { count: comment.childMessageCount })
        : t('comments.reply')}
    </button>
  );

  return (
    <PostArticle
      kind="comment"
      post={comment}
      page={threadPage(threadOf(comment))}
      update={update}
      remove={remove}
      onReport={onReport}
      className={topLevel ? undefined : 'comment--reply'}
      deletedExtra={comment.childMessageCount > 0 && repliesToggle}
      after={topLevel && repliesOpen && <Replies id={repliesId} parent={comment} onReport={onReport} />}
    >
      <CommentImages images={comment.images} />
      <footer className="comment__footer">
        <LikeButton likes={comment.likes} toggle={like} />
        {repliesToggle}
      </footer>
    </PostArticle>
  );
}

/** The replies to a top-level comment, oldest first, and the reply form (not under a deleted one). */
function Replies({ id, parent, onReport }: { id: string; parent: Comment; onReport: OnReport }) {
  const { t } = useTranslation('community');
  const thread = threadOf(parent);
  const query = useComments(thread, parent.id);
  return (
    <section
      id={id}
      className="comment-replies"
      aria-label={t('comments.repliesOf', { name: parent.author.firstName })}
    >
      <PagedList
        query={query}
        ordered
        className="comment-list comment-list--replies"
        loadMoreLabel={t('comments.loadMoreReplies')}
        renderItem={(reply) => <CommentItem key={reply.id} comment={reply} onReport={onReport} />}
      />
      {!parent.isDeleted && <CommentForm thread={thread} parentId={parent.id} />}
    </section>
  );
}
