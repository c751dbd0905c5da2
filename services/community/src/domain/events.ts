import {
  COMMUNITY_EVENTS,
  type CommentCreatedEvent,
  type CommunityEventSubject,
  type ConversationCreatedEvent,
  type ConversationType,
  conversationUrl,
  type DiscussionCreatedEvent,
  discussionUrl,
  LANGUAGES,
  type Language,
  type MessageCreatedEvent,
  noticeTitles,
  type ReferenceCommentCreatedEvent,
  referenceUrl,
} from '@porta/contracts';
import { enqueueEvent } from '@porta/service-kit';
import type { CommunityDb } from '../context.js';
import { outbox } from '../db/schema.js';
import type { Reference } from './references.js';

/** Record a community event inside the caller's transaction (use withTransaction). */
function emitEvent(tx: CommunityDb, subject: CommunityEventSubject, payload: Record<string, unknown>) {
  return enqueueEvent(tx, outbox, subject, payload);
}

/**
 * Notification titles in the nine languages (01 §1). The discussion's title is the writer's own
 * words and is not translated.
 */
const NEW_DISCUSSION: Record<Language, string> = {
  cs: 'Nová diskuse: {title}',
  en: 'New discussion: {title}',
  et: 'Uus arutelu: {title}',
  fi: 'Uusi keskustelu: {title}',
  lt: 'Nauja diskusija: {title}',
  lv: 'Jauna diskusija: {title}',
  pl: 'Nowa dyskusja: {title}',
  sk: 'Nová diskusia: {title}',
  sv: 'Ny diskussion: {title}',
};
const NEW_COMMENT: Record<Language, string> = {
  cs: 'Nový komentář v diskusi: {title}',
  en: 'New comment in the discussion: {title}',
  et: 'Uus kommentaar arutelus: {title}',
  fi: 'Uusi kommentti keskustelussa: {title}',
  lt: 'Naujas komentaras diskusijoje: {title}',
  lv: 'Jauns komentārs diskusijā: {title}',
  pl: 'Nowy komentarz w dyskusji: {title}',
  sk: 'Nový komentár v diskusii: {title}',
  sv: 'Ny kommentar i diskussionen: {title}',
};
const NEW_REPLY: Record<Language, string> = {
  cs: 'Nová odpověď na váš komentář v diskusi: {title}',
  en: 'New reply to your comment in the discussion: {title}',
  et: 'Uus vastus teie kommentaarile arutelus: {title}',
  fi: 'Uusi vastaus kommenttiisi keskustelussa: {title}',
  lt: 'Naujas atsakymas į jūsų komentarą diskusijoje: {title}',
  lv: 'Jauna atbilde uz jūsu komentāru diskusijā: {title}',
  pl: 'Nowa odpowiedź na Twój komentarz w dyskusji: {title}',
  sk: 'Nová odpoveď na váš komentár v diskusii: {title}',
  sv: 'Nytt svar på din kommentar i diskussionen: {title}',
};

/** A new comment on a news article ({title}: the article's title in that language, else its own). */
const NEW_NEWS_COMMENT: Record<Language, string> = {
  cs: 'Nový komentář k novince: {title}',
  en: 'New comment on the news item: {title}',
  et: 'Uus kommentaar uudisele: {title}',
  fi: 'Uusi kommentti uutiseen: {title}',
  lt: 'Naujas komentaras naujienai: {title}',
  lv: 'Jauns komentārs jaunumam: {title}',
  pl: 'Nowy komentarz do aktualności: {title}',
  sk: 'Nový komentár k novinke: {title}',
  sv: 'Ny kommentar till nyheten: {title}',
};

/**
 * Notification titles in the nine languages (01 §1) for private conversations ({name}: the
 * writer's first name) and area discussions ({title}: the discussion's, not translated).
 */
