import {
  COMMUNITY_EVENTS,
  type CommentCreatedEvent,
  type CommunityEventSubject,
  type DiscussionCreatedEvent,
  discussionUrl,
  LANGUAGES,
  type Language,
} from '@porta/contracts';
import { enqueueEvent } from '@porta/service-kit';
import type { CommunityDb } from '../context.js';
import { outbox } from '../db/schema.js';

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

export function noticeTitles(texts: Record<Language, string>, title: string): Record<Language, string> {
  const out = {} as Record<Language, string>;
  for (const lang of LANGUAGES) out[lang] = texts[lang].replace('{title}', () => title);
  return out;
}

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
    titles: noticeTitles(NEW_DISCUSSION, d.title),
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
    titles: noticeTitles(NEW_COMMENT, c.discussionTitle),
    defaultLanguage: 'en',
    url: discussionUrl(c.discussionId, c.id),
    audience: {
      userIds: [...new Set(c.subscriberIds)].filter((id) => id !== c.authorId && id !== parentAuthorId),
    },
    parentAuthor: parentAuthorId
      ? { userId: parentAuthorId, titles: noticeTitles(NEW_REPLY, c.discussionTitle) }
      : null,
    createdAt: c.createdAt.toISOString(),
  };
  return emitEvent(tx, COMMUNITY_EVENTS.commentCreated, payload);
}
