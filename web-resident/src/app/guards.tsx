import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isConsumptionManagerOnly } from '../modules/access';
import { BUSINESS_PARTNER_DASHBOARD_PATH } from '../modules/business-partners';
import { ADMIN_PATH, useRouteMeta } from '../modules/layout';
import { MAINTENANCE_PATH, sendsToMaintenance } from '../modules/maintenance';
import type { RegisterLocationState } from '../modules/profile';
import { useAuth, useCurrentUser } from '../modules/startup';
import { useAppConfig, useLeaveApp, useServices } from '../shared/services';
import { Loader } from '../shared/ui/Loader';
import { lazyPage } from './lazy-page';

const DashboardPage = lazyPage(() => import('../modules/dashboard'), 'DashboardPage');

/**
 * Fetch the dashboard's module while startup runs when a signed-in visit opens the front page, so
 * that its boxes ask for their data as soon as the app mounts instead of after one more download.
 */
export function preloadLandingPage(pathname: string, signedIn: boolean): void {
  if (signedIn && pathname === '/') void DashboardPage.preload().catch(() => undefined);
}

export const REGISTER_PATH = '/register';

/** Protected routes: a signed-out visitor's intended address is stored and they go to /login. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { session } = useServices();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const signedIn = auth.status === 'signedIn';

  useEffect(() => {
    if (signedIn) return;
    session.rememberRoute(`${pathname}${search}${hash}`);
    navigate('/login', { replace: true });
  }, [signedIn, session, pathname, search, hash, navigate]);

  return signedIn ? children : <Loader fullScreen />;
}

/** Logged-out-only routes (/login): a signed-in user goes on to the stored address, else home. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { session } = useServices();
  const navigate = useNavigate();
  const signedIn = auth.status === 'signedIn';
  const redirected = useRef(false);

  useEffect(() => {
    if (!signedIn || redirected.current) return;
    redirected.current = true;
    navigate(session.takeRememberedRoute() ?? '/', { replace: true });
  }, [signedIn, session, navigate]);

  return signedIn ? <Loader fullScreen /> : children;
}

/** /error exists only while there is an application error. */
export function RequireApplicationError({ children }: { children: ReactNode }) {
  const auth = useAuth();
  return auth.status === 'failed' ? children : <Navigate to="/" replace />;
}

/**
 * A signed-in user whose only role is consumptionManager works in the staff app: from the resident
 * app's non-admin, profile, logout and register paths they go to /admin, a full page load (01 §6).
 * Admin routes are left alone.
 */
export function StaffAppRedirect({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const leaveApp = useLeaveApp();
  const { admin } = useRouteMeta();
  const leaving = auth.status === 'signedIn' && !admin && isConsumptionManagerOnly(auth.me);

  useEffect(() => {
    if (leaving) leaveApp(ADMIN_PATH);
  }, [leaving, leaveApp]);

  return leaving ? <Loader fullScreen /> : children;
}

/**
 * An address the staff app serves, reached in the resident app (a link from a mail or an old
 * bookmark): it is left for the staff app's screen, a full page load.
 */
export function LeaveForStaffApp({ to }: { to: string }) {
  const leaveApp = useLeaveApp();
  useEffect(() => leaveApp(`${ADMIN_PATH}${to}`), [leaveApp, to]);
  return <Loader fullScreen />;
}

/**
 * The rules of the signed-in app (01 §6, §2): a user who is not registered yet goes to /register
 * (and on to the page they wanted afterwards); the maintenance break sends non-admins to
 * /maintenance.
 */
export function SignedInRules({ children }: { children: ReactNode }) {
  const { me, housingCompany } = useCurrentUser();
  const config = useAppConfig();
  const { pathname, search } = useLocation();

  if (!me.user.registered) {
    const state: RegisterLocationState = { from: `${pathname}${search}` };
    return <Navigate to={REGISTER_PATH} replace state={state} />;
  }
  if (sendsToMaintenance(config.maintenance, me, housingCompany)) {
    return <Navigate to={MAINTENANCE_PATH} replace />;
  }
  return children;
}

/** /register is only for users who are not registered yet; the others go on (or home). */
export function RequireUnregistered({ children }: { children: ReactNode }) {
  const { me } = useCurrentUser();
  const from = (useLocation().state as RegisterLocationState | null)?.from;
  const next = from?.startsWith('/') && !from.startsWith(REGISTER_PATH) ? from : '/';
  return me.user.registered ? <Navigate to={next} replace /> : children;
}

/** The front page: the dashboard, or the business partner dashboard for business partners (01 §2). */
export function HomeRoute() {
  const { me } = useCurrentUser();
  return me.user.isBusinessPartner ? (
    <Navigate to={BUSINESS_PARTNER_DASHBOARD_PATH} replace />
  ) : (
    <DashboardPage />
  );
}
