import type { SessionClient } from '@porta/web-kit';
import { useEffect, useMemo, useState } from 'react';
import {
  Admin,
  CustomRoutes,
  localStorageStore,
  Resource,
  type Store,
  useBasename,
  useCreatePath,
} from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router';
import { NO_CAPABILITIES, type StaffPermissions } from './auth/access';
import { createAuthProvider } from './auth/auth-provider';
import { LoginPage } from './auth/LoginPage';
import { CopyPage } from './content/copy';
import { createDataProvider } from './data/data-provider';
import { createFileFetch, createHttpClient } from './data/http-client';
import { createI18nProvider, hasMessages, loadMessages } from './i18n/i18n-provider';
import { startupLanguage } from './i18n/locale';
import { Dashboard } from './layout/Dashboard';
import { PortaLayout } from './layout/PortaLayout';
import { portaTheme } from './layout/theme';
import apartments from './resources/apartments';
import news from './resources/articles';
import calendar from './resources/calendar-entries';
import campaigns from './resources/campaigns';
import communityReports from './resources/community-reports';
import contacts from './resources/contacts';
import featureToggles from './resources/feature-toggles';
import feedback from './resources/feedback';
import feeds from './resources/feeds';
import faqs, { HelpEntry, HelpSection, HelpUpdate } from './resources/help';
import housingCompanies, { HousingCompanyWizard } from './resources/housing-companies';
import pages from './resources/pages';
import partnerCompanies from './resources/partner-companies';
import serviceRequests from './resources/service-requests';
import shopPartners from './resources/shop-partners';
import steps, { HousingCompanySteps } from './resources/steps';
import taxonomyTerms from './resources/taxonomy-terms';
import users, { UserNotificationSettings } from './resources/users';
import { session as defaultSession } from './session';

/** The gateway serves the staff app here (03 §2: /admin, /admin/users, …). */
export const ADMIN_BASENAME = '/admin';

export interface AppProps {
  session?: SessionClient;
  store?: Store;
}

/** The spec's user page address /admin/user/{id} leads to the user's page. */
function UserPageRedirect() {
  const { id } = useParams();
  const createPath = useCreatePath();
  return <Navigate replace to={createPath({ resource: 'users', id, type: 'show' })} />;
}

/** The spec's address of a housing company's steps (/admin/housing-company/{id}/steps). */
function HousingCompanyStepsRedirect() {
  const { id } = useParams();
  const basename = useBasename();
  return <Navigate replace to={`${basename}/housing-companies/${id}/steps`} />;
}

/**
 * The resources and routes the viewer may use (01 §6, 03 §2, §6): a resource the viewer may not use
 * is neither in the menu nor routed. (References to an unregistered resource still show the
 * record's name: taxonomy terms are readable by every signed-in user.)
 */
function staffResources(permissions: StaffPermissions | null) {
  const can = permissions?.can ?? NO_CAPABILITIES;
  return (
    <>
      {can.usersRead ? <Resource name="users" {...users(can)} /> : null}
      {can.housingCompaniesRead ? <Resource name="housing-companies" {...housingCompanies(can)} /> : null}
      {can.housingCompaniesRead ? <Resource name="apartments" {...apartments(can)} /> : null}
      {can.partnersRead ? <Resource name="partner-companies" {...partnerCompanies(can)} /> : null}
      {can.taxonomy ? <Resource name="taxonomy-terms" {...taxonomyTerms} /> : null}
      {can.featureToggles ? <Resource name="feature-toggles" {...featureToggles} /> : null}
      {can.contentRead ? <Resource name="news" {...news(can)} /> : null}
      {can.contentRead ? <Resource name="calendar" {...calendar(can)} /> : null}
      {can.contactsRead ? <Resource name="contacts" {...contacts(can)} /> : null}
      {can.stepsRead ? <Resource name="steps" {...steps(can)} /> : null}
      {can.siteContentRead ? <Resource name="faqs" {...faqs(can)} /> : null}
      {can.siteContentRead ? <Resource name="pages" {...pages(can)} /> : null}
      {can.feedsRead ? <Resource name="feeds" {...feeds(can)} /> : null}
      {can.campaignsRead ? <Resource name="campaigns" {...campaigns(can)} /> : null}
      {can.shopPartnersRead ? <Resource name="shop-partners" {...shopPartners(can)} /> : null}
      {can.feedbackRead ? <Resource name="feedback" {...feedback()} /> : null}
      {can.communityModerate ? <Resource name="community-reports" {...communityReports(can)} /> : null}
      {can.serviceRequests ? <Resource name="service-requests" {...serviceRequests(can)} /> : null}
      <CustomRoutes>
        {can.usersRead ? <Route path="/user/:id" element={<UserPageRedirect />} /> : null}
        {can.usersRead && can.notificationSettings ? (
          <Route path="/user/notifications/:id" element={<UserNotificationSettings />} />
        ) : null}
        {can.housingCompaniesEdit ? (
          <Route path="/housing-companies/:id/wizard" element={<HousingCompanyWizard />} />
        ) : null}
        {can.stepsRead ? (
          <Route path="/housing-companies/:id/steps" element={<HousingCompanySteps />} />
        ) : null}
        {can.stepsRead ? (
          <Route path="/housing-company/:id/steps" element={<HousingCompanyStepsRedirect />} />
        ) : null}
        {can.helpRead ? <Route path="/help" element={<HelpSection />} /> : null}
        {can.helpRead ? <Route path="/help/faq/:id" element={<HelpEntry />} /> : null}
        {can.siteContentWrite ? <Route path="/help/update/:id" element={<HelpUpdate />} /> : null}
        {can.contentWrite || can.contactsWrite || can.campaignsWrite || can.stepsWrite ? (
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
            dataProvider: createDataProvider(createHttpClient(session), createFileFetch(session)),
            i18nProvider: createI18nProvider(language),
          }
        : null,
    [session, language, ready],
  );
  if (!providers) return <div aria-busy="true" className="porta-starting" />;

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
      theme={portaTheme}
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
