import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslate } from 'react-admin';
import { useFullScreenDialog } from './phone';

interface DocumentsFormDialogProps {
  /** The dialog's heading, which also names it. */
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** Saving: the save button is off so a second click does not send twice. */
  busy: boolean;
  /** What went wrong, in words, shown above the fields; null: nothing. */
  problem: string | null;
  maxWidth: 'sm' | 'md';
  /** The fields. */
  children: ReactNode;
}

/**
 * The frame of the library's edit dialogs (file, folder, video), so they look and behave alike:
 * named by its title, full screen on a phone, one form whose problem shows first as an alert,
 * then the fields, then Cancel and Save. It is always open: a dialog with nothing to edit renders
 * `<Dialog open={false} />` itself, as its fields cannot be worked out then.
 */
export function DocumentsFormDialog({
  title,
  onClose,
  onSubmit,
  busy,
  problem,
  maxWidth,
  children,
}: DocumentsFormDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem ? (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            ) : null}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
