import { useTranslation } from 'react-i18next';
import { useCommentTarget } from '../hooks/link-target';
import { type CommentThread, useComments } from '../hooks/queries';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { PostsSection } from './PostsSection';
import type { ReportTarget } from './ReportDialog';

/**
 * The comments of a discussion or of a reference (a news article), oldest first, 25 at a time,
 * each with its replies, and the form for a new comment. A `#comment-<id>` address brings that
 * comment (or reply) into view.
 */
export function CommentsSection({
  thread,
  onReport,
}: {
  thread: CommentThread;
  onReport(target: ReportTarget): void;
}) {
  const { t } = useTranslation('community');
  const query = useComments(thread, null);
  const target = useCommentTarget(thread, query);
  return (
    <PostsSection
      title={t('comments.title')}
      query={query}
      target={target}
      empty={t('comments.empty')}
      loadMoreLabel={t('comments.loadMore')}
      renderItem={(comment) => <CommentItem key={comment.id} comment={comment} onReport={onReport} />}
    >
      <CommentForm thread={thread} />
    </PostsSection>
  );
}
