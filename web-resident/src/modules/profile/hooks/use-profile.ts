import type { MeResponse, MeUser, RegisterRequest, UpdateProfileRequest } from '@porta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';
import { ME_QUERY_KEY } from '../../identity';

/** PUT /me/profile; the answer replaces the user in the /me cache, so every view shows it at once. */
export function useUpdateProfile() {
  const { identity } = useServices();
  const queryClient = useQueryClient();
  return useMutation<MeUser, unknown, UpdateProfileRequest>({
    mutationFn: (request) => identity.updateProfile(request),
    onSuccess: (user) => {
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) => (me ? { ...me, user } : me));
    },
  });
}

/** POST /me/register; the answer is the whole /me, now registered. */
export function useRegister() {
  const { identity } = useServices();
  const queryClient = useQueryClient();
  return useMutation<MeResponse, unknown, RegisterRequest>({
    mutationFn: (request) => identity.register(request),
    onSuccess: (me) => {
      queryClient.setQueryData(ME_QUERY_KEY, me);
    },
  });
}
