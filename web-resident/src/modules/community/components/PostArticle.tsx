import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../news';
import { type LinkKind, useLinkTargetContext } from '../hooks/link-target';
import { htmlToText, type WritingValues } from '../utils/body';
import { staffUserPath } from '../utils/links';
import { ActionsMenu, type Rights, rightsActions } from './ActionsMenu';
import { AuthorLine, type Written } from './AuthorLine';
import { DeleteDialog } from './DeleteDialog';
import type { ReportTarget } from './ReportDialog';
import { EditForm } from './WritingForm';

/** A comment or a message as its article shows it. */
export interface Post extends Written, Rights {
  id: string;
  body: string;
  isDeleted: boolean;
}

/** The texts of each kind (community.comments.* and community.messages.*). */
const TEXTS = { comment: 'comments', message: 'messages' } as const;

/**
 * One comment or message in its list (01 §4, 02 §4, §6). Its element is `#<kind>-<id>`, so that
 * links to it (notifications) bring it into view (see useLinkTarget). Views:
 * - view: writer, label, time, body, then `children` (images, footer); the reader's own are
 *   highlighted and marked "You";
 * - edit (the writer): a failed save shows the error-saving message for 2 seconds (01 §8);
 * - deleted: only 'This … has been deleted.' (and `deletedExtra`), no header or footer.
 * Its menu: edit, delete (writer or moderator, confirmed; focus stays on the item), report
 * (others'), and ban (others', for those who may ban: the user's page in the staff app). `after`
 * goes last inside the article (replies).
 */
export function PostArticle({
  kind,
  post,
  page,
  update,
  remove,
  onReport,
  className,
  deletedExtra,
  children,
  after,
}: {
  kind: LinkKind;
  post: Post;
  /** The address of the page it is on (a report points there, at the item). */
  page: string;
  update: UseMutationResult<unknown, unknown, WritingValues>;
  remove: UseMutationResult<unknown, unknown, void>;
  onReport(target: ReportTarget): void;
  className?: string;
  deletedExtra?: ReactNode;
  children?: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation('community');
  const texts = TEXTS[kind];
  const { pendingId, highlightedId, reached } = useLinkTargetContext();
  const ref = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const linked = pendingId === post.id;
  const anchor = `${kind}-${post.id}`;

  // The linked item comes into view and takes focus once it is on screen.
  useEffect(() => {
    const element = ref.current;
    if (!linked || !element) return;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
    reached(post.id);
  }, [linked, reached, post.id]);

  // Once deleted, its menu is gone: focus stays on the item (after the dialog has let it go).
  useEffect(() => {
    if (!refocus || confirmingDelete) return;
    setRefocus(false);
    ref.current?.focus();
  }, [refocus, confirmingDelete]);

  const stopEditing = () => {
    setEditing(false);
    ref.current?.focus();
  };

  const actions = rightsActions(
    post,
    { edit: t('comments.edit'), delete: t('comments.delete'), report: t('comments.report') },
    {
      edit: editing ? undefined : () => setEditing(true),
      delete: () => setConfirmingDelete(true),
      report: () => onReport({ type: kind, id: post.id, page, anchor }),
    },
    { label: t('comments.ban'), href: staffUserPath(post.author.id), description: t('comments.banHint') },
  );

  const classes = [
    'comment',
    className,
    post.isOwn && !post.isDeleted ? 'comment--own' : null,
    post.isDeleted ? 'comment--deleted' : null,
    highlightedId === post.id ? 'comment--target' : null,
  ]
    .filter(Boolean)
    .join(' ');
  const label = post.isDeleted
    ? t(`${texts}.deletedLabel`)
    : post.isOwn
      ? t(`${texts}.own`)
      : t(`${texts}.by`, { name: post.author.firstName });

  return (
    <li className="comment-list__item">
      <article ref={ref} id={anchor} className={classes} tabIndex={-1} aria-label={label}>
        {post.isDeleted ? (
          <>
            <p className="comment__deleted">{t(`${texts}.deleted`)}</p>
            {deletedExtra}
          </>
        ) : (
          <>
            <header className="comment__header">
              <AuthorLine item={post} />
              <ActionsMenu label={t(`${texts}.actions`, { name: post.author.firstName })} actions={actions} />
            </header>
            {editing ? (
              <EditForm
                bodyLabel={t(`${texts}.editLabel`)}
                rows={3}
                initial={{ title: '', body: htmlToText(post.body) }}
                mutation={update}
                onDone={stopEditing}
              />
            ) : (
              <SafeHtml html={post.body} className="comment__body" />
            )}
            {children}
          </>
        )}
        {after}
      </article>
      {confirmingDelete && (
        <DeleteDialog
          title={t(`${texts}.deleteTitle`)}
          confirmLabel={t('comments.delete')}
          text={t(`${texts}.deleteText`)}
          mutation={remove}
          onClose={() => setConfirmingDelete(false)}
          onDeleted={() => setRefocus(true)}
        />
      )}
    </li>
  );
}
