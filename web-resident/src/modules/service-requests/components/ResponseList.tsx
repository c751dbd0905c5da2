import type { ServiceRequestResponse } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/utils/format';
import { SafeHtml } from '../../news';
import { AttachmentLinks, AttachmentNames } from './AttachmentLinks';
import { useSenderText } from './SenderLine';

/**
 * A request's responses, oldest first: who wrote each (name and apartment), when, the text and
 * its attachments (`linked`: as links and thumbnails; otherwise by name only, as on the manage page).
 */
export function ResponseList({
  responses,
  linked = true,
}: {
  responses: readonly ServiceRequestResponse[];
  linked?: boolean;
}) {
  const { t } = useTranslation('serviceRequests');
  const { dateTime } = useFormatters();
  const senderText = useSenderText();
  if (responses.length === 0) return <p className="muted">{t('responses.empty')}</p>;
  return (
    <ol className="service-request-responses">
      {responses.map((response) => {
        const label = response.isOwn ? t('responses.own') : t('responses.by', { name: response.sender.name });
        const attachmentsLabel = t('responses.attachments', { name: response.sender.name });
        return (
          <li key={response.id}>
            <article
              className={
                response.isOwn
                  ? 'service-request-response service-request-response--own'
                  : 'service-request-response'
              }
              aria-label={label}
            >
              <p className="community-meta">
                <span className="community-meta__name">{senderText(response.sender)}</span>
                {response.isOwn && <span className="tag tag--own">{t('responses.you')}</span>}
                <time className="community-meta__date" dateTime={response.createdAt}>
                  {dateTime(response.createdAt)}
                </time>
              </p>
              <SafeHtml html={response.content} className="service-request-response__content" />
              {linked ? (
                <AttachmentLinks attachments={response.attachments} label={attachmentsLabel} />
              ) : (
                <AttachmentNames attachments={response.attachments} label={attachmentsLabel} />
              )}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
