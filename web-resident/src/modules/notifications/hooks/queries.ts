import {
  BELL_DEADLINES,
  BELL_LATEST,
  type MarkReadResponse,
  type NotificationListResponse,
  type NotificationSettings,
} from '@porta/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { housingCompanyDataKey } from '../../housing-company';
import { useContentScope, useNewsApi } from '../../news';
import { useSessionState } from '../../session';
import { useCurrentUser } from '../../startup';
import { withReadState } from '../utils/inbox-cache';
import { useNotificationsApi } from './use-notifications-api';

/**
 * Notifications belong to the user, not to a housing company: their queries are keyed by the user
 * (`['notifications', userId, …]`); signing out clears every query anyway.
 */
export const NOTIFICATIONS_QUERY_KEY = 'notifications';

export function inboxQueryKey(userId: string) {
  return [NOTIFICATIONS_QUERY_KEY, userId, 'inbox'] as const;
}

export function notificationSettingsQueryKey(userId: string) {
  return [NOTIFICATIONS_QUERY_KEY, userId, 'settings'] as const;
}

/** Change the cached bell list, if there is one. */
export function updateInbox(
  queryClient: QueryClient,
  userId: string,
  update: (list: NotificationListResponse) => NotificationListResponse,
): void {
  queryClient.setQueryData<NotificationListResponse>(inboxQueryKey(userId), (list) =>
    list ? update(list) : list,
  );
}

/** The bell: the BELL_LATEST (5) newest notifications and the unread count (01 §9). */
export function useInbox() {
  const api = useNotificationsApi();
  const { me } = useCurrentUser();
  const active = useSessionState() === 'active';
  return useQuery({
    queryKey: inboxQueryKey(me.user.id),
    queryFn: () => api.listInbox({ limit: BELL_LATEST }),
    enabled: active,
  });
}

/** The BELL_DEADLINES (2) nearest deadlines of the selected housing company (01 §9). */
export function useBellDeadlines(enabled: boolean) {
  const api = useNewsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'calendar', 'bell-deadlines', lang),
    queryFn: () =>
      api.listCalendar({
        housingCompanyId: housingCompanyId!,
        lang,
        limit: BELL_DEADLINES,
        types: ['deadline'],
      }),
    enabled: enabled && housingCompanyId !== null,
  });
}

/**
 * Mark one notification read (POST /inbox/:id/read). The bell shows it read at once; a failure
 * puts it back to unread (the caller goes on regardless, 01 §8).
 */
export function useMarkRead() {
  const api = useNotificationsApi();
  const queryClient = useQueryClient();
  const { me } = useCurrentUser();
  const userId = me.user.id;
  return useMutation<MarkReadResponse, unknown, string, { wasUnread: boolean }>({
    mutationFn: (id) => api.markRead(id),
    onMutate: (id) => {
      const list = queryClient.getQueryData<NotificationListResponse>(inboxQueryKey(userId));
      const wasUnread = list?.notifications.some((n) => n.id === id && !n.isRead) ?? false;
      updateInbox(queryClient, userId, (current) => withReadState(current, [id]));
      return { wasUnread };
    },
    onSuccess: ({ unreadCount }, id) => {
      updateInbox(queryClient, userId, (current) => withReadState(current, [id], { unreadCount }));
    },
    onError: (_error, id, context) => {
      if (context?.wasUnread) {
        updateInbox(queryClient, userId, (current) => withReadState(current, [id], { read: false }));
      }
    },
  });
}

/**
 * Opening the bell marks every unread notification read (01 §4), up to the newest it shows
 * (POST /inbox/read-all): the shown ones are marked in the cache, the count comes from the server.
 */
export function useMarkAllRead() {
  const api = useNotificationsApi();
  const queryClient = useQueryClient();
  const { me } = useCurrentUser();
  const userId = me.user.id;
  return useMutation<MarkReadResponse, unknown, { upTo: string | undefined; shown: readonly string[] }>({
    mutationFn: ({ upTo }) => api.markAllRead(upTo),
    onSuccess: ({ unreadCount }, { shown }) => {
      updateInbox(queryClient, userId, (current) => withReadState(current, shown, { unreadCount }));
    },
  });
}

/** GET /settings: the user's notification settings (/my-notifications). */
export function useNotificationSettings() {
  const api = useNotificationsApi();
  const { me } = useCurrentUser();
  return useQuery({
    queryKey: notificationSettingsQueryKey(me.user.id),
    queryFn: () => api.getSettings(),
    // The form is filled once; refetching under it would only confuse.
    refetchOnWindowFocus: false,
  });
}

/** PUT /settings; the stored settings replace the cached ones. */
export function useSaveNotificationSettings() {
  const api = useNotificationsApi();
  const queryClient = useQueryClient();
  const { me } = useCurrentUser();
  return useMutation<NotificationSettings, unknown, NotificationSettings>({
    mutationFn: (settings) => api.saveSettings(settings),
    onSuccess: (stored) => {
      queryClient.setQueryData(notificationSettingsQueryKey(me.user.id), stored);
    },
  });
}
