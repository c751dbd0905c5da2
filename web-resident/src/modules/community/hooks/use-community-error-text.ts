import type { Resources } from '@porta/i18n';
import { ApiError } from '@porta/web-kit';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, useErrorText } from '../../errors';
import { IMAGE_ERROR_CODES } from '../utils/images';

type CommunityCode = keyof Resources['community']['errors'];

/**
 * The text of a failed community call (01 §8): an image refusal is the general image validation
 * message; the service's codes are translated; any other answer shows the server's message, and
 * an error that is not an answer (a failure in the app) shows its own message.
 */
export function useCommunityErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('community');
  const errorText = useErrorText();
  const isCommunityCode = useCallback(
    (code: string): code is CommunityCode =>
      i18n.exists(`errors.${code}`, { ns: 'community', fallbackNS: false }),
    [i18n],
  );
  return useCallback(
    (error: unknown) => {
      const code = errorCode(error);
      if (code && IMAGE_ERROR_CODES.has(code)) return t('images.validationFailed');
      if (code && isCommunityCode(code)) return t(`errors.${code}`);
      if (
        !(error instanceof ApiError) &&
        error instanceof Error &&
        error.message &&
        error.name !== 'ZodError'
      ) {
        return error.message;
      }
      return errorText(error);
    },
    [t, errorText, isCommunityCode],
  );
}
