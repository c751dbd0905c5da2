import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguagePicker } from '../../language';
import { Footer, Logo } from '../../layout';
import { useAuth } from '../../startup';

/**
 * The frame of the catch-all content page: the signed-in layout (given by the router, with its
 * rules) for signed-in users, else a plain public frame with the brand, the language choice, a
 * sign-in link and the footer links.
 */
export function CatchAllLayout({ signedIn }: { signedIn: ReactNode }) {
  const auth = useAuth();
  return auth.status === 'signedIn' ? signedIn : <PublicLayout />;
}

function PublicLayout() {
  const { t } = useTranslation(['resident', 'common']);
  return (
    <div className="layout public-layout">
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="logo" aria-label={t('header.home')}>
            <Logo />
            <span className="logo__text">{t('common:siteName')}</span>
          </Link>
          <div className="site-header__end">
            <LanguagePicker className="language-picker--header" />
            <Link to="/login" className="button button--secondary">
              {t('login.submit')}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
