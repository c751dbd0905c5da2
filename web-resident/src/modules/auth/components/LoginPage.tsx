import type { SessionClient } from '@porta/web-kit';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../../../shared/services';
import { b2cStartUrl } from '../../identity';
import { PublicCard, usePageMeta } from '../../layout';
import { useStartup } from '../../startup';
import { useLoginOptions } from '../hooks/use-login-options';
import type { LoginLocationState } from './FirstLoginPage';
import { type Credentials, LoginForm } from './LoginForm';

/** The route stored for after sign-in, left in place (the password form may still need it). */
function peekRememberedRoute(session: SessionClient): string {
  const route = session.takeRememberedRoute() ?? '/';
  session.rememberRoute(route);
  return route;
}

/**
 * /login (only when signed out). Password sign-in, plus the consumer (b2c) sign-in when configured:
 * a full-page trip to the provider, which sends the browser back to /login?code=…&state=…; startup
 * exchanges that code before this page is ever shown.
 */
export function LoginPage() {
  const { t } = useTranslation(['resident', 'common']);
  usePageMeta({ title: t('login.pageTitle') });
  const { session } = useServices();
  const { auth, signIn } = useStartup();
  const options = useLoginOptions();
  const { search, state } = useLocation();
  const [{ notice, email }] = useState<LoginLocationState>(() => (state as LoginLocationState | null) ?? {});
  const navigate = useNavigate();
  const [returnTo] = useState(() => peekRememberedRoute(session));
  const loginError = auth.status === 'signedOut' ? auth.loginError : null;

  // A consumer sign-in that failed leaves its code in the address; it must not be sent again.
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('code') && !params.has('state')) return;
    params.delete('code');
    params.delete('state');
    const rest = params.toString();
    navigate({ search: rest ? `?${rest}` : '' }, { replace: true });
  }, [search, navigate]);

  const submit = async ({ email, password }: Credentials) => {
    await session.login(email, password);
    await signIn();
  };

  return (
    <PublicCard title={t('login.heading')}>
      <p className="login-card__intro">{t('login.intro')}</p>
      {notice && (
        <p className="alert alert--success" role="status">
          {t(`login.notices.${notice}`)}
        </p>
      )}
      <LoginForm onSubmit={submit} initialError={loginError} initialEmail={email} />
      {options.data?.b2c && (
        <>
          <p className="login-card__divider">
            <span>{t('login.or')}</span>
          </p>
          <a className="button button--secondary button--block" href={b2cStartUrl(returnTo)}>
            {t('login.consumerAccount')}
          </a>
        </>
      )}
    </PublicCard>
  );
}
