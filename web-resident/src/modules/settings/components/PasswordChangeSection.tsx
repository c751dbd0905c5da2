import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/services';
import { Alert } from '../../../shared/ui/Alert';
import { SubmitButton, TextField } from '../../../shared/ui/fields';
import { errorCode } from '../../errors';
import { NewPasswordFields, useNewPasswordCheck } from '../../identity';

type Field = 'currentPassword' | 'newPassword' | 'newPasswordConfirmation';
type Errors = Partial<Record<Field, string>>;

/** Which field a refusal of the server belongs to. */
const FIELD_OF_CODE: Record<string, Field> = {
  IDN_INSUFFICIENT_CREDENTIALS: 'currentPassword',
  IDN_PASSWORD_FORMAT: 'newPassword',
  IDN_PASSWORD_TOO_COMMON: 'newPassword',
  IDN_PASSWORD_MISMATCH: 'newPasswordConfirmation',
};

/**
 * Change password (03 §2, §5, ADR 0020): the current password, the new one (8 to 256 characters,
 * three of the four character classes unless it is a passphrase of 15 or more, and not a common
 * password) and the new one again ("Password doesn't match"). The same rules are checked here
 * first; the server's refusals show at the field they concern.
 */
export function PasswordChangeSection() {
  const { t } = useTranslation(['resident', 'common']);
  const { identity } = useServices();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    newPasswordConfirmation: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    newPasswordConfirmation: useRef<HTMLInputElement>(null),
  };
  const newPassword = useNewPasswordCheck();
  const texts = {
    IDN_INSUFFICIENT_CREDENTIALS: t('common:errors.codes.IDN_INSUFFICIENT_CREDENTIALS'),
    ...newPassword.texts,
  } as Record<string, string>;

  const focusFirst = (found: Errors) => {
    const first = (['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const).find(
      (f) => found[f],
    );
    if (first) refs[first].current?.focus();
  };

  const change = useMutation({
    mutationFn: () => identity.changePassword(values),
    onSuccess: () => {
      setDone(true);
      setValues({ currentPassword: '', newPassword: '', newPasswordConfirmation: '' });
    },
    onError: (error) => {
      const code = errorCode(error);
      const field = code ? FIELD_OF_CODE[code] : undefined;
      if (code && field) {
        const found = { [field]: texts[code] };
        setErrors(found);
        focusFirst(found);
      } else {
        setFailure(t('settings.password.failed'));
      }
    },
  });

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setDone(false);
    setFailure(null);
    const checked = newPassword.check(values.newPassword, values.newPasswordConfirmation);
    const found: Errors = {
      currentPassword: values.currentPassword ? undefined : t('common:form.required'),
      newPassword: checked.password,
      newPasswordConfirmation: checked.confirmation,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirst(found);
      return;
    }
    change.mutate();
  };

  return (
    <section className="card" aria-labelledby="settings-password">
      <h2 id="settings-password" className="card__title">
        {t('settings.password.title')}
      </h2>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label={t('settings.password.current')}
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          required
          error={errors.currentPassword}
          inputRef={refs.currentPassword}
        />
        <NewPasswordFields
          password={{
            label: t('settings.password.new'),
            value: values.newPassword,
            onChange: set('newPassword'),
            error: errors.newPassword,
            inputRef: refs.newPassword,
          }}
          confirmation={{
            label: t('settings.password.confirm'),
            value: values.newPasswordConfirmation,
            onChange: set('newPasswordConfirmation'),
            error: errors.newPasswordConfirmation,
            inputRef: refs.newPasswordConfirmation,
          }}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        {done && <Alert tone="success">{t('settings.password.changed')}</Alert>}
        <div className="form__actions">
          <SubmitButton busy={change.isPending} label={t('settings.password.submit')} />
        </div>
      </form>
    </section>
  );
}
