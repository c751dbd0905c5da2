import type { ServiceRequestStatus } from '@porta/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField } from '../../../shared/ui/fields';
import { nextStatuses } from '../utils/status';
import { useStatusLabel } from './RequestBadges';

/**
 * Moving a request's status as a handler (02 §4): the statuses it may move to from `current`, and
 * whether to tell the sender (sendNotification). Give it `key={current}` so that it starts afresh
 * after a change.
 */
export function StatusForm({
  current,
  busy,
  onSubmit,
}: {
  current: ServiceRequestStatus;
  busy: boolean;
  onSubmit(statusKey: ServiceRequestStatus, sendNotification: boolean): void;
}) {
  const { t } = useTranslation('serviceRequests');
  const label = useStatusLabel();
  const [status, setStatus] = useState<ServiceRequestStatus>(current);
  const [notify, setNotify] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || status === current) return;
    onSubmit(status, notify);
  };
  return (
    <form className="form service-request-status" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <SelectField
        label={t('fields.status')}
        value={status}
        disabled={busy}
        options={[current, ...nextStatuses(current)].map((value) => ({ value, label: label(value) }))}
        onChange={(value) => setStatus(value as ServiceRequestStatus)}
      />
      <CheckboxField
        label={t('actions.notifySender')}
        checked={notify}
        disabled={busy}
        onChange={setNotify}
      />
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || status === current}
          aria-busy={busy || undefined}
        >
          {t('actions.changeStatus')}
        </button>
      </div>
    </form>
  );
}
