import {
  zAdminApartmentCreate,
  zAdminApartmentUpdate,
  zAdminArticleRequest,
  zAdminArticleResponse,
  zAdminCalendarEntryRequest,
  zAdminCalendarEntryResponse,
  zAdminCampaign,
  zAdminContact,
  zAdminContactWrite,
  zAdminFaq,
  zAdminFaqWrite,
  zAdminFeed,
  zAdminFeedbackEntry,
  zAdminHousingCompanyCreate,
  zAdminHousingCompanyUpdate,
  zAdminPage,
  zAdminReportDetail,
  zAdminPageWrite,
  zAdminShopPartner,
  zAdminStep,
  zAdminStepWrite,
  zAdminUserCreate,
  zAdminUserUpdate,
  zCampaignCreate,
  zCampaignUpdate,
  zFeatureToggleRequest,
  zFeedCreate,
  zFeedUpdate,
  zPartnerCompanyCreate,
  zPartnerCompanyUpdate,
  zServiceRequestDetail,
  zShopPartnerCreate,
  zShopPartnerUpdate,
  zTaxonomyTermCreate,
  zTaxonomyTermUpdate,
} from '@porta/contracts';
import type { z } from 'zod';

/**
 * The fields a create or update sends: a request schema of the contracts (its keys, and whether a
 * field takes null), or a list of field names. Everything else the form holds (id, timestamps,
 * derived fields) stays out of the request: the services refuse unknown fields.
 */
export type BodyShape = z.ZodObject | readonly string[];

export interface ResourceRoute {
  service: string;
  path: string;
  create?: BodyShape;
  update?: BodyShape;
  /** The contract of one record the service answers with: every answer is checked against it. */
  record?: z.ZodType;
  /**
   * Problem codes that concern one form field (`CNT_ARCHIVE_DATE_IN_PAST` → `archiveAt`): a create
   * or update failing with one is shown next to that field, in words (`porta.errors.<code>`).
   */
  errorFields?: Readonly<Record<string, string>>;
}

/** Content problems that concern one field of the item's form, whatever the resource. */
const CONTENT_ERROR_FIELDS = {
  CNT_ARCHIVE_DATE_IN_PAST: 'archiveAt',
  CNT_STICKY_EXPIRY_REQUIRED: 'stickyUntil',
  CNT_UNPUBLISH_BEFORE_PUBLISH: 'unpublishAt',
  CNT_PUBLISH_TIME_IN_PAST: 'publishAt',
  CNT_READY_DATES_ORDER: 'readyAfter',
  CNT_CALENDAR_END_BEFORE_START: 'endAt',
  CNT_CODENAME_IN_USE: 'codename',
  CNT_TARGET_OUT_OF_SCOPE: 'targeting.housingCompanyIds',
  CNT_HOUSING_COMPANY_NOT_FOUND: 'targeting.housingCompanyIds',
  CNT_IMAGE_RULES: 'imageIds',
  CNT_ASSET_NOT_FOUND: 'imageIds',
} as const satisfies Record<string, string>;

/** The content service's staff resources live under /api/content/admin/<path>. */
function content(
  path: string,
  shapes: Omit<ResourceRoute, 'service' | 'path' | 'errorFields'>,
  errorFields: Record<string, string> = {},
): ResourceRoute {
  return { service: 'content', path, ...shapes, errorFields: { ...CONTENT_ERROR_FIELDS, ...errorFields } };
}

/** News (03 §2 /admin/news) are the content service's articles. */
const NEWS = content('articles', {
  create: zAdminArticleRequest,
  update: zAdminArticleRequest,
  record: zAdminArticleResponse,
});
/** The calendar (03 §2 /admin/calendar) is the content service's calendar entries. */
const CALENDAR = content('calendar-entries', {
  create: zAdminCalendarEntryRequest,
  update: zAdminCalendarEntryRequest,
  record: zAdminCalendarEntryResponse,
});

/**
 * Where each react-admin resource lives. Staff lists follow the ra-data-simple-rest convention
 * under `/api/<service>/admin/<path>` (ARCHITECTURE §4); resources belong to different services,
 * so this table is the one place that says which.
 */