const NEW_PRIVATE_MESSAGE: Record<Language, string> = {
  cs: 'Nová soukromá zpráva od {name}',
  en: 'New private message from {name}',
  et: 'Uus privaatsõnum kasutajalt {name}',
  fi: 'Uusi yksityisviesti käyttäjältä {name}',
  lt: 'Nauja asmeninė žinutė nuo {name}',
  lv: 'Jauna privāta ziņa no {name}',
  pl: 'Nowa prywatna wiadomość od {name}',
  sk: 'Nová súkromná správa od {name}',
  sv: 'Nytt privat meddelande från {name}',
};
const NEW_PRIVATE_REPLY: Record<Language, string> = {
  cs: 'Nová zpráva od {name} v soukromé konverzaci',
  en: 'New message from {name} in a private conversation',
  et: 'Uus sõnum kasutajalt {name} privaatvestluses',
  fi: 'Uusi viesti käyttäjältä {name} yksityiskeskustelussa',
  lt: 'Nauja žinutė nuo {name} asmeniniame pokalbyje',
  lv: 'Jauna ziņa no {name} privātā sarunā',
  pl: 'Nowa wiadomość od {name} w prywatnej rozmowie',
  sk: 'Nová správa od {name} v súkromnej konverzácii',
  sv: 'Nytt meddelande från {name} i en privat konversation',
};
const NEW_AREA_DISCUSSION: Record<Language, string> = {
  cs: 'Nová diskuse v oblasti: {title}',
  en: 'New area discussion: {title}',
  et: 'Uus piirkonna arutelu: {title}',
  fi: 'Uusi aluekeskustelu: {title}',
  lt: 'Nauja rajono diskusija: {title}',
  lv: 'Jauna apkaimes diskusija: {title}',
  pl: 'Nowa dyskusja w okolicy: {title}',
  sk: 'Nová diskusia v oblasti: {title}',
  sv: 'Ny områdesdiskussion: {title}',
};
const NEW_AREA_MESSAGE: Record<Language, string> = {
  cs: 'Nová zpráva v diskusi v oblasti: {title}',
  en: 'New message in the area discussion: {title}',
  et: 'Uus sõnum piirkonna arutelus: {title}',
  fi: 'Uusi viesti aluekeskustelussa: {title}',
  lt: 'Nauja žinutė rajono diskusijoje: {title}',
  lv: 'Jauna ziņa apkaimes diskusijā: {title}',
  pl: 'Nowa wiadomość w dyskusji w okolicy: {title}',
  sk: 'Nová správa v diskusii v oblasti: {title}',
  sv: 'Nytt meddelande i områdesdiskussionen: {title}',
};

/** community.discussion.created.v1: the housing company's residents hear of it, not its author. */
export function discussionCreated(
  tx: CommunityDb,
  d: { id: string; housingCompanyId: string; authorId: string; title: string; createdAt: Date },
) {
  const payload: DiscussionCreatedEvent = {
    discussionId: d.id,
    housingCompanyId: d.housingCompanyId,
    authorId: d.authorId,
    title: d.title,
    type: 'public_discussion',
    titles: noticeTitles(NEW_DISCUSSION, { title: d.title }),
    defaultLanguage: 'en',
    url: discussionUrl(d.id),
    audience: { housingCompanyIds: [d.housingCompanyId], roles: [] },
    excludeUserIds: [d.authorId],
    createdAt: d.createdAt.toISOString(),
  };
  return emitEvent(tx, COMMUNITY_EVENTS.discussionCreated, payload);
}

/**
 * community.comment.created.v1: the discussion's subscribers hear of it, except the writer; a
 * reply tells the author of the comment replied to with its own title (and they are left out of
 * the subscribers, so that they hear once).
 */
export function commentCreated(
  tx: CommunityDb,
  c: {
    id: string;
    discussionId: string;
    housingCompanyId: string;
    parentId: string | null;
    authorId: string;
    discussionTitle: string;
    subscriberIds: readonly string[];
    parentAuthorId: string | null;
    createdAt: Date;
  },
) {
  const parentAuthorId = c.parentAuthorId && c.parentAuthorId !== c.authorId ? c.parentAuthorId : null;
  const payload: CommentCreatedEvent = {
    commentId: c.id,
    discussionId: c.discussionId,
    housingCompanyId: c.housingCompanyId,
    parentId: c.parentId,
    authorId: c.authorId,
    type: 'public_discussion_reply',
    titles: noticeTitles(NEW_COMMENT, { title: c.discussionTitle }),
    defaultLanguage: 'en',
    url: discussionUrl(c.discussionId, c.id),
    audience: {
      userIds: [...new Set(c.subscriberIds)].filter((id) => id !== c.authorId && id !== parentAuthorId),
    },
    parentAuthor: parentAuthorId
      ? { userId: parentAuthorId, titles: noticeTitles(NEW_REPLY, { title: c.discussionTitle }) }
      : null,
    createdAt: c.createdAt.toISOString(),
  };
  return emitEvent(tx, COMMUNITY_EVENTS.commentCreated, payload);
}

