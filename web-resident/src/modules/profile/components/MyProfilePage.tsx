import { FIELD_MAX_LENGTH_DEFAULT, languageOfLocale, type MeUser } from '@porta/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/Alert';
import { SelectField, SubmitButton, TextField } from '../../../shared/ui/fields';
import { isPartnerOnly } from '../../access';
import { serverFieldErrors, useErrorText } from '../../errors';
import { applyLanguage } from '../../language';
import { usePageMeta } from '../../layout';
import { useCurrentUser } from '../../startup';
import { useUpdateProfile } from '../hooks/use-profile';
import {
  type Gender,
  genderOf,
  LOCALE_OPTIONS,
  localeName,
  maleOf,
  supportedLocale,
} from '../utils/profile-fields';
import { GenderField, PhoneField, PublicProfileField } from './ProfileFields';

/**
 * /my-profile (01 §2, 03 §2): the user's own details, and a form to change names, phone, language,
 * public profile and gender (PUT /me/profile). Partners cannot manage their profile (01 §6): they
 * only see it.
 */
export function MyProfilePage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('profile.pageTitle') });
  const { me } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const partnerOnly = isPartnerOnly(me);
  const user = me.user;

  const finish = (didSave: boolean) => {
    setEditing(false);
    setSaved(didSave);
    // Back on the details, focus returns to where editing started.
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  return (
    <section className="page page--narrow" aria-labelledby="my-profile-title">
      <h1 id="my-profile-title">{t('profile.pageTitle')}</h1>
      {saved && !editing && <Alert tone="success">{t('profile.saved')}</Alert>}
      {editing ? (
        <ProfileForm user={user} onDone={finish} />
      ) : (
        <>
          <dl className="details">
            <Detail label={t('profile.firstName')} value={user.firstName} />
            <Detail label={t('profile.lastName')} value={user.lastName} />
            <Detail label={t('profile.email')} value={user.email} />
            <Detail label={t('profile.phone')} value={user.phone || t('profile.notGiven')} />
            <Detail label={t('profile.language')} value={localeName(user.locale)} />
            <Detail label={t('profile.gender')} value={t(`profile.genders.${genderOf(user.male)}`)} />
            <Detail
              label={t('profile.publicProfile')}
              value={user.publicProfile ? t('profile.yes') : t('profile.no')}
            />
          </dl>
          {partnerOnly ? (
            <p className="muted">{t('profile.partnersCannotEdit')}</p>
          ) : (
            <button
              ref={editButtonRef}
              type="button"
              className="button button--primary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              {t('profile.edit')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="details__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

type ProfileField = 'firstName' | 'lastName' | 'phone' | 'locale';
const FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'phone', 'locale'];

function ProfileForm({ user, onDone }: { user: MeUser; onDone(saved: boolean): void }) {
  const { t, i18n } = useTranslation(['resident', 'common']);
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const hintId = useId();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [locale, setLocale] = useState(supportedLocale(user.locale));
  const [publicProfile, setPublicProfile] = useState(user.publicProfile);
  const [gender, setGender] = useState<Gender>(genderOf(user.male));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const next: Partial<Record<ProfileField, string>> = {};
    const tooLong = t('common:form.maxLength', { max: FIELD_MAX_LENGTH_DEFAULT });
    if (!firstName.trim()) next.firstName = t('common:form.required');
    else if (firstName.trim().length > FIELD_MAX_LENGTH_DEFAULT) next.firstName = tooLong;
    if (!lastName.trim()) next.lastName = t('common:form.required');
    else if (lastName.trim().length > FIELD_MAX_LENGTH_DEFAULT) next.lastName = tooLong;
    if (phone.trim().length > FIELD_MAX_LENGTH_DEFAULT) next.phone = tooLong;
    setErrors(next);
    setFailure(null);
    if (next.firstName) return firstNameRef.current?.focus();
    if (next.lastName) return lastNameRef.current?.focus();
    if (next.phone) return;

    update.mutate(
      {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        phone: phone.trim(),
        locale,
        publicProfile,
        male: maleOf(gender),
      },
      {
        onSuccess: (saved) => {
          if (languageOfLocale(saved.locale) !== languageOfLocale(user.locale)) {
            void applyLanguage(i18n, languageOfLocale(saved.locale));
          }
          onDone(true);
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error, FIELDS));
          setFailure(errorText(error));
        },
      },
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-describedby={hintId}>
      <p id={hintId} className="form__hint">
        {t('common:form.requiredFieldsHint')}
      </p>
      <TextField
        label={t('profile.firstName')}
        value={firstName}
        onChange={setFirstName}
        autoComplete="given-name"
        required
        error={errors.firstName}
        inputRef={firstNameRef}
      />
      <TextField
        label={t('profile.lastName')}
        value={lastName}
        onChange={setLastName}
        autoComplete="family-name"
        required
        error={errors.lastName}
        inputRef={lastNameRef}
      />
      <PhoneField value={phone} onChange={setPhone} error={errors.phone} />
      <SelectField
        label={t('profile.language')}
        value={locale}
        onChange={setLocale}
        options={LOCALE_OPTIONS}
        error={errors.locale}
      />
      <GenderField value={gender} onChange={setGender} />
      <PublicProfileField checked={publicProfile} onChange={setPublicProfile} />
      <div className="form__alert" role="alert">
        {failure}
      </div>
      <div className="form__actions">
        <SubmitButton busy={update.isPending} label={t('profile.save')} />
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          {t('common:actions.cancel')}
        </button>
      </div>
    </form>
  );
}
