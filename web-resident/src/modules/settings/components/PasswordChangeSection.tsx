import { checkPassword, PASSPHRASE_MIN_LENGTH, PASSWORD_MIN_LENGTH, passwordRefusal } from '@porta/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/services';
import { Alert } from '../../../shared/ui/Alert';
import { TextField } from '../../../shared/ui/fields';
import { errorCode } from '../../errors';

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
  const texts = {
    IDN_INSUFFICIENT_CREDENTIALS: t('common:errors.codes.IDN_INSUFFICIENT_CREDENTIALS'),
    IDN_PASSWORD_FORMAT: t('common:errors.codes.IDN_PASSWORD_FORMAT'),
    IDN_PASSWORD_TOO_COMMON: t('common:errors.codes.IDN_PASSWORD_TOO_COMMON'),
    IDN_PASSWORD_MISMATCH: t('common:errors.codes.IDN_PASSWORD_MISMATCH'),
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
    const found: Errors = {};
    const required = t('common:form.required');
    if (!values.currentPassword) found.currentPassword = required;
    if (!values.newPassword) found.newPassword = required;
    else {
      const refusal = passwordRefusal(checkPassword(values.newPassword));
      if (refusal) found.newPassword = texts[refusal];
    }
    if (!values.newPasswordConfirmation) found.newPasswordConfirmation = required;
    else if (values.newPassword && values.newPasswordConfirmation !== values.newPassword) {
      found.newPasswordConfirmation = texts.IDN_PASSWORD_MISMATCH;
    }
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
        <TextField
          label={t('settings.password.new')}
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          required
          error={errors.newPassword}
          hint={t('settings.password.rules', { min: PASSWORD_MIN_LENGTH, passphrase: PASSPHRASE_MIN_LENGTH })}
          inputRef={refs.newPassword}
        />
        <TextField
          label={t('settings.password.confirm')}
          type="password"
          autoComplete="new-password"
          value={values.newPasswordConfirmation}
          onChange={set('newPasswordConfirmation')}
          required
          error={errors.newPasswordConfirmation}
          inputRef={refs.newPasswordConfirmation}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        {done && <Alert tone="success">{t('settings.password.changed')}</Alert>}
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={change.isPending}
            aria-busy={change.isPending || undefined}
          >
            {t('settings.password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
