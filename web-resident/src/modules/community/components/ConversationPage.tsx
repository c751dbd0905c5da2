import { type Conversation, type ConversationType, conversationUrl, type Message } from '@porta/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useToast } from '../../../shared/ui/Toast';
import {
  useConversation,
  useCreateMessage,
  useDeleteConversation,
  useDeleteMessage,
  useMessages,
  useUpdateConversation,
  useUpdateMessage,
} from '../hooks/conversations';
import { useLinkTarget } from '../hooks/link-target';
import { useConversationNames } from '../hooks/use-names';
import { useSentToasts } from '../hooks/use-sent-toasts';
import { CONVERSATION_SECTIONS, CONVERSATIONS_PATH } from '../utils/links';
import { ActionsMenu, type MenuAction } from './ActionsMenu';
import { AuthorLine } from './AuthorLine';
import { CommunityDetailPage } from './CommunityDetailPage';
import { DeleteDialog } from './DeleteDialog';
import { PostArticle } from './PostArticle';
import { PostsSection } from './PostsSection';
import type { ReportTarget } from './ReportDialog';
import { EditForm, WritingForm } from './WritingForm';

type OnReport = (target: ReportTarget) => void;

/**
 * /community/private-messages/:id and /community/area-discussions/:id (02 §2, §4, §6): the
 * conversation's name (its title, or whom it is with), whom it is with under a title (or its area),
 * who started it, its menu (edit the title,
 * delete), then its messages oldest first, 25 at a time, and the form for a new one.
 * `#message-<id>` brings that message into view.
 */
export function ConversationPage({ type }: { type: ConversationType }) {
  const { t } = useTranslation('community');
  const { t: tr } = useTranslation();
  const { id = '' } = useParams();
  const query = useConversation(id);
  const names = useConversationNames();
  return (
    <CommunityDetailPage
      back={{ to: CONVERSATIONS_PATH[type], label: t(`${type}.back`) }}
      section={tr(`sections.${CONVERSATION_SECTIONS[type]}`)}
      query={query}
      notFound={t(`${type}.notFound`)}
      titleOf={(conversation) => names(conversation).name}
      render={(conversation, onReport) => (
        <>
          <ConversationHeader conversation={conversation} />
          <Messages conversation={conversation} onReport={onReport} />
        </>
      )}
    />
  );
}

function ConversationHeader({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const toast = useToast();
  const { name, others } = useConversationNames()(conversation);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const update = useUpdateConversation(conversation.id);
  const remove = useDeleteConversation(conversation.id);
  const { type } = conversation;

  const actions: MenuAction[] = [];
  if (conversation.canEdit && !editing) {
    actions.push({ key: 'edit', label: t('conversations.editTitle'), onSelect: () => setEditing(true) });
  }
  if (conversation.canDelete) {
    actions.push({
      key: 'delete',
      label: t('conversations.delete'),
      danger: true,
      onSelect: () => setConfirmingDelete(true),
    });
  }

  return (
    <div className="discussion conversation">
      <div className="discussion__header">
        <h1 ref={headingRef} tabIndex={-1}>
          {name}
        </h1>
        <ActionsMenu label={t('conversations.actions')} actions={actions} />
      </div>
      {type === 'area' && conversation.area && (
        <p className="conversation__context">{t('area.area', { name: conversation.area.name })}</p>
      )}
      {type === 'private' && conversation.title && others && (
        <p className="conversation__context">{t('conversations.with', { names: others })}</p>
      )}
      <AuthorLine item={conversation} />
      {editing && (
        <EditForm
          title={type === 'area' ? 'required' : 'optional'}
          initial={{ title: conversation.title ?? '', body: '' }}
          mutation={update}
          onDone={() => {
            setEditing(false);
            headingRef.current?.focus();
          }}
        />
      )}
      {confirmingDelete && (
        <DeleteDialog
          title={t('conversations.deleteTitle')}
          confirmLabel={t('conversations.delete')}
          text={t(`${type}.deleteText`)}
          mutation={remove}
          onClose={() => setConfirmingDelete(false)}
          onDeleted={() => {
            toast.show(t(`${type}.deleted`), 'success');
            navigate(CONVERSATIONS_PATH[type]);
          }}
        />
      )}
    </div>
  );
}

/** The messages, oldest first, and the form for a new one (the 'Message sent' or error toast). */
function Messages({ conversation, onReport }: { conversation: Conversation; onReport: OnReport }) {
  const { t } = useTranslation('community');
  const query = useMessages(conversation.id);
  const target = useLinkTarget('message', query);
  const create = useCreateMessage(conversation.id);
  const sentToasts = useSentToasts();
  const page = conversationUrl(conversation.type, conversation.id);
  return (
    <PostsSection
      title={t('conversations.messages')}
      query={query}
      target={target}
      empty={t('conversations.noMessages')}
      loadMoreLabel={t('conversations.loadMoreMessages')}
      renderItem={(message) => (
        <MessageItem key={message.id} message={message} page={page} onReport={onReport} />
      )}
    >
      <WritingForm
        className="comment-form"
        bodyLabel={t('messages.write')}
        rows={3}
        submitLabel={t('messages.send')}
        busyLabel={t('comments.sending')}
        busy={create.isPending}
        onSubmit={({ body }, reset) => create.mutate(body, sentToasts(t('messages.sent'), reset))}
      />
    </PostsSection>
  );
}

/** One message (see PostArticle): edit and delete one's own, report others'. */
function MessageItem({ message, page, onReport }: { message: Message; page: string; onReport: OnReport }) {
  const update = useUpdateMessage(message);
  const remove = useDeleteMessage(message);
  return (
    <PostArticle
      kind="message"
      post={message}
      page={page}
      update={update}
      remove={remove}
      onReport={onReport}
      className="message"
    />
  );
}
