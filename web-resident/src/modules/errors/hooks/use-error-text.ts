import type { Resources } from '@porta/i18n';
import { ApiError } from '@porta/web-kit';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type TranslatedCode = keyof Resources['common']['errors']['codes'];

/**
 * The user-facing text of an error (an `ApiError`, or `{ code, message }` as startup keeps them):
 * known error codes are translated, any other message is shown as it came (services answer with the
 * spec's texts), and anything else gets the generic text.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('common');
  const isTranslatedCode = useCallback(
    (code: string): code is TranslatedCode => i18n.exists(`errors.codes.${code}`, { ns: 'common' }),
    [i18n],
  );
  return useCallback(
    (error: unknown) => {
      const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
      if (typeof code === 'string' && isTranslatedCode(code)) return t(`errors.codes.${code}`);
      if (typeof message === 'string' && message && (error instanceof ApiError || typeof code === 'string')) {
        return message;
      }
      return t('errors.somethingWentWrong');
    },
    [t, isTranslatedCode],
  );
}
