import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useCommunityErrorText } from '../hooks/use-community-error-text';

/**
 * Confirm deleting a discussion or comment: the delete runs on confirming, a refusal shows in the
 * dialog, cancelling closes it and forgets the refusal.
 */
export function DeleteDialog({
  title,
  confirmLabel,
  text,
  mutation,
  onClose,
  onDeleted,
}: {
  title: string;
  confirmLabel: string;
  text: string;
  mutation: UseMutationResult<unknown, unknown, void>;
  onClose(): void;
  onDeleted?(): void;
}) {
  const errorText = useCommunityErrorText();
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      destructive
      busy={mutation.isPending}
      error={mutation.isError ? errorText(mutation.error) : null}
      onCancel={() => {
        onClose();
        mutation.reset();
      }}
      onConfirm={() =>
        mutation.mutate(undefined, {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
        })
      }
    >
      <p>{text}</p>
    </ConfirmDialog>
  );
}