export const RESOURCE_ROUTES = {
  users: { service: 'identity', path: 'users', create: zAdminUserCreate, update: zAdminUserUpdate },
  'housing-companies': {
    service: 'identity',
    path: 'housing-companies',
    create: zAdminHousingCompanyCreate,
    update: zAdminHousingCompanyUpdate,
  },
  apartments: {
    service: 'identity',
    path: 'apartments',
    create: zAdminApartmentCreate,
    update: zAdminApartmentUpdate,
  },
  'partner-companies': {
    service: 'identity',
    path: 'partner-companies',
    create: zPartnerCompanyCreate,
    update: zPartnerCompanyUpdate,
  },
  'feature-toggles': {
    service: 'identity',
    path: 'feature-toggles',
    create: zFeatureToggleRequest,
    update: zFeatureToggleRequest,
  },
  'taxonomy-terms': {
    service: 'identity',
    path: 'taxonomy-terms',
    create: zTaxonomyTermCreate,
    update: zTaxonomyTermUpdate,
  },
  // Content (03 §2): the staff app's addresses follow the spec (/admin/news, /admin/calendar …),
  // the API's follow the content service (/api/content/admin/articles …).
  news: NEWS,
  calendar: CALENDAR,
  contacts: content('contacts', { create: zAdminContactWrite, update: zAdminContactWrite, record: zAdminContact }),
  campaigns: content(
    'campaigns',
    { create: zCampaignCreate, update: zCampaignUpdate, record: zAdminCampaign },
    {
      CNT_ASSET_NOT_FOUND: 'imageId',
      CNT_IMAGE_RULES: 'imageId',
      CNT_CAMPAIGN_DATES: 'endAt',
      CNT_ADVERTISEMENT_TOO_LONG: 'endAt',
      CNT_APARTMENT_SIZE_RANGE: 'apartmentSizeMax',
      CNT_PARTNER_REQUIRED: 'shopPartnerId',
    },
  ),
  steps: content(
    'steps',
    { create: zAdminStepWrite, update: zAdminStepWrite, record: zAdminStep },
    { CNT_STEP_PARENT_INVALID: 'parentId', CNT_STEP_RELATED_NOT_FOUND: 'related' },
  ),
  faqs: content('faqs', { create: zAdminFaqWrite, update: zAdminFaqWrite, record: zAdminFaq }),
  pages: content(
    'pages',
    { create: zAdminPageWrite, update: zAdminPageWrite, record: zAdminPage },
    { CNT_PAGE_PATH_IN_USE: 'path' },
  ),
  feedback: content('feedback', { record: zAdminFeedbackEntry }),
  'shop-partners': content(
    'shop-partners',
    { create: zShopPartnerCreate, update: zShopPartnerUpdate, record: zAdminShopPartner },
    {
      CNT_SHOP_PARTNER_EXTERNAL_ID_IN_USE: 'externalId',
      CNT_LOGO_RULES: 'logoId',
      CNT_IMAGE_RULES: 'imageId',
      CNT_ASSET_NOT_FOUND: 'logoId',
    },
  ),
  feeds: content('feeds', { create: zFeedCreate, update: zFeedUpdate, record: zAdminFeed }, { CNT_FEED_URL: 'url' }),
  // Community (03 §6 moderation): the violation reports of the housing companies one moderates; one
  // report comes with the discussion or comment it points at (`target`), the list without.
  'community-reports': {
    service: 'community',
    path: 'reports',
    record: zAdminReportDetail.partial({ target: true }),
  },
  // Service requests (03 /admin/service-requests): the requests of every housing company the viewer
  // handles, at /api/service-requests/admin/requests; one request comes with its responses, the
  // list without. Changes and replies go through the service's regular routes (SERVICE_REQUESTS_API).
  'service-requests': {
    service: 'service-requests',
    path: 'requests',
    record: zServiceRequestDetail.partial({ responses: true }),
  },
  // The content service's own names reach the same data (a reference to "articles" works too).
  articles: NEWS,
  'calendar-entries': CALENDAR,
} as const satisfies Record<string, ResourceRoute>;

export type AdminResource = keyof typeof RESOURCE_ROUTES;

function routeOf(resource: string): ResourceRoute {
  if (!Object.hasOwn(RESOURCE_ROUTES, resource)) {
    throw new Error(`No service is known for the resource "${resource}"`);
  }
  return RESOURCE_ROUTES[resource as AdminResource];
}

/** The resource's route: its service, path, request and record shapes. */
export function resourceDefinition(resource: string): ResourceRoute {
  return routeOf(resource);
}

export function resourceRoute(resource: string): { apiUrl: string; path: string } {
  const { service, path } = routeOf(resource);
  return { apiUrl: `/api/${service}/admin`, path };
}

/** The full URL of a resource's collection, e.g. `/api/identity/admin/users`. */
export function resourceUrl(resource: string): string {
  const { apiUrl, path } = resourceRoute(resource);
  return `${apiUrl}/${path}`;
}

/**
 * The body a create or update of the resource sends: only the fields of its request shape, without
 * undefined values, and without null for fields that do not take null (left out: unchanged or the
 * default).
 */
export function requestBody(resource: string, kind: 'create' | 'update', data: unknown): Record<string, unknown> {
  const shape = routeOf(resource)[kind];
  const record = (data ?? {}) as Record<string, unknown>;
  if (!shape) return { ...record };
  const fields = Array.isArray(shape) ? (shape as readonly string[]) : Object.keys((shape as z.ZodObject).shape);
  const takesNull = (field: string) =>
    Array.isArray(shape) ? true : (shape as z.ZodObject).shape[field]?.safeParse(null).success === true;
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = record[field];
    if (value === undefined) continue;
    if (value === null && !takesNull(field)) continue;
    body[field] = value;
  }
  return body;
}
