import type {
  MarkReadResponse,
  NotificationListResponse,
  NotificationSettings,
  zMarkReadResponse,
  zNotificationListResponse,
  zNotificationSettings,
} from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { answer } from '@porta/web-kit';

export const NOTIFICATIONS_BASE = '/api/notifications';
/** The live stream of the bell (Server-Sent Events), read by `startLiveStream`. */
export const NOTIFICATIONS_STREAM_PATH = `${NOTIFICATIONS_BASE}/stream`;

export interface InboxParams {
  limit?: number;
  /** Keyset paging: the id of the last notification of the page before. */
  before?: string;
}

/**
 * The notifications service as the resident app uses it: the caller's inbox (the bell), marking
 * read, and the caller's notification settings (/my-notifications). Every answer is checked against
 * its contract.
 */
export interface NotificationsApi {
  /** GET /inbox: the newest first, with the unread count of all the user's notifications. */
  listInbox(params?: InboxParams): Promise<NotificationListResponse>;
  /** POST /inbox/:id/read: the unread count after marking. */
  markRead(id: string): Promise<MarkReadResponse>;
  /** POST /inbox/read-all: every unread one up to upTo (the newest shown): the unread count after. */
  markAllRead(upTo: string | undefined): Promise<MarkReadResponse>;
  /** GET /settings (partners: 403 NTF_SETTINGS_NOT_PERMITTED). */
  getSettings(): Promise<NotificationSettings>;
  /** PUT /settings: the settings as stored. */
  saveSettings(settings: NotificationSettings): Promise<NotificationSettings>;
}

export function createNotificationsApi(session: SessionClient): NotificationsApi {
  return {
    async listInbox({ limit, before } = {}) {
      const search = new URLSearchParams();
      if (limit !== undefined) search.set('limit', String(limit));
      if (before) search.set('before', before);
      const text = search.toString();
      const query = text ? `?${text}` : '';
      return answer<typeof zNotificationListResponse>(
        await session.request('GET', `${NOTIFICATIONS_BASE}/inbox${query}`),
      );
    },
    async markRead(id) {
      const path = `${NOTIFICATIONS_BASE}/inbox/${encodeURIComponent(id)}/read`;
      return answer<typeof zMarkReadResponse>(await session.request('POST', path));
    },
    async markAllRead(upTo) {
      const path = `${NOTIFICATIONS_BASE}/inbox/read-all`;
      return answer<typeof zMarkReadResponse>(await session.request('POST', path, upTo ? { upTo } : {}));
    },
    async getSettings() {
      return answer<typeof zNotificationSettings>(
        await session.request('GET', `${NOTIFICATIONS_BASE}/settings`),
      );
    },
    async saveSettings(settings) {
      return answer<typeof zNotificationSettings>(
        await session.request('PUT', `${NOTIFICATIONS_BASE}/settings`, settings),
      );
    },
  };
}
