import type { LiveUnread, Notification } from '@porta/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../../../shared/services';
import { housingCompanyDataKey } from '../../housing-company';
import { useSessionState } from '../../session';
import { useAuth } from '../../startup';
import { type ServerSentEvent, startLiveStream } from '../api/live-stream';
import { NOTIFICATIONS_STREAM_PATH } from '../api/notifications.api';
import { withNewNotification, withUnreadCount } from '../utils/inbox-cache';
import { inboxQueryKey, updateInbox } from './queries';

function parseData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * The data area of the housing company a notification's type tells has changed: what the app shows
 * of it is read again when the notification arrives (an open service request shows the answer or
 * the new status the bell just announced).
 */
const CHANGED_AREA: Partial<Record<Notification['type'], string>> = {
  service_request: 'service-requests',
};

/**
 * What one event of the live stream changes in the cached bell list: `unread` sets the count,
 * `notification` puts a new notification first and marks the data it is about stale. Events that
 * are not JSON objects of their kind are passed over.
 */
export function applyLiveEvent(queryClient: QueryClient, userId: string, event: ServerSentEvent): void {
  if (event.type === 'unread') {
    const unread = parseData(event.data) as LiveUnread | undefined;
    if (typeof unread?.unreadCount === 'number') {
      updateInbox(queryClient, userId, (list) => withUnreadCount(list, unread.unreadCount));
    }
  } else if (event.type === 'notification') {
    const notification = parseData(event.data) as Notification | undefined;
    if (typeof notification?.id !== 'string') return;
    updateInbox(queryClient, userId, (list) => withNewNotification(list, notification));
    const area = CHANGED_AREA[notification.type];
    if (area && notification.housingCompanyId) {
      void queryClient.invalidateQueries({
        queryKey: housingCompanyDataKey(notification.housingCompanyId, area),
      });
    }
  }
}

/**
 * Keeps the notifications' live stream open while the user is signed in with an active session,
 * so that the bell follows new notifications and counts changed in other tabs without a reload.
 * The stream asks for the current access token on every connection (a refresh in between is used
 * from the next one); a refused token is refreshed once; signing out or an expired session ends it.
 * After a reconnection the bell list is read again: notifications that arrived in between were not
 * streamed.
 */
export function useLiveNotifications(): void {
  const { session } = useServices();
  const auth = useAuth();
  const sessionState = useSessionState();
  const queryClient = useQueryClient();
  const userId = auth.status === 'signedIn' ? auth.me.user.id : null;
  const active = userId !== null && sessionState === 'active';

  useEffect(() => {
    if (!active || !userId) return;
    const stream = startLiveStream({
      url: NOTIFICATIONS_STREAM_PATH,
      token: () => session.accessToken(),
      refreshToken: async () => (await session.refresh())?.accessToken ?? null,
      onOpen: (connection) => {
        if (connection > 1) void queryClient.invalidateQueries({ queryKey: inboxQueryKey(userId) });
      },
      onEvent: (event) => applyLiveEvent(queryClient, userId, event),
    });
    return () => stream.stop();
  }, [active, userId, session, queryClient]);
}
