import type { NotificationSettings } from '@porta/contracts';
import { ApiError } from '@porta/web-kit';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/Alert';
import { SubmitButton, SwitchField } from '../../../shared/ui/fields';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { InsufficientPrivileges, managesNotificationSettings } from '../../access';
import { usePageMeta } from '../../layout';
import { useCurrentUser } from '../../startup';
import { useNotificationSettings, useSaveNotificationSettings } from '../hooks/queries';
import {
  NOTIFICATION_SETTING_GROUPS,
  type NotificationSettingsForm,
  toSettingsForm,
  toSettingsRequest,
} from '../utils/settings-form';

/**
 * /my-notifications (01 §2, §3, 03 §2): the user's notification settings — the nine keys in groups
 * and the e-mail and push channels — with a save button. Partners cannot manage notification
 * settings (01 §6): they get the insufficient-privileges view, as they do when the service refuses.
 */
export function NotificationSettingsPage() {
  const { me } = useCurrentUser();
  return managesNotificationSettings(me) ? (
    <NotificationSettingsLoader />
  ) : (
    <InsufficientPrivileges reason="roleMissing" />
  );
}

function NotificationSettingsLoader() {
  const query = useNotificationSettings();
  if (query.error instanceof ApiError && query.error.status === 403) {
    return <InsufficientPrivileges reason="roleMissing" />;
  }
  return <NotificationSettingsView query={query} />;
}

function NotificationSettingsView({ query }: { query: ReturnType<typeof useNotificationSettings> }) {
  const { t } = useTranslation();
  const title = t('sections.notifications');
  usePageMeta({ title });

  return (
    <section
      className="page page--narrow notification-settings"
      aria-labelledby="notification-settings-title"
    >
      <h1 id="notification-settings-title">{title}</h1>
      <p>{t('notifications.settings.intro')}</p>
      {query.data ? (
        <SettingsForm initial={query.data} />
      ) : (
        <QueryStatus
          pending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          message={t('notifications.settings.loadFailed')}
        />
      )}
    </section>
  );
}

type SaveState = 'idle' | 'saved' | 'failed';

function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const { t } = useTranslation();
  const save = useSaveNotificationSettings();
  const [form, setForm] = useState<NotificationSettingsForm>(() => toSettingsForm(initial));
  const [state, setState] = useState<SaveState>('idle');

  const change = (next: NotificationSettingsForm) => {
    setForm(next);
    setState('idle');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setState('idle');
    save.mutate(toSettingsRequest(form), {
      onSuccess: (stored) => {
        setForm(toSettingsForm(stored));
        setState('saved');
      },
      onError: () => setState('failed'),
    });
  };

  return (
    <form className="form notification-settings__form" onSubmit={submit} noValidate>
      {NOTIFICATION_SETTING_GROUPS.map((group) => (
        <fieldset key={group.id} className="notification-settings__group">
          <legend className="notification-settings__legend">
            {t(`notifications.settings.groups.${group.id}`)}
          </legend>
          {group.keys.map((key) => (
            <SwitchField
              key={key}
              label={t(`notifications.settings.keys.${key}`)}
              checked={form.keys[key]}
              onChange={(checked) => change({ ...form, keys: { ...form.keys, [key]: checked } })}
            />
          ))}
        </fieldset>
      ))}
      <fieldset className="notification-settings__group">
        <legend className="notification-settings__legend">
          {t('notifications.settings.groups.channels')}
        </legend>
        <SwitchField
          label={t('notifications.settings.email')}
          checked={form.email}
          onChange={(checked) => change({ ...form, email: checked })}
        />
        <SwitchField
          label={t('notifications.settings.push')}
          hint={t('notifications.settings.pushHint')}
          checked={form.push}
          onChange={(checked) => change({ ...form, push: checked })}
        />
      </fieldset>
      {state === 'saved' && <Alert tone="success">{t('notifications.settings.saved')}</Alert>}
      {state === 'failed' && <Alert tone="error">{t('notifications.settings.saveFailed')}</Alert>}
      <div className="form__actions">
        <SubmitButton
          busy={save.isPending}
          label={t('notifications.settings.save')}
          busyLabel={t('notifications.settings.saving')}
        />
      </div>
    </form>
  );
}
