import { FIELD_MAX_LENGTH_DEFAULT, languageOfLocale } from '@porta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField, SelectField, SubmitButton } from '../../../shared/ui/fields';
import { errorCode, useErrorText } from '../../errors';
import { ME_QUERY_KEY } from '../../identity';
import { applyLanguage } from '../../language';
import { Logo, usePageMeta } from '../../layout';
import { useCurrentUser } from '../../startup';
import { useRegister } from '../hooks/use-profile';
import { type Gender, genderOf, LOCALE_OPTIONS, maleOf, supportedLocale } from '../utils/profile-fields';
import { GenderField, PhoneField, PublicProfileField } from './ProfileFields';

/** Where a signed-in user was heading when sent to /register. */
export interface RegisterLocationState {
  from?: string;
}

/**
 * /register (01 §2, §6): a signed-in user who is not registered yet completes the registration —
 * language, phone, gender, public profile and the terms (POST /me/register). Once registered, the
 * route guard sends them on to where they were heading.
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation(['resident', 'common']);
  usePageMeta({ title: t('register.pageTitle') });
  const { me } = useCurrentUser();
  const errorText = useErrorText();
  const register = useRegister();
  const queryClient = useQueryClient();
  const hintId = useId();
  const [locale, setLocale] = useState(supportedLocale(me.user.locale || i18n.language));
  const [phone, setPhone] = useState(me.user.phone ?? '');
  const [gender, setGender] = useState<Gender>(genderOf(me.user.male));
  const [publicProfile, setPublicProfile] = useState(me.user.publicProfile);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<{ phone?: string; acceptTerms?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const termsRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const next: typeof errors = {};
    if (phone.trim().length > FIELD_MAX_LENGTH_DEFAULT) {
      next.phone = t('common:form.maxLength', { max: FIELD_MAX_LENGTH_DEFAULT });
    }
    if (!acceptTerms) next.acceptTerms = t('register.termsRequired');
    setErrors(next);
    setFailure(null);
    if (next.acceptTerms) termsRef.current?.focus();
    if (next.phone || next.acceptTerms) return;

    register.mutate(
      {
        locale,
        phoneNumber: phone.trim(),
        male: maleOf(gender),
        publicProfile,
        acceptTerms: true,
      },
      {
        // Registered now: the route guard sends the user on to where they were heading.
        onSuccess: (registered) => {
          void applyLanguage(i18n, languageOfLocale(registered.user.locale));
        },
        onError: (error) => {
          if (errorCode(error) === 'IDN_ALREADY_REGISTERED') {
            void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
            return;
          }
          setFailure(errorText(error));
        },
      },
    );
  };

  return (
    <main className="login-page" id="main">
      <div className="login-card login-card--wide">
        <p className="login-card__brand">
          <Logo />
          <span>{t('common:siteName')}</span>
        </p>
        <h1 className="login-card__title">{t('register.heading')}</h1>
        <p className="login-card__intro">{t('register.intro', { firstName: me.user.firstName })}</p>
        <form className="form" noValidate onSubmit={submit} aria-describedby={hintId}>
          <p id={hintId} className="form__hint">
            {t('common:form.requiredFieldsHint')}
          </p>
          <SelectField
            label={t('profile.language')}
            value={locale}
            onChange={setLocale}
            options={LOCALE_OPTIONS}
            required
          />
          <PhoneField value={phone} onChange={setPhone} error={errors.phone} />
          <GenderField value={gender} onChange={setGender} />
          <PublicProfileField checked={publicProfile} onChange={setPublicProfile} />
          <CheckboxField
            label={t('register.acceptTerms')}
            checked={acceptTerms}
            onChange={(checked) => {
              setAcceptTerms(checked);
              if (checked) setErrors((e) => ({ ...e, acceptTerms: undefined }));
            }}
            required
            error={errors.acceptTerms}
            inputRef={termsRef}
          />
          <p className="form__hint">
            <a href={t('footer.termsPath')} target="_blank" rel="noopener noreferrer">
              {t('register.readTerms')}
              <span className="visually-hidden"> ({t('navigation.opensInNewTab')})</span>
            </a>
          </p>
          <div className="form__alert" role="alert">
            {failure}
          </div>
          <SubmitButton busy={register.isPending} label={t('register.submit')} block />
        </form>
        <p className="login-card__footer">
          <Link to="/logout">{t('logout.action')}</Link>
        </p>
      </div>
    </main>
  );
}
