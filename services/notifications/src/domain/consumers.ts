import {
  COMMUNITY_EVENTS,
  COMMUNITY_GLOBAL_MODERATORS,
  CONTENT_EVENTS,
  DOCUMENT_EVENTS,
  SERVICE_REQUEST_EVENTS,
  zArticlePublishedEvent,
  zCalendarEntryPublishedEvent,
  zCommentCreatedEvent,
  zConversationCreatedEvent,
  zDeadlineComingEvent,
  zDiscussionCreatedEvent,
  zMessageCreatedEvent,
  zReferenceCommentCreatedEvent,
  zServiceRequestEvent,
  zUploadAnnouncedEvent,
} from '@porta/contracts';
import type { BusMessage, Subscription } from '@porta/service-kit';
import type { NotificationsContext } from '../context.js';
import { fanOut, type Notice } from './fan-out.js';

/** The notice an event of the content service gives, or null for events that notify nobody. */
export function contentNotice(message: BusMessage): Notice | null {
  const sourceKey = message.id;
  switch (message.subject) {
    case CONTENT_EVENTS.articlePublished: {
      const e = zArticlePublishedEvent.parse(message.data);
      // Marketing articles reach residents as advertisements (the ADVERTISEMENT key).
      const type = e.articleType === 'marketing' ? 'advertisement' : 'news';
      return {
        sourceKey,
        type,
        titles: e.titles,
        defaultLanguage: e.defaultLanguage,
        url: e.url,
        audience: { housingCompanyIds: e.housingCompanyIds, roles: e.userRoles },
      };
    }
    case CONTENT_EVENTS.calendarEntryPublished: {
      const e = zCalendarEntryPublishedEvent.parse(message.data);
      return {
        sourceKey,
        type: e.type,
        titles: e.titles,
        defaultLanguage: e.defaultLanguage,
        url: e.url,
        audience: { housingCompanyIds: e.housingCompanyIds, roles: e.userRoles },
      };
    }
    case CONTENT_EVENTS.deadlineComing: {
      const e = zDeadlineComingEvent.parse(message.data);
      return {
        sourceKey,
        type: 'deadline',
        titles: e.titles,
        defaultLanguage: e.defaultLanguage,
        url: e.url,
        audience: { housingCompanyIds: e.housingCompanyIds, roles: e.userRoles },
      };
    }
    default:
      return null;
  }
}

/**
 * What an event of the community service tells: a new discussion to the housing company (not its
 * author), a new comment to the discussion's subscribers, and a reply also to the author of the
 * comment replied to, in words of their own (a second notice of the same event); a new comment on
 * a news article to those who commented on it before in the housing company (NEWS_COMMENT); a new private
 * conversation or message to its participants, a new area discussion to the area's housing
 * companies and its messages to those who wrote in it (never the writer). A private
 * conversation's notice belongs to its housing company; an area discussion's to each user's own.
 * Named users of a housing company's discussion or private conversation are told only while they
 * may still read it (identity answers for them): who has moved out hears no more.
 */
export function communityNotices(message: BusMessage): Notice[] {
  const sourceKey = message.id;
  switch (message.subject) {
    case COMMUNITY_EVENTS.discussionCreated: {
      const e = zDiscussionCreatedEvent.parse(message.data);
      return [noticeOf(sourceKey, e, e.audience, e.excludeUserIds)];
    }
    case COMMUNITY_EVENTS.commentCreated: {
      const e = zCommentCreatedEvent.parse(message.data);
      // Who is told of a comment must still read the discussion: a member, or the developer's staff.
      const readers = readersOf([e.housingCompanyId], true);
      const notices = [
        noticeOf(
          sourceKey,
          e,
          { userIds: e.audience.userIds, housingCompanyId: e.housingCompanyId, readers },
          [e.authorId],
        ),
      ];
      if (e.parentAuthor && e.parentAuthor.userId !== e.authorId) {
        notices.push(
          noticeOf(
            `${sourceKey}:parent`,
            { ...e, titles: e.parentAuthor.titles },
            { userIds: [e.parentAuthor.userId], housingCompanyId: e.housingCompanyId, readers },
          ),
        );
      }
      return notices;
    }
    case COMMUNITY_EVENTS.referenceCommentCreated: {
      // A news article's earlier commenters in the housing company (NEWS_COMMENT), while they may
      // still read its community: a member, or the developer's staff.
      const e = zReferenceCommentCreatedEvent.parse(message.data);
      const readers = readersOf([e.housingCompanyId], true);
      return [
        noticeOf(
          sourceKey,
          e,
          { userIds: e.audience.userIds, housingCompanyId: e.housingCompanyId, readers },
          [e.authorId],
        ),
      ];
    }
    case COMMUNITY_EVENTS.conversationCreated:
    case COMMUNITY_EVENTS.messageCreated: {
      const e =
        message.subject === COMMUNITY_EVENTS.conversationCreated
          ? zConversationCreatedEvent.parse(message.data)
          : zMessageCreatedEvent.parse(message.data);
      const housingCompanyId = e.conversationType === 'private' ? e.housingCompanyId : null;
      // A private conversation is its company's members' only (staff do not read it); an area
      // discussion its area's members' and the developer's staff's.
      const readers = housingCompanyId
        ? readersOf([housingCompanyId], false)
        : 'readersIn' in e.audience && e.audience.readersIn?.length
          ? readersOf(e.audience.readersIn, true)
          : undefined;
      const audience =
        'userIds' in e.audience
          ? { userIds: e.audience.userIds, housingCompanyId, ...(readers ? { readers } : {}) }
          : e.audience;
      return [noticeOf(sourceKey, e, audience, [e.authorId])];
    }
    default:
      return [];
  }
}

