import type { Signature, SignatureRequest } from '@porta/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';

export const SIGNATURES_QUERY_KEY = ['identity', 'signatures'] as const;

/** The user's e-mail signatures (GET /me/signatures). */
export function useSignatures() {
  const { identity } = useServices();
  return useQuery({ queryKey: SIGNATURES_QUERY_KEY, queryFn: () => identity.listSignatures() });
}

/** Create (no id), change (with an id) or remove signatures; the list is fetched again afterwards. */
export function useSignatureMutations() {
  const { identity } = useServices();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SIGNATURES_QUERY_KEY });
  const save = useMutation<Signature, unknown, { id?: string; request: SignatureRequest }>({
    mutationFn: ({ id, request }) =>
      id ? identity.updateSignature(id, request) : identity.createSignature(request),
    onSuccess: refresh,
  });
  const remove = useMutation<void, unknown, string>({
    mutationFn: (id) => identity.deleteSignature(id),
    onSuccess: refresh,
  });
  return { save, remove };
}
