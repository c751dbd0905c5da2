import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../modules/startup';
import { useServices } from '../shared/services';
import { Loader } from '../shared/ui/Loader';

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
