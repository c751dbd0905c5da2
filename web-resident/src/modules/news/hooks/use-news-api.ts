import { type Language, languageOfLocale } from '@porta/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/services';
import { createNewsApi, type NewsApi } from '../api/news.api';

/** The news client over the app's session (one per session). */
export function useNewsApi(): NewsApi {
  const { session } = useServices();
  return useMemo(() => createNewsApi(session), [session]);
}

/** The language content is asked in: the interface language. */
export function useContentLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOfLocale(i18n.resolvedLanguage ?? i18n.language);
}
