import { useCallback } from 'react';
import { useToast } from '../../../shared/ui/Toast';
import { useCommunityErrorText } from './use-community-error-text';

/**
 * What follows sending a comment or a message (01 §4, 02 §8): the `sent` toast and the form
 * emptied (`reset`, then `after`), or an error toast with the server's message (the text stays).
 * Gives the callbacks of the send's `mutate`.
 */
export function useSentToasts(): (
  sent: string,
  reset: () => void,
  after?: () => void,
) => { onSuccess(): void; onError(error: unknown): void } {
  const toast = useToast();
  const errorText = useCommunityErrorText();
  return useCallback(
    (sent, reset, after) => ({
      onSuccess: () => {
        toast.show(sent, 'success');
        reset();
        after?.();
      },
      onError: (error) => toast.show(errorText(error), 'error'),
    }),
    [toast, errorText],
  );
}
