import { englishResources } from '@porta/i18n';
import { ApiError } from '@porta/web-kit';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type TranslatedCode = keyof typeof englishResources.common.errors.codes;

function isTranslatedCode(code: string): code is TranslatedCode {
  return Object.hasOwn(englishResources.common.errors.codes, code);
}

/**
 * The user-facing text of an error (an `ApiError`, or `{ code, message }` as startup keeps them):
 * known error codes are translated, any other message is shown as it came (services answer with the
 * spec's texts), and anything else gets the generic text.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('common');
  return useCallback(
    (error: unknown) => {
      const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
      if (typeof code === 'string' && isTranslatedCode(code)) return t(`errors.codes.${code}`);
      if (typeof message === 'string' && message && (error instanceof ApiError || typeof code === 'string')) {
        return message;
      }
      return t('errors.somethingWentWrong');
    },
    [t],
  );
}
