import { languageOfLocale } from '@porta/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { usesSectionSwitcher } from '../../access';
import { housingCompanyName } from '../../identity';
import { useLiveNotifications, useNotificationIdParam } from '../../notifications';
import { useCurrentUser } from '../../startup';
import { useMainContacts } from '../../support/hooks/use-main-contacts';
import { PageMetaProvider, useCurrentPageMeta } from '../hooks/page-meta';
import { useRouteMeta } from '../hooks/route-meta';
import { buildMainNavigation } from '../utils/main-navigation';
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
  const { t, i18n } = useTranslation();
  const { me, housingCompany, features } = useCurrentUser();
  const meta = useCurrentPageMeta();
  const route = useRouteMeta();
  const hcName = housingCompany ? housingCompanyName(housingCompany, me.user) : null;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  const adminRoute = route.admin === true;
  const language = languageOfLocale(i18n.resolvedLanguage ?? i18n.language);
  // The bell follows new notifications live; a notification_id in the address marks it read (01 §4).
  useLiveNotifications();
  useNotificationIdParam();
  // The footer's main contacts of the selected housing company (01 §2, at most 4).
  const contacts = useMainContacts(housingCompany?.id ?? null, language);

  const hasApartment = (housingCompany?.apts.length ?? 0) > 0;
  const navigation = useMemo(
    () => buildMainNavigation({ state: housingCompany?.state ?? null, features, language, hasApartment }),
    [housingCompany?.state, features, language, hasApartment],
  );

  // The header names the page: the partner company for business partners, the admin title on admin
  // routes, otherwise the section (or the page itself).
  const partnerCompany = me.user.isBusinessPartner ? me.user.partnerCompanies[0]?.name : undefined;
  const pageName =
    partnerCompany ?? (adminRoute ? t('header.adminTitle') : meta ? (meta.section ?? meta.title) : null);

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
    <div className="layout" data-layout={route.layout ?? 'default'}>
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <Header
        menuButtonRef={menuButtonRef}
        pageName={pageName}
        housingCompanyName={hcName}
        firstName={me.user.firstName}
        lastName={me.user.lastName}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
        sectionSwitcher={usesSectionSwitcher(me)}
        adminRoute={adminRoute}
      />
      <MainNavigation open={menuOpen} onClose={closeMenu} housingCompanyName={hcName} items={navigation} />
      <main ref={mainRef} id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer contacts={contacts} />
    </div>
  );
}
