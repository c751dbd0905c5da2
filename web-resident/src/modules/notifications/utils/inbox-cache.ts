import { BELL_LATEST, type Notification, type NotificationListResponse } from '@porta/contracts';

/**
 * Pure updates of the cached bell list (`GET /inbox?limit=5`): what the live stream, opening the
 * bell and opening a notification change in it. Each returns a new object (or the same one when
 * nothing changes), as TanStack Query expects.
 */

/** The unread count of all the user's notifications, as the server last told it. */
export function withUnreadCount(
  list: NotificationListResponse,
  unreadCount: number,
): NotificationListResponse {
  return list.unreadCount === unreadCount ? list : { ...list, unreadCount };
}

/**
 * A notification that just arrived goes first; the list keeps the BELL_LATEST newest (the rest is
 * further on, so `hasMore`). An unread one adds to the count. One already listed changes nothing.
 */
export function withNewNotification(
  list: NotificationListResponse,
  notification: Notification,
): NotificationListResponse {
  if (list.notifications.some((n) => n.id === notification.id)) return list;
  const notifications = [notification, ...list.notifications];
  const cut = notifications.length > BELL_LATEST;
  return {
    notifications: cut ? notifications.slice(0, BELL_LATEST) : notifications,
    unreadCount: list.unreadCount + (notification.isRead ? 0 : 1),
    hasMore: list.hasMore || cut,
  };
}

/**
 * Notifications marked read (or unread again, `read: false`, when marking failed). Without a count
 * from the server, the count moves by the listed notifications whose state changed.
 */
export function withReadState(
  list: NotificationListResponse,
  ids: readonly string[],
  { read = true, unreadCount }: { read?: boolean; unreadCount?: number } = {},
): NotificationListResponse {
  const wanted = new Set(ids);
  let changed = 0;
  const notifications = list.notifications.map((n) => {
    if (!wanted.has(n.id) || n.isRead === read) return n;
    changed += 1;
    return { ...n, isRead: read };
  });
  const count = unreadCount ?? Math.max(0, list.unreadCount + (read ? -changed : changed));
  if (changed === 0 && count === list.unreadCount) return list;
  return { ...list, notifications, unreadCount: count };
}

/** The listed notification with this id, if the bell list has it. */
export function findNotification(
  list: NotificationListResponse | undefined,
  id: string,
): Notification | undefined {
  return list?.notifications.find((n) => n.id === id);
}