/** The titles of a conversation's notice: a private one names the writer, an area one its title. */
function conversationTitles(
  c: { type: ConversationType; title: string | null; authorFirstName: string },
  texts: { private: Record<Language, string>; area: Record<Language, string> },
): Record<Language, string> {
  return c.type === 'area'
    ? noticeTitles(texts.area, { title: c.title ?? '' })
    : noticeTitles(texts.private, { name: c.authorFirstName });
}

/**
 * community.conversation.created.v1 (neighbour_message): a private conversation's participants
 * hear of it, an area discussion the members of the area's housing companies; not its writer.
 */
export function conversationCreated(
  tx: CommunityDb,
  c: {
    id: string;
    type: ConversationType;
    housingCompanyId: string;
    title: string | null;
    authorId: string;
    authorFirstName: string;
    createdAt: Date;
    audience: ConversationCreatedEvent['audience'];
  },
) {
  const payload: ConversationCreatedEvent = {
    conversationId: c.id,
    conversationType: c.type,
    housingCompanyId: c.housingCompanyId,
    authorId: c.authorId,
    type: 'neighbour_message',
    titles: conversationTitles(c, { private: NEW_PRIVATE_MESSAGE, area: NEW_AREA_DISCUSSION }),
    defaultLanguage: 'en',
    url: conversationUrl(c.type, c.id),
    audience:
      'userIds' in c.audience
        ? { userIds: c.audience.userIds.filter((id) => id !== c.authorId) }
        : c.audience,
    excludeUserIds: [c.authorId],
    createdAt: c.createdAt.toISOString(),
  };
  return emitEvent(tx, COMMUNITY_EVENTS.conversationCreated, payload);
}

/**
 * community.message.created.v1 (neighbour_message_reply): the conversation's participants (in an
 * area discussion, those who have written in it) hear of it, except its writer.
 */
export function messageCreated(
  tx: CommunityDb,
  m: {
    id: string;
    conversation: { id: string; type: ConversationType; title: string | null };
    housingCompanyId: string;
    authorId: string;
    authorFirstName: string;
    participantIds: readonly string[];
    /** An area discussion's housing companies: only their members (and staff) are told. */
    readersIn?: readonly string[] | undefined;
    createdAt: Date;
  },
) {
  const { conversation } = m;
  const payload: MessageCreatedEvent = {
    messageId: m.id,
    conversationId: conversation.id,
    conversationType: conversation.type,
    housingCompanyId: m.housingCompanyId,
    authorId: m.authorId,
    type: 'neighbour_message_reply',
    titles: conversationTitles(
      { ...conversation, authorFirstName: m.authorFirstName },
      { private: NEW_PRIVATE_REPLY, area: NEW_AREA_MESSAGE },
    ),
    defaultLanguage: 'en',
    url: conversationUrl(conversation.type, conversation.id),
    audience: {
      userIds: [...new Set(m.participantIds)].filter((id) => id !== m.authorId),
      ...(m.readersIn?.length ? { readersIn: [...m.readersIn] } : {}),
    },
    createdAt: m.createdAt.toISOString(),
  };
  return emitEvent(tx, COMMUNITY_EVENTS.messageCreated, payload);
}

/**
 * community.reference-comment.created.v1 (news_comment, key NEWS_COMMENT): a new comment or reply
 * on a news article; those who commented on it earlier in the same housing company hear of it,
 * never the writer. The title names the article in each reader's language when it has one.
 */
export function referenceCommentCreated(
  tx: CommunityDb,
  c: {
    id: string;
    reference: Reference;
    parentId: string | null;
    authorId: string;
    commenterIds: readonly string[];
    createdAt: Date;
  },
) {
  const { reference } = c;
  const fallback =
    reference.titles[reference.defaultLanguage] ?? Object.values(reference.titles).find(Boolean) ?? '';
  const titles = {} as Record<Language, string>;
  for (const lang of LANGUAGES) {
    titles[lang] = noticeTitles(NEW_NEWS_COMMENT, { title: reference.titles[lang] || fallback })[lang];
  }
  const payload: ReferenceCommentCreatedEvent = {
    commentId: c.id,
    referenceType: reference.type,
    referenceId: reference.id,
    housingCompanyId: reference.housingCompanyId,
    parentId: c.parentId,
    authorId: c.authorId,
    type: 'news_comment',
    titles,
    defaultLanguage: reference.defaultLanguage,
    url: referenceUrl(reference.type, reference.id, c.id),
    audience: { userIds: [...new Set(c.commenterIds)].filter((id) => id !== c.authorId) },
    createdAt: c.createdAt.toISOString(),
  };
  return emitEvent(tx, COMMUNITY_EVENTS.referenceCommentCreated, payload);
}
