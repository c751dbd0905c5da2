import type { Resources } from '@porta/i18n';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, useErrorText } from '../../errors';
import { refusalOf } from '../utils/attachments';

type ServiceRequestCode = keyof Resources['serviceRequests']['errors'];

/**
 * The text of a failed service-request call (02 §7: the server's message is passed on): an
 * attachment refusal in words (01 §8 codes); the service's codes in the language shown (their
 * English texts are the service's messages); any other answer shows the server's message.
 */
export function useServiceRequestErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('serviceRequests');
  const errorText = useErrorText();
  const isServiceRequestCode = useCallback(
    (code: string): code is ServiceRequestCode =>
      i18n.exists(`errors.${code}`, { ns: 'serviceRequests', fallbackNS: false }),
    [i18n],
  );
  return useCallback(
    (error: unknown) => {
      const refusal = refusalOf(error);
      if (refusal) return t(`attachments.refusals.${refusal}`);
      const code = errorCode(error);
      if (code && isServiceRequestCode(code)) return t(`errors.${code}`);
      return errorText(error);
    },
    [t, errorText, isServiceRequestCode],
  );
}
