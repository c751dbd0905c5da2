import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import KeyIcon from '@mui/icons-material/Key';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsIcon from '@mui/icons-material/Notifications';
import type { AdminUser } from '@porta/contracts';
import { useState } from 'react';
import {
  Button,
  Confirm,
  EditButton,
  LinkBase,
  TopToolbar,
  useBasename,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { useChange, usePortaCalls } from '../../common/api';
import { todayIso } from '../../common/dates';
import { DeleteUserButton, mayDeleteUser } from './DeleteUserButton';

function fullName(user: AdminUser) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Deactivate or activate the account, after a confirmation (03 §4). */
function EnableButton({ user }: { user: AdminUser }) {
  const { call } = usePortaCalls();
  const { run, busy } = useChange();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const deactivate = user.enabled;
  const key = deactivate ? 'deactivate' : 'activate';

  const confirm = async () => {
    const done = await run(() => call('POST', `/admin/users/${user.id}/${key}`), {
      success: `porta.users.${key}.done`,
    });
    setOpen(false);
    if (done.ok) refresh();
  };

  return (
    <>
      <Button label={`porta.users.${key}.action`} onClick={() => setOpen(true)} disabled={busy}>
        {deactivate ? <BlockIcon /> : <CheckCircleIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`porta.users.${key}.title`}
        content={`porta.users.${key}.content`}
        contentTranslateOptions={{ name: fullName(user) }}
        confirm={`porta.users.${key}.action`}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** E-mail the user a first-login link (valid 7 days). */
function InvitationButton({ user }: { user: AdminUser }) {
  const { call } = usePortaCalls();
  const { run, busy } = useChange();
  return (
    <Button
      label="porta.users.invitation.action"
      disabled={busy}
      onClick={() =>
        run(() => call('POST', `/admin/users/${user.id}/invitation`), {
          success: 'porta.users.invitation.done',
          successArgs: { email: user.email },
        })
      }
    >
      <MailIcon />
    </Button>
  );
}

/** Download the user's information (GDPR report) as JSON. */
function ExportButton({ user }: { user: AdminUser }) {
  const { download } = usePortaCalls();
  const { run, busy } = useChange();
  return (
    <Button
      label="porta.users.export.action"
      disabled={busy}
      onClick={() =>
        run(
          () =>
            download(`/admin/users/${user.id}/gdpr-report`, `porta-user-information-${todayIso()}.json`, {
              download: '1',
            }),
          { success: 'porta.users.export.done' },
        )
      }
    >
      <DownloadIcon />
    </Button>
  );
}

/** Opens the user's notification settings (03 §2 /admin/user/notifications/{id}). */
function NotificationSettingsButton({ user }: { user: AdminUser }) {
  const basename = useBasename();
  return (
    <Button
      component={LinkBase}
      to={`${basename}/user/notifications/${user.id}`}
      label="porta.users.notification_settings"
    >
      <NotificationsIcon />
    </Button>
  );
}

/** Opens the page that sets the user's password (03 §2 /admin/user/password/{id}). */
function ChangePasswordButton({ user }: { user: AdminUser }) {
  const basename = useBasename();
  return (
    <Button
      component={LinkBase}
      to={`${basename}/user/password/${user.id}`}
      label="porta.users.password.action"
    >
      <KeyIcon />
    </Button>
  );
}

/**
 * The user page's toolbar: edit, invitation, (de)activation, password, export, notification
 * settings and deletion, as the viewer may. The own password is changed in My settings, so the
 * password button is not shown on the viewer's own page.
 */
export function UserActions() {
  const user = useRecordContext<AdminUser>();
  const { permissions } = usePermissions<StaffPermissions>();
  const translate = useTranslate();
  const can = permissions?.can;
  if (!user) return <TopToolbar />;
  return (
    <TopToolbar aria-label={translate('porta.users.actions')}>
      {can?.usersManage ? <EditButton /> : null}
      {can?.usersManage && !user.registered ? <InvitationButton user={user} /> : null}
      {can?.usersManage ? <EnableButton user={user} /> : null}
      {can?.gdprReportOfOthers ? <ExportButton user={user} /> : null}
      {can?.notificationSettings ? <NotificationSettingsButton user={user} /> : null}
      {can?.usersManage && permissions?.userId !== user.id ? <ChangePasswordButton user={user} /> : null}
      {mayDeleteUser(permissions, user) ? <DeleteUserButton user={user} /> : null}
    </TopToolbar>
  );
}
