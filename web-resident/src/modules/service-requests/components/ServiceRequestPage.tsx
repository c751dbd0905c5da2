import { type ServiceRequestDetail, zUuid } from '@porta/contracts';
import { ApiError } from '@porta/web-kit';
import { useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { useToast } from '../../../shared/ui/Toast';
import { useFormatters } from '../../../shared/utils/format';
import { usePageMeta } from '../../layout';
import { RequireHousingCompany, SafeHtml } from '../../news';
import { useRespond, useServiceRequest } from '../hooks/queries';
import { useAttachmentUploads } from '../hooks/use-attachment-uploads';
import { useServiceRequestErrorText } from '../hooks/use-error-text';
import { SERVICE_REQUESTS_PATH } from '../utils/paths';
import { AttachmentLinks } from './AttachmentLinks';
import { RequestActions } from './RequestActions';
import { RequestBadges, useStatusLabel, useTypeName } from './RequestBadges';
import { ResponseForm } from './ResponseForm';
import { ResponseList } from './ResponseList';
import { SenderLine } from './SenderLine';

/**
 * /support/service-requests/:id (02 §2): the request, its responses oldest first, the answer form
 * while it is open and the reader may answer, and the actions the reader's rights allow. A request
 * that is not there (or not the reader's to see) shows the not-found state.
 */
export function ServiceRequestPage() {
  return (
    <RequireHousingCompany>
      <ServiceRequestDetailPage />
    </RequireHousingCompany>
  );
}

function ServiceRequestDetailPage() {
  const { t } = useTranslation('serviceRequests');
  const { id = '' } = useParams();
  const valid = zUuid.safeParse(id).success;
  const query = useServiceRequest(id, valid);
  const request = query.data;
  usePageMeta({ title: request ? request.subject : t('detail.heading') });
  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <div className="page service-request-page">
      <p>
        <Link className="back-link" to={SERVICE_REQUESTS_PATH}>
          {t('detail.back')}
        </Link>
      </p>
      {request ? (
        <RequestView key={request.id} request={request} />
      ) : (
        <>
          <h1>{t('detail.heading')}</h1>
          <QueryStatus
            pending={valid && query.isPending}
            error={missing ? true : query.error}
            message={missing ? t('detail.notFound') : undefined}
            onRetry={missing ? undefined : () => void query.refetch()}
          />
        </>
      )}
    </div>
  );
}

function RequestView({ request }: { request: ServiceRequestDetail }) {
  const { t } = useTranslation('serviceRequests');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const responsesId = useId();
  const toast = useToast();
  const errorText = useServiceRequestErrorText();
  const respond = useRespond(request.id);
  const uploads = useAttachmentUploads();
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);
  return (
    <>
      <article className="service-request" aria-labelledby="service-request-title">
        <header className="service-request__header">
          <h1 ref={headingRef} id="service-request-title" tabIndex={-1}>
            {request.subject}
          </h1>
          <RequestBadges request={request} />
        </header>
        <RequestFacts request={request} />
        <SafeHtml html={request.content} className="service-request__content" />
        <AttachmentLinks
          attachments={request.attachments}
          label={t('detail.attachments')}
          removable={{ requestId: request.id, responseId: null, onRemoved: focusHeading }}
        />
      </article>
      <RequestActions request={request} onChanged={() => headingRef.current?.focus()} />
      <section className="service-request-responses-section" aria-labelledby={responsesId}>
        <h2 id={responsesId}>{t('responses.title', { count: request.responses.length })}</h2>
        <ResponseList responses={request.responses} requestId={request.id} />
      </section>
      {!request.closed && request.canRespond && (
        <ResponseForm
          uploads={uploads}
          busy={respond.isPending}
          error={respond.isError ? errorText(respond.error) : null}
          onSend={(content, attachmentIds, reset) => {
            respond.mutate(
              { content, attachmentIds },
              {
                onSuccess: () => {
                  reset();
                  toast.show(t('responses.sent'), 'success');
                },
              },
            );
          }}
        />
      )}
    </>
  );
}

/** Type, status, dates, visibility and the sender of a request. */
export function RequestFacts({ request }: { request: ServiceRequestDetail }) {
  const { t } = useTranslation('serviceRequests');
  const { dateTime } = useFormatters();
  const typeName = useTypeName();
  const statusLabel = useStatusLabel();
  return (
    <>
      <dl className="details service-request__facts">
        <div className="details__row">
          <dt>{t('fields.type')}</dt>
          <dd>{typeName(request.typeId)}</dd>
        </div>
        <div className="details__row">
          <dt>{t('fields.status')}</dt>
          <dd>{statusLabel(request.statusKey)}</dd>
        </div>
        <div className="details__row">
          <dt>{t('detail.created')}</dt>
          <dd>
            <time dateTime={request.createdAt}>{dateTime(request.createdAt)}</time>
          </dd>
        </div>
        {request.closedAt && (
          <div className="details__row">
            <dt>{t('detail.closedAt')}</dt>
            <dd>
              <time dateTime={request.closedAt}>{dateTime(request.closedAt)}</time>
            </dd>
          </div>
        )}
        <div className="details__row">
          <dt>{t('fields.visibility')}</dt>
          <dd>
            {request.public ? t('fields.public') : t('fields.private')}
            {request.visibleInApartment && `, ${t('detail.visibleInApartment')}`}
          </dd>
        </div>
        {request.urgentRequest && (
          <div className="details__row">
            <dt>{t('fields.urgent')}</dt>
            <dd>{t('detail.yes')}</dd>
          </div>
        )}
      </dl>
      <SenderLine sender={request.sender} />
    </>
  );
}
