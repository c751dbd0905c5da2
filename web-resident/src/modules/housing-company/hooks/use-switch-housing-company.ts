import type { MeResponse, SelectHousingCompanyRequest } from '@porta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';
import { ME_QUERY_KEY } from '../../identity';

/**
 * PUT /api/identity/me/housing-company. The answer is the user with the new selection; it goes
 * straight into the /me cache so that the header and the dashboard show the new company at once,
 * and the session remembers the company for the next visit.
 */
export function useSwitchHousingCompany() {
  const { identity, session } = useServices();
  const queryClient = useQueryClient();
  return useMutation<MeResponse, unknown, SelectHousingCompanyRequest>({
    mutationFn: (request) => identity.selectHousingCompany(request),
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY_KEY, me);
      // The next visit asks for this company's features beside /me (run-startup).
      session.rememberHousingCompany(me.selectedHousingCompanyId);
    },
  });
}
