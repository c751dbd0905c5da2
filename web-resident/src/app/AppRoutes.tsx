import { type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RequirePolicy, type RoutePolicy } from '../modules/access';
import { LoginPage, LogoutPage } from '../modules/auth';
import { CatchAllLayout, ContentPage } from '../modules/content-pages';
import { ErrorPage } from '../modules/errors';
import { AppLayout, PageFrame, RouteMetaProvider } from '../modules/layout';
import { MAINTENANCE_PATH, MaintenancePage } from '../modules/maintenance';
import { MANAGE_ROUTE } from '../modules/service-requests/utils/paths';
import { Loader } from '../shared/ui/Loader';
import {
  REGISTER_PATH,
  RequireApplicationError,
  RequireSignedOut,
  RequireSignIn,
  RequireUnregistered,
  SignedInRules,
  StaffAppRedirect,
} from './guards';
import { lazyPage } from './lazy-page';
import { resolveRouteMeta, SIGNED_IN_ROUTES } from './routes';
import { SessionFrame } from './SessionFrame';

const RegisterPage = lazyPage(() => import('../modules/profile'), 'RegisterPage');
const ManageServiceRequestPage = lazyPage(
  () => import('../modules/service-requests'),
  'ManageServiceRequestPage',
);
const EmailChangedPage = lazyPage(() => import('../modules/settings'), 'EmailChangedPage');
/** An invitation's page (with the password rules and the common-password list) only when opened. */
const FirstLoginPage = lazyPage(() => import('../modules/auth/components/FirstLoginPage'), 'FirstLoginPage');

/** One page of the signed-in app in its frame (hero, section title), behind its policy. */
function RoutePage({ policy, children }: { policy: RoutePolicy | undefined; children: ReactNode }) {
  return (
    <PageFrame>
      <RequirePolicy policy={policy}>
        {/* The page's own chunk may still be on its way: the frame stays, a spinner in the page. */}
        <Suspense fallback={<Loader />}>{children}</Suspense>
      </RequirePolicy>
    </PageFrame>
  );
}

/**
 * Public: /login (signed out only), /error (only with an application error), /maintenance,
 * /firstlogin, /profile/email-changed/…, /service-requests/manage/… (more specific than the old
 * service-request addresses' redirect, so it wins), /logout. /register for signed-in users not registered yet.
 * Everything else needs a signed-in, registered user and renders inside the layout frame (01 §2, §6).
 */
export function AppRoutes() {
  return (
    <RouteMetaProvider resolve={resolveRouteMeta}>
      <Suspense fallback={<Loader fullScreen />}>
        <Routes>
          <Route element={<SessionFrame />}>
            <Route
              path="/login"
              element={
                <RequireSignedOut>
                  <LoginPage />
                </RequireSignedOut>
              }
            />
            <Route
              path="/error"
              element={
                <RequireApplicationError>
                  <ErrorPage />
                </RequireApplicationError>
              }
            />
            <Route path={MAINTENANCE_PATH} element={<MaintenancePage />} />
            <Route path="/firstlogin" element={<FirstLoginPage />} />
            <Route path="/profile/email-changed/:userUuid/:confirmCode" element={<EmailChangedPage />} />
            {/* Managing a service request by the link in a recipient's e-mail (ADR 0018): no sign-in. */}
            <Route path={MANAGE_ROUTE} element={<ManageServiceRequestPage />} />
            <Route
              path="/logout"
              element={
                <StaffAppRedirect>
                  <LogoutPage />
                </StaffAppRedirect>
              }
            />
            <Route
              path={REGISTER_PATH}
              element={
                <RequireSignIn>
                  <StaffAppRedirect>
                    <RequireUnregistered>
                      <RegisterPage />
                    </RequireUnregistered>
                  </StaffAppRedirect>
                </RequireSignIn>
              }
            />
            <Route
              element={
                <RequireSignIn>
                  <StaffAppRedirect>
                    <SignedInRules>
                      <AppLayout />
                    </SignedInRules>
                  </StaffAppRedirect>
                </RequireSignIn>
              }
            >
              {SIGNED_IN_ROUTES.map((route) => (
                <Route
                  key={route.path}
                  path={route.path}
                  element={<RoutePage policy={route.policy}>{route.element}</RoutePage>}
                />
              ))}
            </Route>
            {/* The catch-all content page (01 §2): public, in the signed-in layout for signed-in users. */}
            <Route
              element={
                <CatchAllLayout
                  signedIn={
                    <StaffAppRedirect>
                      <SignedInRules>
                        <AppLayout />
                      </SignedInRules>
                    </StaffAppRedirect>
                  }
                />
              }
            >
              <Route path="*" element={<ContentPage />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </RouteMetaProvider>
  );
}
