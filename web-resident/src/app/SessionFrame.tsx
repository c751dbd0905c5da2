import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { SessionExpiredModal, useSessionState, useSilentRefresh } from '../modules/session';
import { useStartup } from '../modules/startup';
import { useServices } from '../shared/services';

/**
 * Wraps every route: sends a failed startup to /error, keeps a signed-in session refreshed, and puts
 * the session-expired modal over the page (the page behind it becomes inert) when the session ends
 * while the user is signed in.
 */
export function SessionFrame() {
  const { session } = useServices();
  const { auth, signOut } = useStartup();
  const sessionState = useSessionState();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signedIn = auth.status === 'signedIn';
  const expired = signedIn && sessionState === 'expired';

  useSilentRefresh(session, signedIn && sessionState === 'active');

  if (auth.status === 'failed' && pathname !== '/error') return <Navigate to="/error" replace />;

  const signInAgain = () => {
    session.rememberRoute(`${pathname}${search}`);
    signOut();
    navigate('/login');
  };

  return (
    <>
      <div className="app-root" inert={expired}>
        <Outlet />
      </div>
      {expired && <SessionExpiredModal onSignInAgain={signInAgain} />}
    </>
  );
}
