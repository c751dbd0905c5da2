import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../startup';
import type { SupportQuery } from '../api/support.api';
import { useContentLanguage, useSupportApi } from './use-support';

/** The reader's housing company and language, or null without a housing company. */
export function useSupportQuery(): SupportQuery | null {
  const { housingCompany } = useCurrentUser();
  const lang = useContentLanguage();
  return housingCompany ? { housingCompanyId: housingCompany.id, lang } : null;
}

/** GET /contacts for the current housing company. */
export function useContactBook() {
  const api = useSupportApi();
  const query = useSupportQuery();
  return {
    query,
    result: useQuery({
      queryKey: ['support', 'contacts', query?.housingCompanyId, query?.lang],
      queryFn: () => api.getContactBook(query as SupportQuery),
      enabled: query !== null,
    }),
  };
}

/** GET /faq for the current housing company. */
export function useFaq() {
  const api = useSupportApi();
  const query = useSupportQuery();
  return {
    query,
    result: useQuery({
      queryKey: ['support', 'faq', query?.housingCompanyId, query?.lang],
      queryFn: () => api.getFaq(query as SupportQuery),
      enabled: query !== null,
    }),
  };
}

/** GET /faq/:id, asked only when `enabled` (the entry is not in the list). */
export function useFaqEntry(id: string | undefined, enabled: boolean) {
  const api = useSupportApi();
  const query = useSupportQuery();
  return useQuery({
    queryKey: ['support', 'faq-entry', id, query?.housingCompanyId, query?.lang],
    queryFn: () => api.getFaqEntry(id as string, query as SupportQuery),
    enabled: enabled && query !== null && Boolean(id),
  });
}
