import type { Notification, NotificationListResponse } from '@porta/contracts';

/** Test data of the notifications service's answers (valid against the contracts). */

let counter = 0;

export function notificationId(n: number): string {
  return `7a1b2c3d-4e5f-4a6b-8c7d-${String(n).padStart(12, '0')}`;
}

export function notification(overrides: Partial<Notification> = {}): Notification {
  counter += 1;
  const id = overrides.id ?? notificationId(1000 + counter);
  return {
    id,
    title: `Notice ${counter}`,
    type: 'news',
    targetUrl: `/news/notice-${counter}?notification_id=${id}`,
    isRead: false,
    housingCompanyId: null,
    apartmentId: null,
    createdAt: '2026-03-02T08:00:00.000Z',
    ...overrides,
  };
}

/** The bell's answer; the unread count defaults to the unread ones listed. */
export function inbox(notifications: Notification[], unreadCount?: number): NotificationListResponse {
  return {
    notifications,
    unreadCount: unreadCount ?? notifications.filter((n) => !n.isRead).length,
    hasMore: false,
  };
}

/** Server-Sent Events text of one event. */
export function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
