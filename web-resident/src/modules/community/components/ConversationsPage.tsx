import { type Conversation, type ConversationType, conversationUrl } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../shared/utils/format';
import { RequireHousingCompany } from '../../news';
import type { SectionLink } from '../../sections';
import { useCurrentUser } from '../../startup';
import { useConversations, useCreateConversation } from '../hooks/conversations';
import { useConversationNames } from '../hooks/use-names';
import { htmlToText } from '../utils/body';
import { CONVERSATION_SECTIONS, newMessageUrl } from '../utils/links';
import { startsAreaDiscussions } from '../utils/moderation';
import { CommunityListPage, type NewWriting } from './CommunityListPage';
import { ListCard } from './ListCard';
import { PagedList } from './PagedList';

/**
 * /community/private-messages and /community/area-discussions (02 §2): the reader's private
 * conversations, or the area's discussions, newest message first, 25 at a time. A list that cannot
 * be read shows as empty (02 §8), with a way to try again. Private: "New message" leads to the
 * form. Area: moderators (and the developer's staff) start a discussion here (title and message).
 */
export function ConversationsPage({
  type,
  links = [],
}: {
  type: ConversationType;
  links?: readonly SectionLink[];
}) {
  return (
    <RequireHousingCompany>
      <Conversations type={type} links={links} />
    </RequireHousingCompany>
  );
}

function Conversations({ type, links }: { type: ConversationType; links: readonly SectionLink[] }) {
  const { t } = useTranslation('community');
  const { t: tr } = useTranslation();
  const { me, housingCompany } = useCurrentUser();
  const query = useConversations(type);
  const create = useCreateConversation('area');
  const newArea: NewWriting | undefined =
    type === 'area' && startsAreaDiscussions(me, housingCompany?.id ?? null)
      ? {
          label: t('area.new'),
          title: t('area.newTitle'),
          mutation: create,
          created: t('area.created'),
          urlOf: (id) => conversationUrl('area', id),
        }
      : undefined;

  return (
    <CommunityListPage
      heading={tr(`sections.${CONVERSATION_SECTIONS[type]}`)}
      links={links}
      newWriting={newArea}
      action={
        type === 'private' && (
          <Link className="button button--primary" to={newMessageUrl()}>
            {t('private.new')}
          </Link>
        )
      }
    >
      <PagedList
        query={query}
        failureAsEmpty
        className="discussion-list"
        label={t(`${type}.list`)}
        empty={t(`${type}.empty`)}
        emptyAction={
          type === 'private' && (
            <Link className="button button--secondary" to={newMessageUrl()}>
              {t('private.writeFirst')}
            </Link>
          )
        }
        loadMoreLabel={t('conversations.loadMore')}
        showCount
        renderItem={(conversation) => <ConversationCard key={conversation.id} conversation={conversation} />}
      />
    </CommunityListPage>
  );
}

/**
 * A conversation in the list: its name (title, or whom it is with), the area or the others in it,
 * the newest message (clamped to a few lines), how many messages and when the latest came.
 */
function ConversationCard({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('community');
  const { dateTime } = useFormatters();
  const { name, others } = useConversationNames()(conversation);
  const newest = conversation.newestMessage;
  const context =
    conversation.type === 'area'
      ? conversation.area && t('area.area', { name: conversation.area.name })
      : conversation.title && others && t('conversations.with', { names: others });
  return (
    <ListCard
      to={conversationUrl(conversation.type, conversation.id)}
      title={name}
      stats={[
        t('conversations.messageCount', { count: conversation.messageCount }),
        t('conversations.lastMessage', { date: dateTime(conversation.lastMessageAt) }),
      ]}
    >
      {context && <p className="conversation-card__context">{context}</p>}
      {newest && (
        <p className="conversation-card__preview">
          <span className="community-meta__name">{newest.author.firstName}: </span>
          {newest.isDeleted ? <em className="muted">{t('messages.deleted')}</em> : htmlToText(newest.body)}
        </p>
      )}
    </ListCard>
  );
}
