import { useTranslation } from 'react-i18next';
import { useCommentTarget } from '../hooks/link-target';
import { useComments } from '../hooks/queries';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { PostsSection } from './PostsSection';
import type { ReportTarget } from './ReportDialog';

/**
 * The comments of a discussion, oldest first, 25 at a time, each with its replies, and the form
 * for a new comment. A `#comment-<id>` address brings that comment (or reply) into view.
 */
export function CommentsSection({
  discussionId,
  onReport,
}: {
  discussionId: string;
  onReport(target: ReportTarget): void;
}) {
  const { t } = useTranslation('community');
  const query = useComments(discussionId, null);
  const target = useCommentTarget(discussionId, query);
  return (
    <PostsSection
      title={t('comments.title')}
      query={query}
      target={target}
      empty={t('comments.empty')}
      loadMoreLabel={t('comments.loadMore')}
      renderItem={(comment) => <CommentItem key={comment.id} comment={comment} onReport={onReport} />}
    >
      <CommentForm discussionId={discussionId} />
    </PostsSection>
  );
}
