import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { Button, Form, HttpError, SaveButton, useNotify, useTranslate } from 'react-admin';
import type { ProblemBody } from '../data/http-client';
import { errorMessage } from './api';

export interface FormDialogProps<T> {
  open: boolean;
  /** Translation key of the title. */
  title: string;
  titleArgs?: Record<string, unknown>;
  onClose: () => void;
  /** Send the form; throw to show the server's message (field errors go next to the fields). */
  onSubmit: (values: T) => Promise<unknown>;
  /** After a successful send (the dialog closes). */
  onDone?: () => void;
  defaultValues?: Partial<T>;
  /** Translation key of the save button. */
  saveLabel?: string;
  /** Translation key of a success notification. */
  success?: string;
  children: ReactNode;
}

/**
 * A small form in a dialog (add a role, ban a user …). Client validation runs first; the server's
 * field errors are shown next to the fields and its other errors in a notification.
 */
export function FormDialog<T extends Record<string, unknown>>({
  open,
  title,
  titleArgs,
  onClose,
  onSubmit,
  onDone,
  defaultValues,
  saveLabel = 'ra.action.save',
  success,
  children,
}: FormDialogProps<T>) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();

  const submit = async (values: Record<string, unknown>) => {
    try {
      await onSubmit(values as T);
    } catch (error) {
      const fields = error instanceof HttpError ? (error.body as ProblemBody | undefined)?.errors : undefined;
      notify(errorMessage(error), { type: 'error', messageArgs: { _: errorMessage(error) } });
      if (fields) return fields;
      return undefined;
    }
    if (success) notify(success, { type: 'info' });
    onClose();
    onDone?.();
    return undefined;
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {open ? (
        <Form onSubmit={submit} defaultValues={defaultValues as Record<string, unknown>} noValidate>
          <DialogTitle id={titleId}>{translate(title, titleArgs)}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={onClose} />
            <SaveButton label={saveLabel} alwaysEnable />
          </DialogActions>
        </Form>
      ) : null}
    </Dialog>
  );
}
