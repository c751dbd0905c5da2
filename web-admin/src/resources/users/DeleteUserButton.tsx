import DeleteIcon from '@mui/icons-material/Delete';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import type { AdminUser } from '@porta/contracts';
import { useId, useState } from 'react';
import { Button, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { useChange, usePortaCalls } from '../../common/api';
import { useErrorText } from './errors';

/**
 * Who deletes users (03 §7 DELETE /user?id): admin and the global user managers, as identity's
 * policy; an account crosses housing companies, so company user managers only deactivate. Nobody
 * deletes themself, and only admin deletes an admin (the service refuses the same).
 */
export function mayDeleteUser(permissions: StaffPermissions | undefined, user: AdminUser): boolean {
  if (!permissions || permissions.userId === user.id) return false;
  if (permissions.roles.includes('admin')) return true;
  if (user.roles.includes('admin')) return false;
  return permissions.can.usersDelete;
}

const sameAddress = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.trim().toLowerCase();

/**
 * "Delete user": a dialog that names the user and enables Delete only once the user's e-mail
 * address is typed. Deleting is permanent; afterwards "User deleted" and back to the list.
 */
export function DeleteUserButton({ user }: { user: AdminUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const errorText = useErrorText();
  const { call } = usePortaCalls();
  const { run, busy } = useChange();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const titleId = useId();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const confirmed = sameAddress(typed, user.email);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setTyped('');
  };

  const remove = async () => {
    if (!confirmed) return;
    const done = await run(() => call('DELETE', `/admin/users/${user.id}`, { query: { confirm: 'true' } }), {
      success: 'porta.users.delete.done',
      handle: (error) => {
        notify(errorText(error), { type: 'error' });
        return true;
      },
    });
    if (done.ok) {
      setOpen(false);
      redirect('list', 'users');
    }
  };

  return (
    <>
      <Button label="porta.users.delete.action" onClick={() => setOpen(true)} color="error">
        <DeleteIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{translate('porta.users.delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('porta.users.delete.content', { name, email: user.email })}
          </DialogContentText>
          <TextField
            label={translate('porta.users.delete.type_email')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            fullWidth
            autoFocus
            inputProps={{ spellCheck: false }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={close} disabled={busy} />
          <Button
            label="porta.users.delete.confirm"
            onClick={remove}
            disabled={!confirmed || busy}
            color="error"
            variant="contained"
          >
            <DeleteIcon />
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
