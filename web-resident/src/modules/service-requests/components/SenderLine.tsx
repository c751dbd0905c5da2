import type { ServiceRequestSender } from '@porta/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A sender as text: their name, with their apartment when they have one ("Olivia Owner, A 1"). */
export function useSenderText(): (sender: Pick<ServiceRequestSender, 'name' | 'apartment'>) => string {
  const { t } = useTranslation('serviceRequests');
  return useCallback(
    (sender) =>
      sender.apartment
        ? t('sender.withApartment', { name: sender.name, apartment: sender.apartment })
        : sender.name,
    [t],
  );
}

/** The sender of a request: name, apartment and phone (a tel: link). */
export function SenderLine({ sender }: { sender: ServiceRequestSender }) {
  const { t } = useTranslation('serviceRequests');
  return (
    <dl className="details service-request__sender">
      <div className="details__row">
        <dt>{t('detail.sender')}</dt>
        <dd>{sender.name}</dd>
      </div>
      {sender.apartment && (
        <div className="details__row">
          <dt>{t('detail.apartment')}</dt>
          <dd>{sender.apartment}</dd>
        </div>
      )}
      {sender.tel && (
        <div className="details__row">
          <dt>{t('detail.phone')}</dt>
          <dd>
            <a href={`tel:${sender.tel.replace(/\s+/g, '')}`}>{sender.tel}</a>
          </dd>
        </div>
      )}
    </dl>
  );
}
