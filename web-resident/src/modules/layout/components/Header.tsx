import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HousingCompanySwitcher } from '../../housing-company';
import { Logo } from './Logo';
import { MAIN_NAVIGATION_ID } from './MainNavigation';
import { ProfileMenu } from './ProfileMenu';

export interface HeaderProps {
  pageName: string | null;
  housingCompanyName: string | null;
  firstName: string;
  lastName: string;
  menuOpen: boolean;
  onOpenMenu(): void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

/** Logo, page name, housing company, profile menu and the button for the main navigation (01 §2). */
export function Header({
  pageName,
  housingCompanyName,
  firstName,
  lastName,
  menuOpen,
  onOpenMenu,
  menuButtonRef,
}: HeaderProps) {
  const { t } = useTranslation(['resident', 'common']);
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
        <Link to="/" className="logo" aria-label={t('header.home')}>
          <Logo />
          <span className="logo__text">{t('common:siteName')}</span>
        </Link>
        {pageName && <p className="site-header__page-name">{pageName}</p>}
        <div className="site-header__end">
          {housingCompanyName && <HousingCompanySwitcher />}
          <ProfileMenu firstName={firstName} lastName={lastName} />
        </div>
      </div>
    </header>
  );
}
