import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import {
  type AdminUser,
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettingKey,
  type NotificationSettings,
  zNotificationSettings,
} from '@porta/contracts';
import { useMemo, useState } from 'react';
import {
  BooleanInput,
  Button,
  Form,
  HttpError,
  SaveButton,
  Title,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router';
import { usePortaCalls, useServiceGet } from '../../common/api';
import { NOTIFICATIONS_API } from '../../data/data-provider';
import { UserPageHeading } from './UserPageHeading';

/** The form's values: the keys as on/off, and the channels as "on" (the API stores "disabled"). */
export interface NotificationSettingsForm extends Record<string, unknown> {
  id: string;
  keys: Record<NotificationSettingKey, boolean>;
  emailOn: boolean;
  pushOn: boolean;
}

/** The settings as the form shows them; a key the answer leaves out is on (the service's default). */
export function toForm(userId: string, settings: NotificationSettings): NotificationSettingsForm {
  const active = new Map(settings.settings.map((s) => [s.key, s.active]));
  const keys = Object.fromEntries(NOTIFICATION_SETTING_KEYS.map((key) => [key, active.get(key) ?? true]));
  return {
    id: userId,
    keys: keys as Record<NotificationSettingKey, boolean>,
    emailOn: !settings.emailNotificationsDisabled,
    pushOn: !settings.pushNotificationsDisabled,
  };
}

/** The body of the PUT: every key in the contract's order, and the channels as "disabled" flags. */
export function toRequest(values: NotificationSettingsForm): NotificationSettings {
  return {
    settings: NOTIFICATION_SETTING_KEYS.map((key) => ({ key, active: values.keys?.[key] === true })),
    emailNotificationsDisabled: values.emailOn !== true,
    pushNotificationsDisabled: values.pushOn !== true,
  };
}

const settingsPath = (userId: string) => `/admin/users/${userId}/settings`;

/** An answer that does not match the contract reads as a failed load. */
function checked(answer: unknown): NotificationSettings {
  const parsed = zNotificationSettings.safeParse(answer);
  if (!parsed.success) throw new HttpError('porta.notification_settings.load_failed', 502);
  return parsed.data;
}

function SettingsForm({
  record,
  onSubmit,
}: {
  record: NotificationSettingsForm;
  onSubmit: (values: NotificationSettingsForm) => Promise<void>;
}) {
  const translate = useTranslate();
  return (
    <Form
      record={record}
      onSubmit={(values: Record<string, unknown>) => onSubmit(values as NotificationSettingsForm)}
    >
      <Stack spacing={3}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
            {translate('porta.notification_settings.topics')}
          </Typography>
          {NOTIFICATION_SETTING_KEYS.map((key) => (
            <BooleanInput
              key={key}
              source={`keys.${key}`}
              label={`porta.notification_settings.keys.${key}`}
              helperText={false}
            />
          ))}
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
            {translate('porta.notification_settings.channels')}
          </Typography>
          <BooleanInput
            source="emailOn"
            label="porta.notification_settings.email_on"
            helperText="porta.notification_settings.email_help"
          />
          <BooleanInput source="pushOn" label="porta.notification_settings.push_on" helperText={false} />
        </Box>
        <Box>
          <SaveButton />
        </Box>
      </Stack>
    </Form>
  );
}

/**
 * /admin/user/notifications/:id (03 §2, §3): one user's notification settings, for the global user
 * managers. The nine keys switch notifications of a kind on or off; e-mail and push are shown as
 * "on" switches and stored as the service's emailNotificationsDisabled and pushNotificationsDisabled.
 */
export default function UserNotificationSettings() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const { call } = usePortaCalls();
  const user = useGetOne<AdminUser>('users', { id }, { enabled: !!id });
  const loaded = useServiceGet<unknown>(NOTIFICATIONS_API, id ? settingsPath(id) : null);
  /** What the last save stored (the service's answer), for this user; else what was loaded. */
  const [saved, setSaved] = useState<{ userId: string; settings: NotificationSettings } | null>(null);

  const current = useMemo(() => {
    if (saved?.userId === id) return { settings: saved.settings };
    if (loaded.data === undefined) return { settings: undefined };
    try {
      return { settings: checked(loaded.data) };
    } catch (error) {
      return { settings: undefined, error };
    }
  }, [id, saved, loaded.data]);
  const record = useMemo(() => (current.settings ? toForm(id, current.settings) : undefined), [id, current]);

  const save = async (values: NotificationSettingsForm) => {
    try {
      const answer = await call('PUT', settingsPath(id), { body: toRequest(values), api: NOTIFICATIONS_API });
      setSaved({ userId: id, settings: checked(answer) });
      notify('porta.notification_settings.saved', { type: 'info' });
    } catch {
      notify('porta.notification_settings.save_failed', { type: 'error' });
    }
  };

  const userMissing = user.error instanceof HttpError && user.error.status === 404;
  const loadError = loaded.error ?? current.error ?? (userMissing ? null : user.error);

  let body: React.ReactNode;
  if (userMissing) {
    body = (
      <Alert severity="error" role="alert">
        {translate('porta.notification_settings.user_not_found')}
      </Alert>
    );
  } else if (loadError) {
    body = (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button
            label="ra.action.refresh"
            onClick={() => {
              loaded.reload();
              if (user.error) user.refetch();
            }}
          />
        }
      >
        {translate('porta.notification_settings.load_failed')}
      </Alert>
    );
  } else if (loaded.isPending || user.isPending || !record) {
    body = <CircularProgress aria-label={translate('ra.page.loading')} />;
  } else {
    body = <SettingsForm record={record} onSubmit={save} />;
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="porta.notification_settings.title" />
      <CardContent>
        <UserPageHeading
          user={user.data}
          title="porta.notification_settings.title"
          back="porta.notification_settings.back_to_user"
        />
        {body}
      </CardContent>
    </Card>
  );
}
