import { BELL_COUNT_HIDDEN_MS } from '@porta/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const unread = inbox.data?.unreadCount ?? 0;
  const showCount = countAllowed && unread > 0;
  const label = showCount ? t('notifications.bell.labelUnread', { unread }) : t('notifications.bell.label');

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape handling for the disclosure as a whole
    <div
      ref={rootRef}
      className="notification-bell"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) {
          close(false);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="notification-bell__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {showCount && (
          <span className="notification-bell__count" aria-hidden="true">
            {unread > COUNT_SHOWN_MAX ? `${COUNT_SHOWN_MAX}+` : unread}
          </span>
        )}
      </button>
      <div id={panelId} className="notification-bell__panel" hidden={!open}>
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
