import { languageOfLocale } from '@porta/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/services';
import { createFeedsApi, type FeedPageQuery, type FeedsApi } from '../api/feeds.api';

export function useFeedsApi(): FeedsApi {
  const { session } = useServices();
  return useMemo(() => createFeedsApi(session), [session]);
}

function useLanguage() {
  const { i18n } = useTranslation();
  return languageOfLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** A page of recommended articles in the interface language. */
export function useRecommended(page: FeedPageQuery) {
  const api = useFeedsApi();
  const lang = useLanguage();
  return useQuery({
    queryKey: ['feeds', 'recommended', lang, page.limit, page.offset],
    queryFn: () => api.listRecommended({ ...page, lang }),
  });
}

/** One recommended article (id or slug). */
export function useRecommendedArticle(idOrSlug: string | undefined) {
  const api = useFeedsApi();
  return useQuery({
    queryKey: ['feeds', 'recommended-item', idOrSlug],
    queryFn: () => api.getRecommended(idOrSlug as string),
    enabled: Boolean(idOrSlug),
  });
}

/** A page of corporate news. */
export function useCorporateNews(page: FeedPageQuery) {
  const api = useFeedsApi();
  return useQuery({
    queryKey: ['feeds', 'corporate', page.limit, page.offset],
    queryFn: () => api.listCorporate(page),
  });
}
