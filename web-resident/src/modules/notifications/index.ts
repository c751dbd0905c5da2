export {
  createNotificationsApi,
  NOTIFICATIONS_STREAM_PATH,
  type NotificationsApi,
} from './api/notifications.api';
export { NotificationBell } from './components/NotificationBell';
export { NotificationSettingsPage } from './components/NotificationSettingsPage';
export { inboxQueryKey, NOTIFICATIONS_QUERY_KEY, useInbox } from './hooks/queries';
export { useLiveNotifications } from './hooks/use-live-notifications';
export { NOTIFICATION_ID_PARAM, useNotificationIdParam } from './hooks/use-notification-id-param';
