import { languageOfLocale, type PublicPage } from '@porta/contracts';
import { ApiError } from '@porta/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { fetchPublicPage } from '../api/content-pages.api';

/** A path the content service has no page for (or cannot be a page path at all). */
export function isMissingPage(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * The content page at the current address: the `lang` address parameter chooses its language,
 * else the interface language.
 */
export function usePublicPage() {
  const { pathname, search } = useLocation();
  const { i18n } = useTranslation();
  const lang =
    new URLSearchParams(search).get('lang')?.trim() ||
    languageOfLocale(i18n.resolvedLanguage ?? i18n.language);
  return useQuery<PublicPage>({
    queryKey: ['content-pages', 'page', pathname.toLowerCase(), lang],
    queryFn: () => fetchPublicPage(pathname, lang),
    retry: false,
  });
}
