import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import type { NotificationSettingKey } from './settings.js';

/** The bell shows the 5 latest notifications (01 §9); the inbox pages further. */
export const BELL_LATEST = 5;
export const NOTIFICATION_PAGE_MAX = 50;
/** POST /read marks at most this many at once. */
export const MARK_READ_MAX = 100;

/**
 * What a notification tells of, and the setting key that lets it through (null: always sent,
 * e.g. a service request addressed to the user).
 */
export const NOTIFICATION_TYPES = {
  news: 'ALL_NEWS_POSTS',
  event: 'CALENDAR_EVENTS',
  task: 'CALENDAR_EVENTS',
  deadline: 'CALENDAR_EVENTS',
  public_discussion: 'PUBLIC_DISCUSSIONS',
  public_discussion_reply: 'PUBLIC_DISCUSSIONS_REPLY',
  neighbour_message: 'NEIGHBOUR_MESSAGES',
  neighbour_message_reply: 'NEIGHBOUR_MESSAGES_REPLY',
  news_comment: 'NEWS_COMMENT',
  advertisement: 'ADVERTISEMENT',
  document: 'DOCUMENT_UPLOAD',
  service_request: null,
} as const satisfies Record<string, NotificationSettingKey | null>;
export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export const zNotificationType = z.enum(
  Object.keys(NOTIFICATION_TYPES) as [NotificationType, ...NotificationType[]],
);

/** 01 §3 Notification: _id, title, type, targetUrl, isRead; plus where and when. */
export const zNotification = z.object({
  id: zUuid,
  title: z.string(),
  type: zNotificationType,
  /** A path in the resident app, with notification_id so that opening it marks it read. */
  targetUrl: z.string(),
  isRead: z.boolean(),
  /** The housing company it concerns: the app switches to it when it is not the selected one. */
  housingCompanyId: zUuid.nullable(),
  /** The apartment named by the link, when one is (the app picks it on switching). */
  apartmentId: zUuid.nullable(),
  createdAt: zIsoDateTime,
});
export type Notification = z.infer<typeof zNotification>;

export const zNotificationListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(BELL_LATEST),
  /** Keyset paging: the id of the last notification of the page before. */
  before: zUuid.optional(),
});
export type NotificationListQuery = z.input<typeof zNotificationListQuery>;

export const zNotificationListResponse = z.object({
  notifications: z.array(zNotification),
  /** All unread ones of the user, not only those on the page. */
  unreadCount: z.number().int(),
  /** More notifications after this page. */
  hasMore: z.boolean(),
});
export type NotificationListResponse = z.infer<typeof zNotificationListResponse>;

export const zMarkReadRequest = z.strictObject({ ids: z.array(zUuid).min(1).max(MARK_READ_MAX) });
export type MarkReadRequest = z.infer<typeof zMarkReadRequest>;
/**
 * POST /inbox/read-all: opening the bell marks every unread notification read (01 §4), up to the
 * newest one the bell showed, so that one arriving meanwhile stays unread.
 */
export const zMarkAllReadRequest = z.strictObject({ upTo: zUuid.optional() });
export type MarkAllReadRequest = z.infer<typeof zMarkAllReadRequest>;
export const zMarkReadResponse = z.object({ unreadCount: z.number().int() });
export type MarkReadResponse = z.infer<typeof zMarkReadResponse>;

/**
 * What the live stream (GET /stream, Server-Sent Events) sends: `event: notification` with a
 * notification, `event: unread` with the count after a change made elsewhere (another tab marked
 * some read), and comments as heartbeats.
 */
export const zLiveUnread = z.object({ unreadCount: z.number().int() });
export type LiveUnread = z.infer<typeof zLiveUnread>;
