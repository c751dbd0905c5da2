import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../../shared/services';
import { housingCompanyDataKey } from '../../housing-company';
import { useContentScope } from '../../news';
import { createFeedsApi, type FeedPageQuery, type FeedsApi } from '../api/feeds.api';

export function useFeedsApi(): FeedsApi {
  const { session } = useServices();
  return useMemo(() => createFeedsApi(session), [session]);
}

/**
 * A page of recommended articles in the interface language, for the current housing company (the
 * feature atp-feed is the company's). Keys start with the company, so a switch fetches anew.
 */
export function useRecommended(page: FeedPageQuery) {
  const api = useFeedsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'feeds', 'recommended', lang, page.limit, page.offset),
    queryFn: () => api.listRecommended({ ...page, housingCompanyId: housingCompanyId!, lang }),
    enabled: housingCompanyId !== null,
  });
}

/** One recommended article (id or slug). */
export function useRecommendedArticle(idOrSlug: string | undefined) {
  const api = useFeedsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'feeds', 'recommended-item', idOrSlug ?? null, lang),
    queryFn: () => api.getRecommended(idOrSlug as string, { housingCompanyId: housingCompanyId!, lang }),
    enabled: Boolean(idOrSlug) && housingCompanyId !== null,
  });
}

/** A page of corporate news, for the current housing company (feature yit-corporation-news). */
export function useCorporateNews(page: FeedPageQuery) {
  const api = useFeedsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'feeds', 'corporate', lang, page.limit, page.offset),
    queryFn: () => api.listCorporate({ ...page, housingCompanyId: housingCompanyId!, lang }),
    enabled: housingCompanyId !== null,
  });
}
