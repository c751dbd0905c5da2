import {
  SERVICE_REQUEST_FILTERS,
  SERVICE_REQUEST_TYPES,
  type ServiceRequestFilter,
  type ServiceRequestTypeKey,
  serviceRequestUrl,
} from '@porta/contracts';

/** The support centre's service requests (02 §2). */
export const SERVICE_REQUESTS_PATH = '/support/service-requests';
export const NEW_SERVICE_REQUEST_PATH = `${SERVICE_REQUESTS_PATH}/new`;
/** The list, read again (02 §2 ?refresh=true): where a deleted request leads. */
export const REFRESHED_LIST_PATH = `${SERVICE_REQUESTS_PATH}?refresh=true`;
/** The old addresses' prefix (they lead to the support centre's) and the manage link's route. */
export const MANAGE_ROUTE = '/service-requests/manage/:id/:userId/:token';

/** A request's page (the notifications' links point here too). */
export const serviceRequestPath = serviceRequestUrl;

/** What the list shows: its filter tab, its type and its page (1-based), all in the address. */
export interface ListView {
  filter: ServiceRequestFilter;
  type: ServiceRequestTypeKey | null;
  page: number;
}

const isFilter = (value: string | null): value is ServiceRequestFilter =>
  (SERVICE_REQUEST_FILTERS as readonly (string | null)[]).includes(value);
const isType = (value: string | null): value is ServiceRequestTypeKey =>
  (SERVICE_REQUEST_TYPES as readonly (string | null)[]).includes(value);

/** The list's view from the address (`filter`, `type`, `page`); anything unknown is the default. */
export function readListView(params: URLSearchParams): ListView {
  const filter = params.get('filter');
  const type = params.get('type');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    filter: isFilter(filter) ? filter : 'all',
    type: isType(type) ? type : null,
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The address's query of a view (defaults left out), e.g. `?filter=pending&page=2`, or ''. */
export function listSearch({ filter, type, page }: ListView): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('filter', filter);
  if (type) params.set('type', type);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
