import type { ServiceRequestDetail, ServiceRequestStatus } from '@porta/contracts';
import { ApiError } from '@porta/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../shared/ui/Alert';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { useToast } from '../../../shared/ui/Toast';
import { Logo, usePageMeta } from '../../layout';
import { SafeHtml, useContentLanguage } from '../../news';
import type { ManageLink } from '../api/service-requests.api';
import { useServiceRequestErrorText } from '../hooks/use-error-text';
import { useServiceRequestManageApi } from '../hooks/use-service-requests-api';
import { AttachmentNames } from './AttachmentLinks';
import { RequestBadges } from './RequestBadges';
import { ResponseForm } from './ResponseForm';
import { ResponseList } from './ResponseList';
import { RequestFacts } from './ServiceRequestPage';
import { StatusForm } from './StatusForm';

const manageKey = ({ id, userId, token }: ManageLink) => ['service-request-manage', id, userId, token];

/**
 * /service-requests/manage/:id/:userId/:token (01 §2, ADR 0018): public, outside the signed-in
 * layout. A recipient opens the link from their e-mail and, without signing in, reads the request
 * with its responses, answers it (no attachments) and moves its status, telling the sender or not.
 * A link that is not good (any 404) shows 'The link is not valid or has expired.'
 */
export function ManageServiceRequestPage() {
  const { t } = useTranslation('serviceRequests');
  const { t: tc } = useTranslation('common');
  usePageMeta({ title: t('manage.title') });
  const { id = '', userId = '', token = '' } = useParams();
  const link: ManageLink = { id, userId, token };
  const lang = useContentLanguage();
  const api = useServiceRequestManageApi();
  const query = useQuery({
    queryKey: manageKey(link),
    queryFn: () => api.get(link, lang),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const invalid = query.error instanceof ApiError && query.error.status === 404;
  const request = query.data;
  return (
    <main className="login-page" id="main">
      <div className="login-card login-card--page service-request-manage">
        <p className="login-card__brand">
          <Logo />
          <span>{tc('siteName')}</span>
        </p>
        {request ? (
          <ManagedRequest link={link} request={request} />
        ) : (
          <>
            <h1 className="login-card__title">{t('manage.title')}</h1>
            {invalid ? (
              <Alert tone="error">
                <p>{t('errors.SRQ_MANAGE_LINK_INVALID')}</p>
              </Alert>
            ) : (
              <QueryStatus
                pending={query.isPending}
                error={query.error}
                onRetry={() => void query.refetch()}
              />
            )}
          </>
        )}
      </div>
    </main>
  );
}

function ManagedRequest({ link, request }: { link: ManageLink; request: ServiceRequestDetail }) {
  const { t } = useTranslation('serviceRequests');
  const lang = useContentLanguage();
  const api = useServiceRequestManageApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorText = useServiceRequestErrorText();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const responsesId = useId();
  const statusId = useId();
  const store = (detail: ServiceRequestDetail) => queryClient.setQueryData(manageKey(link), detail);
  const respond = useMutation({
    mutationFn: (content: string) => api.respond(link, content, lang),
    onSuccess: store,
  });
  const update = useMutation({
    mutationFn: (input: { statusKey: ServiceRequestStatus; sendNotification: boolean }) =>
      api.update(link, input, lang),
    onSuccess: store,
  });
  return (
    <>
      <article className="service-request" aria-labelledby="service-request-title">
        <header className="service-request__header">
          <h1 ref={headingRef} id="service-request-title" className="login-card__title" tabIndex={-1}>
            {request.subject}
          </h1>
          <RequestBadges request={request} />
        </header>
        <RequestFacts request={request} />
        <SafeHtml html={request.content} className="service-request__content" />
        <AttachmentNames attachments={request.attachments} label={t('detail.attachments')} />
      </article>
      {request.canChangeStatus && (
        <section className="card service-request-actions" aria-labelledby={statusId}>
          <h2 id={statusId}>{t('manage.status')}</h2>
          <StatusForm
            key={request.statusKey}
            current={request.statusKey}
            busy={update.isPending}
            onSubmit={(statusKey, sendNotification) =>
              update.mutate(
                { statusKey, sendNotification },
                {
                  onSuccess: () => {
                    toast.show(t('actions.statusChanged'), 'success');
                    headingRef.current?.focus();
                  },
                },
              )
            }
          />
          {update.isError && (
            <p className="form__alert" role="alert">
              {errorText(update.error)}
            </p>
          )}
        </section>
      )}
      <section className="service-request-responses-section" aria-labelledby={responsesId}>
        <h2 id={responsesId}>{t('responses.title', { count: request.responses.length })}</h2>
        <ResponseList responses={request.responses} linked={false} />
      </section>
      {!request.closed && request.canRespond && (
        <ResponseForm
          busy={respond.isPending}
          error={respond.isError ? errorText(respond.error) : null}
          onSend={(content, _attachmentIds, reset) =>
            respond.mutate(content, {
              onSuccess: () => {
                reset();
                toast.show(t('responses.sent'), 'success');
              },
            })
          }
        />
      )}
    </>
  );
}
