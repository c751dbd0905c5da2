import type { NotificationListResponse } from '@porta/contracts';
import { isUuid } from '@porta/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../startup';
import { findNotification } from '../utils/inbox-cache';
import { inboxQueryKey, useMarkRead } from './queries';

/** The address parameter naming the notification a link came from (its targetUrl, e-mails). */
export const NOTIFICATION_ID_PARAM = 'notification_id';

/**
 * A `notification_id` in the address marks that notification read on load (01 §4), on whatever
 * page of the signed-in app it arrives, then leaves the address (replace navigation, the rest of
 * the address and its state kept). One the bell already knows as read is not sent again (opening
 * it from the bell has marked it); a failure is passed over.
 */
export function useNotificationIdParam(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { me } = useCurrentUser();
  const { mutate: markRead } = useMarkRead();
  const handled = useRef(new Set<string>());
  const userId = me.user.id;

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(NOTIFICATION_ID_PARAM)) return;
    const list = queryClient.getQueryData<NotificationListResponse>(inboxQueryKey(userId));
    for (const id of params.getAll(NOTIFICATION_ID_PARAM)) {
      if (!isUuid(id) || handled.current.has(id)) continue;
      handled.current.add(id);
      if (findNotification(list, id)?.isRead) continue;
      markRead(id);
    }
    params.delete(NOTIFICATION_ID_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate, queryClient, userId, markRead]);
}