/** Who may still read a community page: members of these housing companies, and the developer's staff too or not. */
function readersOf(housingCompanyIds: string[], staffRead: boolean) {
  return { housingCompanyIds, globalRoles: staffRead ? [...COMMUNITY_GLOBAL_MODERATORS] : [] };
}

/** The notice of a community event: its type, titles and address, to the audience given. */
function noticeOf(
  sourceKey: string,
  e: Pick<Notice, 'type' | 'titles' | 'defaultLanguage' | 'url'>,
  audience: Notice['audience'],
  excludeUserIds?: string[],
): Notice {
  return {
    sourceKey,
    type: e.type,
    titles: e.titles,
    defaultLanguage: e.defaultLanguage,
    url: e.url,
    audience,
    ...(excludeUserIds ? { excludeUserIds } : {}),
  };
}

const SERVICE_REQUEST_SUBJECTS: ReadonlySet<string> = new Set(Object.values(SERVICE_REQUEST_EVENTS));

/**
 * What an event of the service-requests service tells (type service_request: no setting switches
 * it off, 01 §3): a new request to its recipients, a response to the sender and the recipients, a
 * status change to the sender, a forward or an added recipient to them, a reminder to the
 * recipients; never the one who acted. The notice belongs to the request's housing company. A
 * recipient's e-mail links to their own manage link when the event carries one.
 */
export function serviceRequestNotices(message: BusMessage): Notice[] {
  if (!SERVICE_REQUEST_SUBJECTS.has(message.subject)) return [];
  const e = zServiceRequestEvent.parse(message.data);
  const notice = noticeOf(
    message.id,
    e,
    { userIds: e.audience.userIds, housingCompanyId: e.housingCompanyId },
    [e.actorId],
  );
  return [e.urlsByUser ? { ...notice, urlsByUser: e.urlsByUser } : notice];
}

/**
 * What an event of the documents service tells (type document, the DOCUMENT_UPLOAD setting): an
 * announced upload to those who may read its folder (the company's members in the folder rules'
 * roles, on the apartment for an apartment's folder), never the uploader. Other events: nothing.
 */
export function documentNotices(message: BusMessage): Notice[] {
  if (message.subject !== DOCUMENT_EVENTS.announced) return [];
  const e = zUploadAnnouncedEvent.parse(message.data);
  return [
    {
      sourceKey: message.id,
      type: 'document',
      titles: e.titles,
      defaultLanguage: e.defaultLanguage,
      url: e.url,
      audience: {
        housingCompanyIds: [e.housingCompanyId],
        roles: e.audience.roles,
        ...(e.audience.apartmentIds ? { apartmentIds: e.audience.apartmentIds } : {}),
      },
      apartmentId: e.apartmentId,
      excludeUserIds: [e.by],
    },
  ];
}

/** Fan out the notices of one producer's events (at least once: a redelivered event completes what is missing). */
function consumeNotices(
  ctx: NotificationsContext,
  filter: string,
  durable: string,
  noticesOf: (message: BusMessage) => Notice[],
): Promise<Subscription> {
  return ctx.bus.subscribe(
    filter,
    async (message) => {
      for (const notice of noticesOf(message)) {
        const result = await fanOut(ctx, notice);
        ctx.logger.info(
          { subject: message.subject, id: notice.sourceKey, ...result },
          'notifications stored',
        );
      }
    },
    {
      durable,
      ackWaitMs: ctx.config.FAN_OUT_ACK_WAIT_SECONDS * 1000,
      maxDeliver: 20,
      concurrency: 2,
    },
  );
}

/** Fan out the community service's events (see communityNotices), as content's below. */
export function consumeCommunityEvents(ctx: NotificationsContext): Promise<Subscription> {
  return consumeNotices(ctx, 'community.*.*.v1', 'notifications-community', communityNotices);
}

/** Fan out the service-requests service's events (see serviceRequestNotices). */
export function consumeServiceRequestEvents(ctx: NotificationsContext): Promise<Subscription> {
  return consumeNotices(
    ctx,
    'service-requests.*.*.v1',
    'notifications-service-requests',
    serviceRequestNotices,
  );
}

/** Fan out the documents service's announced uploads (see documentNotices). */
export function consumeDocumentEvents(ctx: NotificationsContext): Promise<Subscription> {
  return consumeNotices(ctx, 'documents.*.*.v1', 'notifications-documents', documentNotices);
}

/**
 * Fan out the content service's announcements. The durable consumer redelivers an event whose
 * fan-out did not finish (a crash, a restart); the fan-out stores only what is missing. A fan-out
 * of many pages may outlast the acknowledgement wait: the longer wait covers 100,000 users.
 */
export function consumeContentEvents(ctx: NotificationsContext): Promise<Subscription> {
  return ctx.bus.subscribe(
    'content.*.*.v1',
    async (message) => {
      const notice = contentNotice(message);
      if (!notice) return;
      const result = await fanOut(ctx, notice);
      ctx.logger.info({ subject: message.subject, id: message.id, ...result }, 'notifications stored');
    },
    {
      durable: 'notifications-content',
      ackWaitMs: ctx.config.FAN_OUT_ACK_WAIT_SECONDS * 1000,
      maxDeliver: 20,
      concurrency: 2,
    },
  );
}
