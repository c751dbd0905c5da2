import { checkPassword, PASSPHRASE_MIN_LENGTH, PASSWORD_MIN_LENGTH, passwordRefusal } from '@porta/contracts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/ui/fields';

/** One of the two password inputs: its label, value, error and the ref that focus goes to. */
export interface PasswordInput {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * A new password and the same again (03 §5), both offered to password managers as a new
 * password; the rules show under the first.
 */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: PasswordInput;
  confirmation: PasswordInput;
}) {
  const { t } = useTranslation('resident');
  return (
    <>
      <TextField
        label={password.label}
        type="password"
        autoComplete="new-password"
        value={password.value}
        onChange={password.onChange}
        required
        error={password.error}
        hint={t('settings.password.rules', { min: PASSWORD_MIN_LENGTH, passphrase: PASSPHRASE_MIN_LENGTH })}
        inputRef={password.inputRef}
      />
      <TextField
        label={confirmation.label}
        type="password"
        autoComplete="new-password"
        value={confirmation.value}
        onChange={confirmation.onChange}
        required
        error={confirmation.error}
        inputRef={confirmation.inputRef}
      />
    </>
  );
}

/** The refusals of a new password, by the server's error code (03 §5). */
export type NewPasswordCode = 'IDN_PASSWORD_FORMAT' | 'IDN_PASSWORD_TOO_COMMON' | 'IDN_PASSWORD_MISMATCH';

/**
 * The checks of a new password before it is sent (03 §5): both fields filled in, the password
 * rules (the user's own names and address given as `userInputs` are no password either, as the
 * server checks too) and the same password twice. `texts` are the refusals' messages by code.
 */
export function useNewPasswordCheck() {
  const { t } = useTranslation('common');
  const texts: Record<NewPasswordCode, string> = {
    IDN_PASSWORD_FORMAT: t('errors.codes.IDN_PASSWORD_FORMAT'),
    IDN_PASSWORD_TOO_COMMON: t('errors.codes.IDN_PASSWORD_TOO_COMMON'),
    IDN_PASSWORD_MISMATCH: t('errors.codes.IDN_PASSWORD_MISMATCH'),
  };
  const check = (
    password: string,
    confirmation: string,
    userInputs: readonly (string | null | undefined)[] = [],
  ): { password?: string; confirmation?: string } => {
    const found: { password?: string; confirmation?: string } = {};
    if (!password) found.password = t('form.required');
    else {
      const refusal = passwordRefusal(checkPassword(password, userInputs));
      if (refusal) found.password = texts[refusal];
    }
    if (!confirmation) found.confirmation = t('form.required');
    else if (password && password !== confirmation) found.confirmation = texts.IDN_PASSWORD_MISMATCH;
    return found;
  };
  return { texts, check };
}
