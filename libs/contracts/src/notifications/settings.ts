import { z } from 'zod';

/**
 * The notification settings of 01 §3 and 03 §3: nine keys, each with an active flag, and the two
 * channel switches. A key that is off stores nothing for the user (no bell entry, no live update,
 * no e-mail); emailNotificationsDisabled keeps the bell but sends no e-mail; push notifications
 * go to the mobile wrapper, which Porta does not have yet, so the flag is only kept.
 */
export const NOTIFICATION_SETTING_KEYS = [
  'PUBLIC_DISCUSSIONS',
  'PUBLIC_DISCUSSIONS_REPLY',
  'NEIGHBOUR_MESSAGES',
  'NEIGHBOUR_MESSAGES_REPLY',
  'NEWS_COMMENT',
  'ALL_NEWS_POSTS',
  'CALENDAR_EVENTS',
  'ADVERTISEMENT',
  'DOCUMENT_UPLOAD',
] as const;
export const zNotificationSettingKey = z.enum(NOTIFICATION_SETTING_KEYS);
export type NotificationSettingKey = z.infer<typeof zNotificationSettingKey>;

export const zNotificationSettings = z.strictObject({
  settings: z
    .array(z.strictObject({ key: zNotificationSettingKey, active: z.boolean() }))
    .max(NOTIFICATION_SETTING_KEYS.length)
    .refine((list) => new Set(list.map((s) => s.key)).size === list.length, 'each key once'),
  emailNotificationsDisabled: z.boolean(),
  pushNotificationsDisabled: z.boolean(),
});
export type NotificationSettings = z.infer<typeof zNotificationSettings>;

/** A new user's settings: every key on, e-mail and push on. */
export function defaultNotificationSettings(): NotificationSettings {
  return {
    settings: NOTIFICATION_SETTING_KEYS.map((key) => ({ key, active: true })),
    emailNotificationsDisabled: false,
    pushNotificationsDisabled: false,
  };
}

/**
 * notifications names the users who turned e-mail off (emailNotificationsDisabled), for a service
 * that mails residents on its own (e-mail letters, ADR 0032), over request/reply.
 */
export const NOTIFICATIONS_EMAIL_OPT_OUTS_RPC = 'rpc.notifications.email-opt-outs.get.v1';
/** Users asked about at once at most. */
export const EMAIL_OPT_OUTS_ASK_MAX = 1000;
export const zEmailOptOutsRequest = z.object({ userIds: z.array(z.uuid()).max(EMAIL_OPT_OUTS_ASK_MAX) });
export type EmailOptOutsRequest = z.infer<typeof zEmailOptOutsRequest>;
/** Those of the users asked about who turned e-mail off. */
export const zEmailOptOutsResponse = z.object({ userIds: z.array(z.uuid()) });
export type EmailOptOutsResponse = z.infer<typeof zEmailOptOutsResponse>;
