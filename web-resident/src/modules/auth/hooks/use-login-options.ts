import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';

/** Which sign-in methods the login page offers; without an answer only the password form shows. */
export function useLoginOptions() {
  const { identity } = useServices();
  return useQuery({
    queryKey: ['identity', 'login-options'],
    queryFn: () => identity.getLoginOptions(),
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
