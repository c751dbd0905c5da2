import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The logged-in name opening a small disclosure with the profile and settings links and logout
 * (01 §2). Escape or a click elsewhere closes it; Escape returns focus to the button.
 */
export function ProfileMenu({ firstName, lastName }: { firstName: string; lastName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const fullName = `${firstName} ${lastName}`.trim();
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape handling for the disclosure as a whole
    <div
      ref={rootRef}
      className="profile-menu"
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
        className="profile-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${fullName}, ${t('header.profile')}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
        <span className="profile-menu__name">{fullName}</span>
      </button>
      <ul id={listId} className="profile-menu__list" hidden={!open}>
        <li>
          <Link to="/my-profile" onClick={() => close(false)}>
            {t('header.myProfile')}
          </Link>
        </li>
        <li>
          <Link to="/my-settings" onClick={() => close(false)}>
            {t('header.settings')}
          </Link>
        </li>
        <li>
          <Link to="/logout" onClick={() => close(false)}>
            {t('logout.action')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
