import { useTranslation } from 'react-i18next';
import { CheckboxField, RadioGroupField, TextField } from '../../../shared/ui/fields';
import type { Gender } from '../utils/profile-fields';

/** The phone number of the profile and registration forms (optional). */
export function PhoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('resident');
  return (
    <TextField
      label={t('profile.phone')}
      type="tel"
      value={value}
      onChange={onChange}
      autoComplete="tel"
      error={error}
    />
  );
}

/** The gender choice of the profile and registration forms (03 §3): female, male or not given. */
export function GenderField({ value, onChange }: { value: Gender; onChange(value: Gender): void }) {
  const { t } = useTranslation('resident');
  return (
    <RadioGroupField<Gender>
      legend={t('profile.gender')}
      name="gender"
      value={value}
      onChange={onChange}
      options={[
        { value: 'female', label: t('profile.genders.female') },
        { value: 'male', label: t('profile.genders.male') },
        { value: 'unspecified', label: t('profile.genders.unspecified') },
      ]}
    />
  );
}

/** Whether other residents see the profile, in the profile and registration forms. */
export function PublicProfileField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const { t } = useTranslation('resident');
  return <CheckboxField label={t('profile.publicProfileOption')} checked={checked} onChange={onChange} />;
}
