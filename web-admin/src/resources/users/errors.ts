import { useCallback } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { type ProblemBody, problemCode } from '../../data/http-client';

/** The server's field errors of a refused call, by form field (`newPassword`), if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  return error instanceof HttpError ? (error.body as ProblemBody | undefined)?.errors : undefined;
}

/**
 * Words for a refused call: the app's text for its problem code (`porta.errors.<code>`), else the
 * server's message (the spec's text), else react-admin's general HTTP error.
 */
export function useErrorText() {
  const translate = useTranslate();
  return useCallback(
    (error: unknown): string => {
      const fallback =
        error instanceof Error && error.message ? error.message : translate('ra.notification.http_error');
      const code = problemCode(error);
      return code ? translate(`porta.errors.${code}`, { _: fallback }) : fallback;
    },
    [translate],
  );
}
