import {
  COMMUNITY_EVENTS,
  CONTENT_EVENTS,
  zArticlePublishedEvent,
  zCalendarEntryPublishedEvent,
  zCommentCreatedEvent,
  zDeadlineComingEvent,
  zDiscussionCreatedEvent,
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
 * comment replied to, in words of their own (a second notice of the same event).
 */
export function communityNotices(message: BusMessage): Notice[] {
  const sourceKey = message.id;
  switch (message.subject) {
    case COMMUNITY_EVENTS.discussionCreated: {
      const e = zDiscussionCreatedEvent.parse(message.data);
      return [
        {
          sourceKey,
          type: e.type,
          titles: e.titles,
          defaultLanguage: e.defaultLanguage,
          url: e.url,
          audience: e.audience,
          excludeUserIds: e.excludeUserIds,
        },
      ];
    }
    case COMMUNITY_EVENTS.commentCreated: {
      const e = zCommentCreatedEvent.parse(message.data);
      const notices: Notice[] = [
        {
          sourceKey,
          type: e.type,
          titles: e.titles,
          defaultLanguage: e.defaultLanguage,
          url: e.url,
          audience: { userIds: e.audience.userIds, housingCompanyId: e.housingCompanyId },
          excludeUserIds: [e.authorId],
        },
      ];
      if (e.parentAuthor && e.parentAuthor.userId !== e.authorId) {
        notices.push({
          sourceKey: `${sourceKey}:parent`,
          type: e.type,
          titles: e.parentAuthor.titles,
          defaultLanguage: e.defaultLanguage,
          url: e.url,
          audience: { userIds: [e.parentAuthor.userId], housingCompanyId: e.housingCompanyId },
        });
      }
      return notices;
    }
    default:
      return [];
  }
}

/** Fan out the community service's events (see communityNotices), as content's below. */
export function consumeCommunityEvents(ctx: NotificationsContext): Promise<Subscription> {
  return ctx.bus.subscribe(
    'community.*.*.v1',
    async (message) => {
      for (const notice of communityNotices(message)) {
        const result = await fanOut(ctx, notice);
        ctx.logger.info(
          { subject: message.subject, id: notice.sourceKey, ...result },
          'notifications stored',
        );
      }
    },
    {
      durable: 'notifications-community',
      ackWaitMs: ctx.config.FAN_OUT_ACK_WAIT_SECONDS * 1000,
      maxDeliver: 20,
      concurrency: 2,
    },
  );
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
