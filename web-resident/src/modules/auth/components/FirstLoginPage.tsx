import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useServices } from '../../../shared/services';
import { SubmitButton } from '../../../shared/ui/fields';
import { Loader } from '../../../shared/ui/Loader';
import { errorCode, useErrorText } from '../../errors';
import { NewPasswordFields, useNewPasswordCheck } from '../../identity';
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
  const newPassword = useNewPasswordCheck();
  const { texts } = newPassword;

  const setPassword = useMutation({
    mutationFn: () => identity.completeFirstLogin(token, values),
    onSuccess: () => {
      const state: LoginLocationState = { notice: 'passwordSet', email: invitation.data?.email };
      navigate('/login', { replace: true, state });
    },
    onError: (error) => {
      const code = errorCode(error);
      if (code === 'IDN_PASSWORD_FORMAT' || code === 'IDN_PASSWORD_TOO_COMMON') {
        setErrors({ password: texts[code] });
      }
      if (code === 'IDN_PASSWORD_MISMATCH') setErrors({ passwordConfirmation: texts[code] });
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
    // The user's own name and address are no password either (the server checks the same).
    const checked = newPassword.check(values.password, values.passwordConfirmation, [
      invitation.data?.firstName,
      invitation.data?.lastName,
      invitation.data?.email,
    ]);
    const found: Partial<Record<Field, string>> = {
      password: checked.password,
      passwordConfirmation: checked.confirmation,
    };
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
            <NewPasswordFields
              password={{
                label: t('firstLogin.password'),
                value: values.password,
                onChange: set('password'),
                error: errors.password,
                inputRef: refs.password,
              }}
              confirmation={{
                label: t('firstLogin.passwordConfirmation'),
                value: values.passwordConfirmation,
                onChange: set('passwordConfirmation'),
                error: errors.passwordConfirmation,
                inputRef: refs.passwordConfirmation,
              }}
            />
            <div className="form__alert" role="alert">
              {setPassword.isError && !fieldCodes.includes(errorCode(setPassword.error) ?? '')
                ? errorText(setPassword.error)
                : null}
            </div>
            <SubmitButton busy={setPassword.isPending} label={t('firstLogin.submit')} block />
          </form>
        </>
      )}
    </PublicCard>
  );
}
