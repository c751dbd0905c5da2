import type { ServiceRequestDetail } from '@porta/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SwitchField } from '../../../shared/ui/fields';
import { useToast } from '../../../shared/ui/Toast';
import { useDeleteServiceRequest, useRemind, useUpdateServiceRequest } from '../hooks/queries';
import { useServiceRequestErrorText } from '../hooks/use-error-text';
import { REFRESHED_LIST_PATH } from '../utils/paths';
import { handlesStatus } from '../utils/status';
import { StatusForm } from './StatusForm';

/**
 * What the reader may do with a request, as its answer says (ADR 0018): move its status (handlers;
 * the sender may only close it), make it public or private and visible in the apartment, remind
 * the recipients (429: the server's message), delete it after confirming (then the list, read
 * again). `onChanged` is told when a control may have gone (focus moves to the heading).
 */
export function RequestActions({ request, onChanged }: { request: ServiceRequestDetail; onChanged(): void }) {
  const { t } = useTranslation('serviceRequests');
  const headingId = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useServiceRequestErrorText();
  const update = useUpdateServiceRequest(request.id);
  const remind = useRemind(request.id);
  const remove = useDeleteServiceRequest(request.id);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const handler = handlesStatus(request);
  const senderCloses = request.canChangeStatus && !handler;
  // A request sent to a resident cannot be made public (409 'Publicity update failed').
  const publicLocked = request.targetedToUser && !request.public;
  if (!request.canChangeStatus && !request.canChangePublicity && !request.canRemind && !request.canDelete) {
    return null;
  }

  const changeStatus = (statusKey: ServiceRequestDetail['statusKey'], sendNotification: boolean) => {
    remind.reset();
    update.mutate(
      { statusKey, sendNotification },
      {
        onSuccess: () => {
          toast.show(
            statusKey === 'closed' && senderCloses ? t('actions.closed') : t('actions.statusChanged'),
            'success',
          );
          onChanged();
        },
      },
    );
  };

  return (
    <section className="card service-request-actions" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('actions.title')}</h2>
      {handler && (
        <StatusForm
          key={request.statusKey}
          current={request.statusKey}
          busy={update.isPending}
          onSubmit={changeStatus}
        />
      )}
      {request.canChangePublicity && (
        <div className="service-request-actions__switches">
          <SwitchField
            label={t('fields.public')}
            hint={publicLocked ? t('actions.publicLocked') : undefined}
            checked={request.public}
            disabled={update.isPending || publicLocked}
            onChange={(value) => {
              remind.reset();
              update.mutate({ public: value });
            }}
          />
          <SwitchField
            label={t('fields.visibleInApartment')}
            checked={request.visibleInApartment}
            disabled={update.isPending}
            onChange={(value) => {
              remind.reset();
              update.mutate({ visibleInApartment: value });
            }}
          />
        </div>
      )}
      {update.isError && (
        <p className="form__alert" role="alert">
          {errorText(update.error)}
        </p>
      )}
      {remind.isError && (
        <p className="form__alert" role="alert">
          {errorText(remind.error)}
        </p>
      )}
      <div className="form__actions">
        {senderCloses && (
          <button
            type="button"
            className="button button--secondary"
            disabled={update.isPending}
            aria-busy={update.isPending || undefined}
            onClick={() => changeStatus('closed', false)}
          >
            {t('actions.close')}
          </button>
        )}
        {request.canRemind && (
          <button
            type="button"
            className="button button--secondary"
            disabled={remind.isPending}
            aria-busy={remind.isPending || undefined}
            onClick={() => {
              update.reset();
              remind.mutate(undefined, {
                onSuccess: () => {
                  toast.show(t('actions.reminded'), 'success');
                  onChanged();
                },
              });
            }}
          >
            {t('actions.remind')}
          </button>
        )}
        {request.canDelete && (
          <button type="button" className="button button--danger" onClick={() => setConfirmingDelete(true)}>
            {t('actions.delete')}
          </button>
        )}
      </div>
      {confirmingDelete && (
        <ConfirmDialog
          title={t('actions.deleteTitle')}
          confirmLabel={t('actions.deleteConfirm')}
          destructive
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onCancel={() => {
            setConfirmingDelete(false);
            remove.reset();
          }}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                setConfirmingDelete(false);
                toast.show(t('actions.deleted'), 'success');
                navigate(REFRESHED_LIST_PATH);
              },
            })
          }
        >
          <p>{t('actions.deleteText')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
