import { useMemo } from 'react';
import { useServices } from '../../../shared/services';
import { createNotificationsApi, type NotificationsApi } from '../api/notifications.api';

/** The notifications client over the app's session (one per session). */
export function useNotificationsApi(): NotificationsApi {
  const { session } = useServices();
  return useMemo(() => createNotificationsApi(session), [session]);
}
