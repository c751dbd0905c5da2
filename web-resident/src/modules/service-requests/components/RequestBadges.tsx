import type { ServiceRequest, ServiceRequestStatus, ServiceRequestTypeKey } from '@porta/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A type's name in the language shown (02 §3: the nine types). */
export function useTypeName(): (key: ServiceRequestTypeKey) => string {
  const { t } = useTranslation('serviceRequests');
  return useCallback((key: ServiceRequestTypeKey) => t(`types.${key}`), [t]);
}

/** A status's label (02 §4: open, in progress, closed, declined). */
export function useStatusLabel(): (status: ServiceRequestStatus) => string {
  const { t } = useTranslation('serviceRequests');
  return useCallback((status: ServiceRequestStatus) => t(`statuses.${status}`), [t]);
}

export function StatusBadge({ status }: { status: ServiceRequestStatus }) {
  const label = useStatusLabel();
  return <span className={`badge status-badge status-badge--${status}`}>{label(status)}</span>;
}

/** The status, the urgent mark and whether it is public, as tags. */
export function RequestBadges({
  request,
}: {
  request: Pick<ServiceRequest, 'statusKey' | 'urgentRequest' | 'public'>;
}) {
  const { t } = useTranslation('serviceRequests');
  return (
    <span className="service-request__badges">
      <StatusBadge status={request.statusKey} />
      {request.urgentRequest && <span className="tag tag--urgent">{t('fields.urgentMark')}</span>}
      <span className="tag tag--muted">{request.public ? t('fields.public') : t('fields.private')}</span>
    </span>
  );
}
