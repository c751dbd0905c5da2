import { ApiError } from '@porta/web-kit';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../errors';

export interface Credentials {
  email: string;
  password: string;
}

type Field = keyof Credentials;
type FieldErrors = Partial<Record<Field, string>>;

/**
 * E-mail and password with labels and required marks. Empty fields get 'This field is required' and
 * focus moves to the first of them; the server's message shows above the button (the same message for
 * a wrong password and an unknown e-mail, so nothing is revealed). The button is disabled while the
 * request is on its way.
 */
export function LoginForm({
  onSubmit,
  initialError,
  initialEmail = '',
}: {
  onSubmit(credentials: Credentials): Promise<void>;
  /** An error to show from the start (a failed consumer sign-in). */
  initialError?: unknown;
  /** The e-mail to start with (after setting the password of an invitation). */
  initialEmail?: string | undefined;
}) {
  const { t } = useTranslation(['resident', 'common']);
  const errorText = useErrorText();
  const [values, setValues] = useState<Credentials>({ email: initialEmail, password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(() =>
    initialError ? errorText(initialError) : null,
  );
  const [sending, setSending] = useState(false);
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const hintId = useId();

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (fieldErrors[field] && value) setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const credentials = { email: values.email.trim(), password: values.password };
    const errors: FieldErrors = {};
    if (!credentials.email) errors.email = t('common:form.required');
    if (!credentials.password) errors.password = t('common:form.required');
    setFieldErrors(errors);
    setServerError(null);
    const firstInvalid = (['email', 'password'] as const).find((f) => errors[f]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }

    setSending(true);
    try {
      await onSubmit(credentials);
    } catch (err) {
      setSending(false);
      const serverFieldErrors: FieldErrors = {};
      if (err instanceof ApiError) {
        for (const { path, message } of err.fieldErrors) {
          const field = path.replace(/^\//, '').split(/[./]/)[0];
          if (field === 'email' || field === 'password') serverFieldErrors[field] = message;
        }
      }
      setFieldErrors(serverFieldErrors);
      setServerError(errorText(err));
      const target = (['email', 'password'] as const).find((f) => serverFieldErrors[f]) ?? 'password';
      refs[target].current?.focus();
      refs[target].current?.select();
    }
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-describedby={hintId}>
      <p id={hintId} className="form__hint">
        {t('common:form.requiredFieldsHint')}
      </p>
      <TextField
        field="email"
        type="email"
        autoComplete="username"
        label={t('login.email')}
        value={values.email}
        error={fieldErrors.email}
        inputRef={refs.email}
        onChange={change}
      />
      <TextField
        field="password"
        type="password"
        autoComplete="current-password"
        label={t('login.password')}
        value={values.password}
        error={fieldErrors.password}
        inputRef={refs.password}
        onChange={change}
      />
      <div className="form__alert" role="alert">
        {serverError}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={sending}>
        {t('login.submit')}
      </button>
      {sending && (
        <p className="visually-hidden" role="status">
          {t('login.submitting')}
        </p>
      )}
    </form>
  );
}

function TextField({
  field,
  type,
  autoComplete,
  label,
  value,
  error,
  inputRef,
  onChange,
}: {
  field: Field;
  type: 'email' | 'password';
  autoComplete: string;
  label: string;
  value: string;
  error?: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onChange(field: Field, value: string): void;
}): ReactNode {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {/* Outside the label so that the field's name stays exactly the label; `required` tells AT. */}
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </div>
      <input
        ref={inputRef}
        id={id}
        name={field}
        className="field__input"
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(e) => onChange(field, e.target.value)}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
