import {
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettingKey,
  type NotificationSettings,
} from '@porta/contracts';

/**
 * The nine notification setting keys (01 §3, 03 §3) in the groups the settings page shows them in:
 * the community's discussions and messages, news and the calendar, and the rest of the housing
 * company's services. Every key is in exactly one group.
 */
export const NOTIFICATION_SETTING_GROUPS = [
  {
    id: 'community',
    keys: [
      'PUBLIC_DISCUSSIONS',
      'PUBLIC_DISCUSSIONS_REPLY',
      'NEIGHBOUR_MESSAGES',
      'NEIGHBOUR_MESSAGES_REPLY',
    ],
  },
  { id: 'news', keys: ['ALL_NEWS_POSTS', 'NEWS_COMMENT', 'CALENDAR_EVENTS'] },
  { id: 'services', keys: ['DOCUMENT_UPLOAD', 'ADVERTISEMENT'] },
] as const satisfies readonly { id: string; keys: readonly NotificationSettingKey[] }[];

export type NotificationSettingGroupId = (typeof NOTIFICATION_SETTING_GROUPS)[number]['id'];

/** What the form edits: each key on or off, and the two channels as switches that are on when used. */
export interface NotificationSettingsForm {
  keys: Record<NotificationSettingKey, boolean>;
  email: boolean;
  push: boolean;
}

/** The stored settings as the form shows them; a key the answer leaves out is on (the default). */
export function toSettingsForm(settings: NotificationSettings): NotificationSettingsForm {
  const stored = new Map(settings.settings.map((s) => [s.key, s.active]));
  const keys = Object.fromEntries(
    NOTIFICATION_SETTING_KEYS.map((key) => [key, stored.get(key) ?? true]),
  ) as Record<NotificationSettingKey, boolean>;
  return {
    keys,
    email: !settings.emailNotificationsDisabled,
    push: !settings.pushNotificationsDisabled,
  };
}

/** The form as the PUT body: all nine keys, and the channel switches back as the `…Disabled` flags. */
export function toSettingsRequest(form: NotificationSettingsForm): NotificationSettings {
  return {
    settings: NOTIFICATION_SETTING_KEYS.map((key) => ({ key, active: form.keys[key] })),
    emailNotificationsDisabled: !form.email,
    pushNotificationsDisabled: !form.push,
  };
}
