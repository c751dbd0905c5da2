import { STAFF_MENU } from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { lazy, useEffect, useMemo, useState } from 'react';
import { Admin, CustomRoutes, localStorageStore, Resource, type Store } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { NO_CAPABILITIES, type StaffPermissions } from './auth/access';
import { createAuthProvider } from './auth/auth-provider';
import { LoginPage } from './auth/LoginPage';
import { specAddressRoutes } from './common/spec-addresses';
import { CopyPage } from './content/copy';
import { createDataProvider } from './data/data-provider';
import { createFileFetch, createHttpClient, createUploadSender } from './data/http-client';
import { createI18nProvider, hasMessages, loadMessages } from './i18n/i18n-provider';
import { startupLanguage } from './i18n/locale';
import { PortaLayout } from './layout/PortaLayout';
import { portaThemeWith } from './layout/theme';
import { RESOURCE_VIEWS } from './resource-views';
import { DocumentLibrary, VideoLibrary } from './resources/documents';
import { HelpEntry, HelpSection, HelpUpdate } from './resources/help';
import { HousingCompanyWizard } from './resources/housing-companies';
import { HousingCompanySteps } from './resources/steps';

const PartnerOwnCompany = lazy(() => import('./resources/partner-companies/PartnerOwnCompany'));
/** E-mail letters (03 §2 /admin/email-letters/…), loaded when first opened. */
const LettersPage = lazy(() => import('./resources/letters/LettersPage'));

import { UserNotificationSettings, UserPasswordChange } from './resources/users';
import { session as defaultSession } from './session';

/** The front page loads with the first screen after sign-in, not with the login page. */
const Dashboard = lazy(() => import('./layout/Dashboard').then((m) => ({ default: m.Dashboard })));
const ApplicationSettings = lazy(() =>
  import('./resources/settings/ApplicationSettings').then((m) => ({ default: m.ApplicationSettings })),
);

/** The gateway serves the staff app here (03 §2: /admin, /admin/users, …). */
export const ADMIN_BASENAME = '/admin';

export interface AppProps {
  session?: SessionClient;
  store?: Store;
}

/**
 * The resources and routes the viewer may use (01 §6, 03 §2, §6): the staff menu's entries whose
 * rule the viewer passes (STAFF_MENU and STAFF_ACCESS in the contracts, the rules the services'
 * policies are made of). A resource the viewer may not use is neither in the menu nor routed.
 * (References to an unregistered resource still show the record's name: taxonomy terms are
 * readable by every signed-in user.)
 */
function staffResources(permissions: StaffPermissions | null) {
  const can = permissions?.can ?? NO_CAPABILITIES;
  return (
    <>
      {STAFF_MENU.flatMap((section) => section.entries)
        .filter((entry) => can[entry.access])
        .map((entry) => {
          const views = RESOURCE_VIEWS[entry.resource];
          return views ? <Resource key={entry.resource} name={entry.resource} {...views(can)} /> : null;
        })}
      <CustomRoutes>
        {specAddressRoutes(can)}
        {can.usersRead && can.notificationSettings ? (
          <Route path="/user/notifications/:id" element={<UserNotificationSettings />} />
        ) : null}
        {can.partnerOwnCompany ? (
          <Route path="/partner/company/edit/*" element={<PartnerOwnCompany />} />
        ) : null}
        {can.usersRead && can.usersManage ? (
          <Route path="/user/password/:id" element={<UserPasswordChange />} />
        ) : null}
        {can.housingCompaniesEdit ? (
          <Route path="/housing-companies/:id/wizard" element={<HousingCompanyWizard />} />
        ) : null}
        {can.stepsRead ? (
          <Route path="/housing-companies/:id/steps" element={<HousingCompanySteps />} />
        ) : null}
        {can.documents ? <Route path="/documents/*" element={<DocumentLibrary />} /> : null}
        {can.documents ? <Route path="/videos/*" element={<VideoLibrary />} /> : null}
        {can.letters ? <Route path="/email-letters/*" element={<LettersPage />} /> : null}
        {can.adminArea ? <Route path="/settings" element={<ApplicationSettings />} /> : null}
        {can.helpRead ? <Route path="/help" element={<HelpSection />} /> : null}
        {can.helpRead ? <Route path="/help/faq/:id" element={<HelpEntry />} /> : null}
        {can.siteContentWrite ? <Route path="/help/update/:id" element={<HelpUpdate />} /> : null}
        {can.editorialWrite || can.contactsWrite || can.campaignsWrite || can.stepsWrite ? (
          <Route path="/content/copy/:entity" element={<CopyPage />} />
        ) : null}
      </CustomRoutes>
    </>
  );
}

function PortaAdmin({ session, store }: Required<AppProps>) {
  const language = useMemo(() => startupLanguage(window.location.search, store), [store]);
  // The first language's texts are downloaded before the app starts (English is at hand).
  const [ready, setReady] = useState(() => hasMessages(language));
  useEffect(() => {
    if (ready) return;
    let current = true;
    void loadMessages(language).then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [language, ready]);
  const providers = useMemo(
    () =>
      ready
        ? {
            authProvider: createAuthProvider(session),
            dataProvider: createDataProvider(
              createHttpClient(session),
              createFileFetch(session),
              createUploadSender(session),
            ),
            i18nProvider: createI18nProvider(language),
          }
        : null,
    [session, language, ready],
  );
  const theme = useMemo(
    () => (providers ? portaThemeWith(providers.i18nProvider.translate('ra.page.loading')) : null),
    [providers],
  );
  if (!providers || !theme) return <div aria-busy="true" className="porta-starting" />;

  return (
    <Admin
      disableTelemetry
      basename={ADMIN_BASENAME}
      title="Porta"
      requireAuth
      store={store}
      authProvider={providers.authProvider}
      dataProvider={providers.dataProvider}
      i18nProvider={providers.i18nProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      layout={PortaLayout}
      theme={theme}
    >
      {(permissions: StaffPermissions | null) => staffResources(permissions)}
    </Admin>
  );
}

/**
 * The staff app. react-admin runs under a react-router route at /admin/* with basename /admin,
 * so every link and redirect it makes carries the prefix; anything else on this origin that
 * reaches the app goes to /admin.
 *
 * The router applies location changes right away, not in a React transition (`useTransitions`
 * left unset wraps them in `startTransition`). react-admin's sign-out of an anonymous visitor
 * navigates to /admin/login and at once resets its store and query cache; those urgent
 * re-renders kept interrupting the transition, so the new location never rendered and every
 * re-render signed out and navigated again: thousands of history entries and a login page that
 * stayed frozen for seconds (src/App.test.tsx counts the navigations).
 */
export function App({ session = defaultSession, store }: AppProps) {
  const appStore = useMemo(() => store ?? localStorageStore(undefined, 'porta-admin'), [store]);
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route path={`${ADMIN_BASENAME}/*`} element={<PortaAdmin session={session} store={appStore} />} />
        <Route path="*" element={<Navigate replace to={ADMIN_BASENAME} />} />
      </Routes>
    </BrowserRouter>
  );
}
