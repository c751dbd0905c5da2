import { languageOfLocale } from '@porta/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/services';
import { createSupportApi, type SupportApi } from '../api/support.api';

/** The support API over the app's session. */
export function useSupportApi(): SupportApi {
  const { session } = useServices();
  return useMemo(() => createSupportApi(session), [session]);
}

/** The interface language, which content is asked in. */
export function useContentLanguage() {
  const { i18n } = useTranslation();
  return languageOfLocale(i18n.resolvedLanguage ?? i18n.language);
}
