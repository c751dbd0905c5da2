import { checkPassword, PASSPHRASE_MIN_LENGTH, PASSWORD_MIN_LENGTH, passwordRefusal } from '@porta/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useServices } from '../../../shared/services';
import { TextField } from '../../../shared/ui/fields';
import { Loader } from '../../../shared/ui/Loader';
import { errorCode, useErrorText } from '../../errors';
import { PublicCard, usePageMeta } from '../../layout';

type Field = 'password' | 'passwordConfirmation';

/** What the login page shows after a redirect (a note, and the e-mail to prefill). */
export interface LoginLocationState {
  notice?: 'deactivated' | 'passwordSet';
  email?: string;
}

/**
 * /firstlogin?token=… (public, 01 §2): the link of an invitation. Shows whose invitation it is, lets
 * the user set a password twice (03 §5 rules), then sends them to /login to sign in and register.
 */
export function FirstLoginPage() {
  const { t } = useTranslation(['resident', 'common']);
  usePageMeta({ title: t('firstLogin.pageTitle') });
  const { identity } = useServices();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const invitation = useQuery({
    queryKey: ['first-login', token],
    queryFn: () => identity.getFirstLogin(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const [values, setValues] = useState<Record<Field, string>>({ password: '', passwordConfirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const refs = {
    password: useRef<HTMLInputElement>(null),
    passwordConfirmation: useRef<HTMLInputElement>(null),
  };
  const formatText = t('common:errors.codes.IDN_PASSWORD_FORMAT');
  const mismatchText = t('common:errors.codes.IDN_PASSWORD_MISMATCH');
  const tooCommonText = t('common:errors.codes.IDN_PASSWORD_TOO_COMMON');

  const setPassword = useMutation({
    mutationFn: () => identity.completeFirstLogin(token, values),
    onSuccess: () => {
      const state: LoginLocationState = { notice: 'passwordSet', email: invitation.data?.email };
      navigate('/login', { replace: true, state });
    },
    onError: (error) => {
      const code = errorCode(error);
      if (code === 'IDN_PASSWORD_FORMAT') setErrors({ password: formatText });
      if (code === 'IDN_PASSWORD_TOO_COMMON') setErrors({ password: tooCommonText });
      if (code === 'IDN_PASSWORD_MISMATCH') setErrors({ passwordConfirmation: mismatchText });
    },
  });

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (setPassword.isPending) return;
    setPassword.reset();
    const found: Partial<Record<Field, string>> = {};
    if (!values.password) found.password = t('common:form.required');
    else {
      // The user's own name and address are no password either (the server checks the same).
      const check = checkPassword(values.password, [
        invitation.data?.firstName,
        invitation.data?.lastName,
        invitation.data?.email,
      ]);
      const refusal = passwordRefusal(check);
      if (refusal) found.password = refusal === 'IDN_PASSWORD_FORMAT' ? formatText : tooCommonText;
    }
    if (!values.passwordConfirmation) found.passwordConfirmation = t('common:form.required');
    else if (values.password && values.password !== values.passwordConfirmation) {
      found.passwordConfirmation = mismatchText;
    }
    setErrors(found);
    const first = (['password', 'passwordConfirmation'] as const).find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setPassword.mutate();
  };

  const invalidLink = token === '' || invitation.isError;
  const linkError = invitation.isError
    ? errorText(invitation.error)
    : t('common:errors.codes.IDN_LINK_INVALID');
  const fieldCodes = ['IDN_PASSWORD_FORMAT', 'IDN_PASSWORD_TOO_COMMON', 'IDN_PASSWORD_MISMATCH'];

  return (
    <PublicCard title={t('firstLogin.heading')}>
      {invalidLink ? (
        <>
          <p className="form__alert" role="alert">
            {linkError}
          </p>
          <p>
            <Link to="/login">{t('firstLogin.toLogin')}</Link>
          </p>
        </>
      ) : !invitation.data ? (
        <Loader />
      ) : (
        <>
          <p className="login-card__intro">
            {t('firstLogin.intro', { firstName: invitation.data.firstName, email: invitation.data.email })}
          </p>
          <form className="form" noValidate onSubmit={submit}>
            {/* For password managers: the account the new password belongs to. */}
            <input type="hidden" name="username" autoComplete="username" value={invitation.data.email} />
            <TextField
              label={t('firstLogin.password')}
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              required
              error={errors.password}
              hint={t('settings.password.rules', {
                min: PASSWORD_MIN_LENGTH,
                passphrase: PASSPHRASE_MIN_LENGTH,
              })}
              inputRef={refs.password}
            />
            <TextField
              label={t('firstLogin.passwordConfirmation')}
              type="password"
              autoComplete="new-password"
              value={values.passwordConfirmation}
              onChange={set('passwordConfirmation')}
              required
              error={errors.passwordConfirmation}
              inputRef={refs.passwordConfirmation}
            />
            <div className="form__alert" role="alert">
              {setPassword.isError && !fieldCodes.includes(errorCode(setPassword.error) ?? '')
                ? errorText(setPassword.error)
                : null}
            </div>
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={setPassword.isPending}
              aria-busy={setPassword.isPending || undefined}
            >
              {t('firstLogin.submit')}
            </button>
          </form>
        </>
      )}
    </PublicCard>
  );
}
