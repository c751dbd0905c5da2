import {
  PAGE_SIZE_SERVICE_REQUESTS,
  SERVICE_REQUEST_TYPES,
  type ServiceRequest,
  type ServiceRequestTypeKey,
} from '@porta/contracts';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { SelectField } from '../../../shared/ui/fields';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { useFormatters } from '../../../shared/utils/format';
import { usePageMeta } from '../../layout';
import { RequireHousingCompany } from '../../news';
import { useRefreshList, useServiceRequestList } from '../hooks/queries';
import {
  type ListView,
  listSearch,
  NEW_SERVICE_REQUEST_PATH,
  readListView,
  serviceRequestPath,
} from '../utils/paths';
import { FilterTabs, tabId } from './FilterTabs';
import { RequestBadges, useTypeName } from './RequestBadges';
import { useSenderText } from './SenderLine';

/**
 * /support/service-requests (02 §2): the housing company's requests the user sees, newest first, 10
 * a page; filter tabs (all, pending, closed, public), a type, and the page in the address
 * (`filter`, `type`, `page`). ?refresh=true reads the list again and is then dropped from the
 * address.
 */
export function ServiceRequestsPage() {
  return (
    <RequireHousingCompany>
      <ServiceRequestList />
    </RequireHousingCompany>
  );
}

function ServiceRequestList() {
  const { t } = useTranslation('serviceRequests');
  usePageMeta({ title: t('title') });
  const idBase = useId();
  const panelId = `${idBase}-panel`;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = readListView(params);
  const refresh = params.get('refresh') === 'true';
  const query = useServiceRequestList(view);
  const refreshList = useRefreshList();
  const typeName = useTypeName();

  // ?refresh=true: read the list again, then drop the parameter (the address is replaced).
  useEffect(() => {
    if (!refresh) return;
    let current = true;
    void refreshList().finally(() => {
      if (!current) return;
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('refresh');
          return next;
        },
        { replace: true },
      );
    });
    return () => {
      current = false;
    };
  }, [refresh, refreshList, setParams]);

  const show = (next: ListView) => navigate({ search: listSearch(next) });
  const page = query.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE_SERVICE_REQUESTS)) : 1;

  return (
    <section className="page service-requests" aria-labelledby={`${idBase}-title`}>
      <div className="service-requests__heading">
        <h1 id={`${idBase}-title`}>{t('title')}</h1>
        <Link className="button button--primary" to={NEW_SERVICE_REQUEST_PATH}>
          {t('list.new')}
        </Link>
      </div>
      <div className="service-requests__filters">
        <FilterTabs
          idBase={idBase}
          panelId={panelId}
          value={view.filter}
          onChange={(filter) => show({ ...view, filter, page: 1 })}
        />
        <SelectField
          label={t('list.type')}
          value={view.type ?? ''}
          options={[
            { value: '', label: t('list.allTypes') },
            ...SERVICE_REQUEST_TYPES.map((key) => ({ value: key, label: typeName(key) })),
          ]}
          onChange={(type) =>
            show({ ...view, type: (type || null) as ServiceRequestTypeKey | null, page: 1 })
          }
        />
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(idBase, view.filter)}
        aria-busy={query.isFetching || undefined}
        className="service-requests__panel"
      >
        <QueryStatus
          pending={query.isPending}
          error={page ? null : query.error}
          onRetry={() => void query.refetch()}
        />
        {page &&
          page.items.length === 0 &&
          (view.filter === 'all' && !view.type ? (
            <EmptyState
              title={t('list.emptyTitle')}
              description={t('list.emptyText')}
              action={{ label: t('list.emptyAction'), to: NEW_SERVICE_REQUEST_PATH }}
            />
          ) : (
            <EmptyState
              title={t('list.emptyFilteredTitle')}
              description={t('list.emptyFilteredText')}
              action={{
                label: t('list.showAll'),
                onClick: () => show({ filter: 'all', type: null, page: 1 }),
              }}
            />
          ))}
        {page && page.items.length > 0 && (
          <ul className="service-request-list" aria-label={t('list.label')}>
            {page.items.map((request) => (
              <ServiceRequestCard key={request.id} request={request} />
            ))}
          </ul>
        )}
        {page && (view.page > 1 || pages > 1) && (
          <nav className="pagination" aria-label={t('list.pagination')}>
            {view.page > 1 ? (
              <Link
                className="button button--secondary"
                to={{ search: listSearch({ ...view, page: view.page - 1 }) }}
                rel="prev"
              >
                {t('list.previous')}
              </Link>
            ) : (
              <span />
            )}
            <span className="pagination__status">
              {t('list.pageOf', { page: view.page, pages: Math.max(pages, view.page) })}
            </span>
            {view.page < pages ? (
              <Link
                className="button button--secondary"
                to={{ search: listSearch({ ...view, page: view.page + 1 }) }}
                rel="next"
              >
                {t('list.next')}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </div>
    </section>
  );
}

/** One request in the list: its subject leading to it, type, status, urgency, date, sender, responses. */
function ServiceRequestCard({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation('serviceRequests');
  const { date } = useFormatters();
  const typeName = useTypeName();
  const senderText = useSenderText();
  return (
    <li
      className={
        request.urgentRequest
          ? 'card service-request-card service-request-card--urgent'
          : 'card service-request-card'
      }
    >
      <h2 className="service-request-card__title">
        <Link to={serviceRequestPath(request.id)}>{request.subject}</Link>
      </h2>
      <p className="service-request-card__meta">
        <span className="service-request-card__type">{typeName(request.typeId)}</span>
        <RequestBadges request={request} />
      </p>
      <p className="service-request-card__details muted">
        <time dateTime={request.createdAt}>{date(request.createdAt)}</time>
        <span>{t('list.sentBy', { sender: senderText(request.sender) })}</span>
        <span>{t('list.responses', { count: request.responseCount })}</span>
      </p>
    </li>
  );
}
