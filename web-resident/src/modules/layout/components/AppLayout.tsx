import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { housingCompanyName } from '../../identity';
import { useCurrentUser } from '../../startup';
import { PageMetaProvider, useCurrentPageMeta } from '../hooks/page-meta';
import { Footer } from './Footer';
import { Header } from './Header';
import { MainNavigation } from './MainNavigation';

/** The frame of every signed-in page: header, off-canvas navigation, main content and footer. */
export function AppLayout() {
  return (
    <PageMetaProvider>
      <Frame />
    </PageMetaProvider>
  );
}

function Frame() {
  const { t } = useTranslation();
  const { me, housingCompany } = useCurrentUser();
  const meta = useCurrentPageMeta();
  const hcName = housingCompany ? housingCompanyName(housingCompany, me.user) : null;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Focus goes back to the menu button once the drawer (and its focus trap) is gone.
  const menuWasOpen = useRef(false);
  useEffect(() => {
    if (menuWasOpen.current && !menuOpen) menuButtonRef.current?.focus();
    menuWasOpen.current = menuOpen;
  }, [menuOpen]);

  // After moving to another page, start reading from its content rather than the previous link.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!mainRef.current?.contains(document.activeElement)) mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="layout" data-layout={meta?.layout ?? 'default'}>
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <Header
        menuButtonRef={menuButtonRef}
        pageName={meta ? (meta.section ?? meta.title) : null}
        housingCompanyName={hcName}
        firstName={me.user.firstName}
        lastName={me.user.lastName}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
      />
      <MainNavigation open={menuOpen} onClose={closeMenu} housingCompanyName={hcName} />
      <main ref={mainRef} id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
