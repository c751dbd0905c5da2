import { type Discussion, discussionUrl } from '@porta/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SwitchField } from '../../../shared/ui/fields';
import { useToast } from '../../../shared/ui/Toast';
import { SafeHtml } from '../../news';
import {
  discussionThread,
  useDeleteDiscussion,
  useDiscussion,
  useToggleDiscussionLike,
  useToggleSubscription,
  useUpdateDiscussion,
} from '../hooks/queries';
import { htmlToText } from '../utils/body';
import { PUBLIC_DISCUSSIONS_PATH } from '../utils/links';
import { ActionsMenu, rightsActions } from './ActionsMenu';
import { AuthorLine } from './AuthorLine';
import { CommentsSection } from './CommentsSection';
import { CommunityDetailPage } from './CommunityDetailPage';
import { DeleteDialog } from './DeleteDialog';
import { LikeButton } from './LikeButton';
import type { ReportTarget } from './ReportDialog';
import { EditForm } from './WritingForm';

/**
 * /community/public-discussions/:id (also /public-discussions/:id): the discussion, its likes, the
 * reader's subscription to its notifications, its menu (edit, delete, report), and its comments.
 */
export function DiscussionPage() {
  const { t } = useTranslation('community');
  const { t: tr } = useTranslation();
  const { id = '' } = useParams();
  const query = useDiscussion(id);
  return (
    <CommunityDetailPage
      back={{ to: PUBLIC_DISCUSSIONS_PATH, label: t('discussions.back') }}
      section={tr('sections.publicDiscussions')}
      query={query}
      notFound={t('discussions.notFound')}
      titleOf={(discussion) => discussion.title}
      render={(discussion, onReport) => (
        <>
          <DiscussionArticle discussion={discussion} onReport={onReport} />
          <CommentsSection thread={discussionThread(discussion.id)} onReport={onReport} />
        </>
      )}
    />
  );
}

function DiscussionArticle({
  discussion,
  onReport,
}: {
  discussion: Discussion;
  onReport(target: ReportTarget): void;
}) {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const like = useToggleDiscussionLike(discussion.id);
  const subscription = useToggleSubscription(discussion.id);
  const update = useUpdateDiscussion(discussion.id);
  const remove = useDeleteDiscussion(discussion.id);

  const actions = rightsActions(
    discussion,
    { edit: t('discussions.edit'), delete: t('discussions.delete'), report: t('report.action') },
    {
      edit: editing ? undefined : () => setEditing(true),
      delete: () => setConfirmingDelete(true),
      report: () => onReport({ type: 'discussion', id: discussion.id, page: discussionUrl(discussion.id) }),
    },
  );

  return (
    <article
      className={discussion.isOwn ? 'discussion discussion--own' : 'discussion'}
      aria-labelledby="discussion-title"
    >
      <header className="discussion__header">
        <h1 ref={headingRef} id="discussion-title" tabIndex={-1}>
          {discussion.title}
        </h1>
        <ActionsMenu label={t('discussions.actions')} actions={actions} />
      </header>
      <AuthorLine item={discussion} />
      {editing ? (
        <EditForm
          title="required"
          bodyLabel={t('discussions.body')}
          initial={{ title: discussion.title, body: htmlToText(discussion.body) }}
          mutation={update}
          onDone={() => {
            setEditing(false);
            headingRef.current?.focus();
          }}
        />
      ) : (
        <SafeHtml html={discussion.body} className="discussion__body" />
      )}
      <footer className="discussion__footer">
        <LikeButton likes={discussion.likes} toggle={like} />
        <SwitchField
          label={t('discussions.subscribe')}
          checked={discussion.subscribed}
          disabled={subscription.isPending}
          onChange={() => subscription.mutate()}
        />
        {subscription.isError && (
          <p className="field__error" role="alert">
            {t('discussions.subscriptionFailed')}
          </p>
        )}
      </footer>
      {confirmingDelete && (
        <DeleteDialog
          title={t('discussions.deleteTitle')}
          confirmLabel={t('discussions.delete')}
          text={t('discussions.deleteText')}
          mutation={remove}
          onClose={() => setConfirmingDelete(false)}
          onDeleted={() => {
            toast.show(t('discussions.deleted'), 'success');
            navigate(PUBLIC_DISCUSSIONS_PATH);
          }}
        />
      )}
    </article>
  );
}
