import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HousingCompanySwitcher } from '../../housing-company';
import { NotificationBell } from '../../notifications';
import { Logo } from './Logo';
import { MAIN_NAVIGATION_ID } from './MainNavigation';
import { ProfileMenu } from './ProfileMenu';
import { ADMIN_PATH, SectionSwitcher } from './SectionSwitcher';

export interface HeaderProps {
  pageName: string | null;
  housingCompanyName: string | null;
  firstName: string;
  lastName: string;
  menuOpen: boolean;
  onOpenMenu(): void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  /** The user may switch between the admin section and home (admin, yitUser, contributor). */
  sectionSwitcher: boolean;
  /** The current route is an admin route. */
  adminRoute: boolean;
}

/**
 * Logo, page name, housing company, section switcher, notification bell, profile menu and the
 * button for the main navigation (01 §2). On admin routes the logo of a section-switcher user leads
 * to /admin and the housing-company dropdown is not shown.
 */
export function Header({
  pageName,
  housingCompanyName,
  firstName,
  lastName,
  menuOpen,
  onOpenMenu,
  menuButtonRef,
  sectionSwitcher,
  adminRoute,
}: HeaderProps) {
  const { t } = useTranslation(['resident', 'common']);
  const logoToAdmin = adminRoute && sectionSwitcher;
  const logo = (
    <>
      <Logo />
      <span className="logo__text">{t('common:siteName')}</span>
    </>
  );
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <button
          ref={menuButtonRef}
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={MAIN_NAVIGATION_ID}
          onClick={onOpenMenu}
        >
          <span className="menu-button__icon" aria-hidden="true" />
          <span className="menu-button__label">{t('header.openMenu')}</span>
        </button>
        {logoToAdmin ? (
          <a href={ADMIN_PATH} className="logo" aria-label={t('header.adminHome')}>
            {logo}
          </a>
        ) : (
          <Link to="/" className="logo" aria-label={t('header.home')}>
            {logo}
          </Link>
        )}
        {pageName && <p className="site-header__page-name">{pageName}</p>}
        <div className="site-header__end">
          {sectionSwitcher && <SectionSwitcher adminRoute={adminRoute} />}
          {housingCompanyName && !adminRoute && <HousingCompanySwitcher />}
          <NotificationBell />
          <ProfileMenu firstName={firstName} lastName={lastName} />
        </div>
      </div>
    </header>
  );
}
