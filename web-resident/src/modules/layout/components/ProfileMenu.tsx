import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDisclosure } from '../../../shared/hooks/use-disclosure';

/**
 * The logged-in name opening a small disclosure with the profile and settings links and logout
 * (01 §2). Escape or a click elsewhere closes it; Escape returns focus to the button.
 */
export function ProfileMenu({ firstName, lastName }: { firstName: string; lastName: string }) {
  const { t } = useTranslation();
  const { close, rootProps, buttonProps, panelProps } = useDisclosure();
  const fullName = `${firstName} ${lastName}`.trim();
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

  return (
    <div className="profile-menu" {...rootProps}>
      <button
        type="button"
        className="profile-menu__button"
        aria-label={`${fullName}, ${t('header.profile')}`}
        {...buttonProps}
      >
        {/* The initials are drawn by CSS (::before), not text: the button's visible text is then
            the name (or nothing on phones), part of its accessible name (WCAG 2.5.3). */}
        <span className="avatar" data-initials={initials} aria-hidden="true" />
        <span className="profile-menu__name">{fullName}</span>
      </button>
      <ul className="profile-menu__list" {...panelProps}>
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
