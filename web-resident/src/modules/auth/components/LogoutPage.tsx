import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../../shared/services';
import { Loader } from '../../../shared/ui/Loader';
import { useStartup } from '../../startup';

/** /logout: end the session on the server (best effort), forget it here, and go to /login. */
export function LogoutPage() {
  const { t } = useTranslation();
  const { session } = useServices();
  const { signOut } = useStartup();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void session
      .logout()
      .catch(() => undefined)
      .then(() => {
        signOut();
        navigate('/login', { replace: true });
      });
  }, [session, signOut, navigate]);

  return <Loader fullScreen label={t('logout.inProgress')} />;
}
