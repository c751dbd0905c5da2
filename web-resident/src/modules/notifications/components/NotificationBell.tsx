import { BELL_COUNT_HIDDEN_MS } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { useDisclosure } from '../../../shared/hooks/use-disclosure';
import { useInbox } from '../hooks/queries';
import { useDelayedFlag } from '../hooks/use-delayed-flag';
import { useOpenNotification } from '../hooks/use-open-notification';
import { BellIcon } from './BellIcon';
import { NotificationPanel } from './NotificationPanel';

/** Counts above this show as '99+'. */
const COUNT_SHOWN_MAX = 99;

/**
 * The notification bell in the header (01 §2, §4, §9): a button named with the unread count, whose
 * badge stays hidden for BELL_COUNT_HIDDEN_MS (1000 ms) after load, then shows while anything is
 * unread. It opens a panel with the nearest deadlines and the latest notifications; opening marks
 * the unread ones shown read. Escape or a click elsewhere closes it; Escape returns focus to the
 * button.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const inbox = useInbox();
  const openNotification = useOpenNotification();
  const countAllowed = useDelayedFlag(BELL_COUNT_HIDDEN_MS);
  const { open, close, rootProps, buttonProps, panelProps } = useDisclosure();

  const unread = inbox.data?.unreadCount ?? 0;
  const showCount = countAllowed && unread > 0;
  const label = showCount ? t('notifications.bell.labelUnread', { unread }) : t('notifications.bell.label');

  return (
    <div className="notification-bell" {...rootProps}>
      <button type="button" className="notification-bell__button" aria-label={label} {...buttonProps}>
        <BellIcon />
        {showCount && (
          <span className="notification-bell__count" aria-hidden="true">
            {unread > COUNT_SHOWN_MAX ? `${COUNT_SHOWN_MAX}+` : unread}
          </span>
        )}
      </button>
      <div className="notification-bell__panel" {...panelProps}>
        {open && (
          <NotificationPanel
            inbox={inbox}
            onClose={() => close(false)}
            onOpenNotification={(notification) => void openNotification(notification)}
          />
        )}
      </div>
    </div>
  );
}
