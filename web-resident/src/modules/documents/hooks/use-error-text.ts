import type { Resources } from '@porta/i18n';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, useErrorText } from '../../errors';

type DocumentCode = keyof Resources['documents']['errors'];

/** Whether a failure is the documents service's own refusal (a DOC_… code), said in its words. */
export function isDocumentError(error: unknown): boolean {
  return errorCode(error)?.startsWith('DOC_') ?? false;
}

/**
 * The text of a failed documents call: the service's codes (DOC_…) in the language shown, any other
 * failure as the app says it (known codes translated, else the server's message).
 */
export function useDocumentErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('documents');
  const errorText = useErrorText();
  const isDocumentCode = useCallback(
    (code: string): code is DocumentCode =>
      code.startsWith('DOC_') && i18n.exists(`errors.${code}`, { ns: 'documents', fallbackNS: false }),
    [i18n],
  );
  return useCallback(
    (error: unknown) => {
      const code = errorCode(error);
      if (code && isDocumentCode(code)) return t(`errors.${code}`);
      return errorText(error);
    },
    [t, errorText, isDocumentCode],
  );
}
