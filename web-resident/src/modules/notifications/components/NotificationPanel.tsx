import type { Notification, NotificationListResponse } from '@porta/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loader } from '../../../shared/ui/Loader';
import { useFormatters } from '../../../shared/utils/format';
import { managesNotificationSettings } from '../../access';
import { calendarEntryPath } from '../../news';
import { useCurrentUser } from '../../startup';
import { useBellDeadlines, useMarkAllRead } from '../hooks/queries';
import { notificationTarget } from '../hooks/use-open-notification';

/** A click the browser should handle itself (new tab or window, download). */
const isModifiedClick = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The opened bell (01 §4, §9): the BELL_DEADLINES nearest deadlines of the selected housing
 * company and the BELL_LATEST latest notifications, each with a loader while loading and the 'no
 * items found' text when empty (a failed list is an empty one, 01 §8). The notifications unread
 * when shown, and any older unread ones, are marked read at once (POST /inbox/read-all up to the
 * newest shown) and keep their 'new' mark while the panel stays open. Mounted only while the panel is open, so every opening starts afresh.
 */
export function NotificationPanel({
  inbox,
  onClose,
  onOpenNotification,
}: {
  inbox: UseQueryResult<NotificationListResponse>;
  onClose(): void;
  /** Opening one: the bell (which stays mounted) switches company when needed and navigates. */
  onOpenNotification(notification: Notification): void;
}) {
  const { t } = useTranslation();
  const { me } = useCurrentUser();
  const formatters = useFormatters();
  const deadlines = useBellDeadlines(true);
  const { mutate: markAllRead } = useMarkAllRead();
  const headingId = useId();
  const deadlinesId = useId();
  const latestId = useId();
  const sent = useRef(new Set<string>());
  const sentAll = useRef(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());

  const list = inbox.data;
  const notifications = list?.notifications ?? [];

  // Everything unread is marked read, once per opening (and again for what arrives while it is
  // open), up to the newest shown. A failure leaves them unread for the next opening.
  useEffect(() => {
    if (!list) return;
    const unread = list.notifications.filter((n) => !n.isRead && !sent.current.has(n.id)).map((n) => n.id);
    const olderUnread = !sentAll.current && list.unreadCount > unread.length;
    if (unread.length === 0 && !olderUnread) return;
    for (const id of unread) sent.current.add(id);
    sentAll.current = true;
    setFresh((previous) => new Set([...previous, ...unread]));
    markAllRead({ upTo: list.notifications[0]?.id, shown: unread });
  }, [list, markAllRead]);

  const open = (event: MouseEvent, notification: Notification) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    onClose();
    onOpenNotification(notification);
  };

  const deadlineItems = deadlines.data?.items ?? [];

  return (
    <section className="notification-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="notification-panel__title">
        {t('notifications.bell.title')}
      </h2>

      <section className="notification-panel__group" aria-labelledby={deadlinesId}>
        <h3 id={deadlinesId} className="notification-panel__heading">
          {t('notifications.bell.deadlines')}
        </h3>
        {deadlines.isLoading ? (
          <Loader />
        ) : deadlineItems.length === 0 ? (
          <p className="empty-state">{t('notifications.bell.noDeadlines')}</p>
        ) : (
          <ul className="notification-list">
            {deadlineItems.map((entry) => (
              <li key={entry.id} className="notification-item">
                <Link className="notification-item__link" to={calendarEntryPath(entry)} onClick={onClose}>
                  {entry.title}
                </Link>
                {entry.startAt && (
                  <time className="notification-item__date" dateTime={entry.startAt}>
                    {formatters.dateTime(entry.startAt)}
                  </time>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="notification-panel__group" aria-labelledby={latestId}>
        <h3 id={latestId} className="notification-panel__heading">
          {t('notifications.bell.latest')}
        </h3>
        {inbox.isPending && inbox.fetchStatus !== 'idle' ? (
          <Loader />
        ) : notifications.length === 0 ? (
          <p className="empty-state">{t('notifications.bell.noNotifications')}</p>
        ) : (
          <ul className="notification-list">
            {notifications.map((notification) => {
              const unread = !notification.isRead || fresh.has(notification.id);
              return (
                <li
                  key={notification.id}
                  className={unread ? 'notification-item notification-item--unread' : 'notification-item'}
                >
                  <Link
                    className="notification-item__link"
                    to={notificationTarget(notification.targetUrl)}
                    onClick={(event) => open(event, notification)}
                  >
                    {notification.title}
                  </Link>
                  <span className="notification-item__meta">
                    {unread && <span className="notification-item__new">{t('notifications.bell.new')}</span>}
                    <time className="notification-item__date" dateTime={notification.createdAt}>
                      {formatters.dateTime(notification.createdAt)}
                    </time>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {managesNotificationSettings(me) && (
        <p className="notification-panel__footer">
          <Link to="/my-notifications" onClick={onClose}>
            {t('notifications.bell.settingsLink')}
          </Link>
        </p>
      )}
    </section>
  );
}
