import type { MeResponse } from '@porta/contracts';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';

export const ME_QUERY_KEY = ['identity', 'me'] as const;

/**
 * The signed-in user (GET /api/identity/me). Startup puts the first answer in the cache; after that
 * the query re-validates whenever the user comes back to the tab, so that a session ended elsewhere
 * is noticed (a 401 marks the session expired and the session-expired modal appears).
 */
export function useMeQuery(enabled: boolean) {
  const { identity } = useServices();
  return useQuery<MeResponse>({
    queryKey: ME_QUERY_KEY,
    queryFn: () => identity.getMe(),
    enabled,
    staleTime: 0,
    refetchOnMount: false,
    refetchOnWindowFocus: true,
  });
}
