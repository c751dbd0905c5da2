import { EMAIL_INVALID_MESSAGE, zUserEmail } from '@porta/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/services';
import { Alert } from '../../../shared/ui/Alert';
import { SubmitButton, TextField } from '../../../shared/ui/fields';
import { serverFieldErrors, useErrorText } from '../../errors';

/**
 * Change e-mail (03 §2, §5): the new address is trimmed and checked; a confirmation link goes to it
 * and the change takes effect when the link is opened.
 */
export function EmailChangeSection({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation(['resident', 'common']);
  const { identity } = useServices();
  const errorText = useErrorText();
  const [newEmail, setNewEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const change = useMutation({
    mutationFn: (email: string) => identity.requestEmailChange(email),
    onSuccess: (answer) => {
      setSentTo(answer.newEmail);
      setNewEmail('');
    },
    onError: (error) => {
      setFieldError(serverFieldErrors(error, ['newEmail'] as const).newEmail);
      inputRef.current?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setSentTo(null);
    change.reset();
    const email = newEmail.trim();
    if (!email) {
      setFieldError(t('common:form.required'));
      inputRef.current?.focus();
      return;
    }
    if (!zUserEmail.safeParse(email).success) {
      setFieldError(t('settings.email.invalid'));
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    change.mutate(email);
  };

  return (
    <section className="card" aria-labelledby="settings-email">
      <h2 id="settings-email" className="card__title">
        {t('settings.email.title')}
      </h2>
      <p>{t('settings.email.current', { email: currentEmail })}</p>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label={t('settings.email.newEmail')}
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(value) => {
            setNewEmail(value);
            if (fieldError && value) setFieldError(undefined);
          }}
          required
          error={fieldError === EMAIL_INVALID_MESSAGE ? t('settings.email.invalid') : fieldError}
          inputRef={inputRef}
        />
        {change.isError && !fieldError && <Alert tone="error">{errorText(change.error)}</Alert>}
        {sentTo && <Alert tone="success">{t('settings.email.sent', { email: sentTo })}</Alert>}
        <div className="form__actions">
          <SubmitButton busy={change.isPending} label={t('settings.email.submit')} />
        </div>
      </form>
    </section>
  );
}
