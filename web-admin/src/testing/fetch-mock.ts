import type {
  AdminApartment,
  AdminHousingCompany,
  AdminUser,
  MeResponse,
  PartnerCompany,
  Role,
  TokenResponse,
} from '@porta/contracts';
import { vi } from 'vitest';

/** One request as the code under test sent it to `fetch`. */
export interface SentRequest {
  method: string;
  /** Path and query, e.g. `/api/identity/admin/users?sort=…`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  /** A multipart body (an upload), as sent. */
  form?: FormData;
  /** A file sent as the body itself (a CSV import), as sent. */
  blob?: Blob;
}

export type Handler = (request: SentRequest) => Response | Promise<Response>;

/**
 * Replace `fetch` (the only boundary mocked in these tests) with a table of handlers keyed by
 * "METHOD /path". Unknown requests answer 404 problem+json and are recorded like the others.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: url.pathname + url.search,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init.body instanceof FormData ? init.body : undefined,
      blob: init.body instanceof Blob ? init.body : undefined,
    };
    sent.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    return handler ? handler(request) : problem(404, 'NOT_FOUND', 'Page not found');
  });
  vi.stubGlobal('fetch', fn);
  return {
    sent,
    /** The requests sent to one "METHOD /path". */
    to: (route: string) => sent.filter((r) => `${r.method} ${r.path}` === route),
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function problem(status: number, code: string, title: string): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, code }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

export function tokens(n = 1): TokenResponse {
  return {
    accessToken: `access-${n}`,
    refreshToken: `refresh-token-number-${n}`,
    expiresIn: 3600,
    issuer: 'portal',
  };
}

export function meOf(
  roles: Role[],
  user: Partial<MeResponse['user']> = {},
  hcs: MeResponse['hcs'] = [],
): MeResponse {
  return {
    user: {
      id: '7d6f2a52-2f4a-4a53-9a3e-1a1c3f9d0001',
      email: 'anna.admin@demo.porta.test',
      firstName: 'Anna',
      lastName: 'Admin',
      locale: 'en_US',
      publicProfile: false,
      registered: true,
      roles,
      isBusinessPartner: false,
      partnerCompanies: [],
      ...user,
    },
    issuer: 'portal',
    hcs,
    selectedHousingCompanyId: null,
    selectedApartmentId: null,
  };
}

export function adminUser(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `0b8c6f0e-5d1a-4c1e-8f5e-${String(n).padStart(12, '0')}`,
    email: `user${n}@demo.porta.test`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    locale: 'en_US',
    phone: null,
    externalId: null,
    publicProfile: false,
    roles: [],
    registered: true,
    enabled: true,
    source: 'portal',
    createdAt: '2026-01-15T09:30:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

/** A list answer in the ra-data-simple-rest convention: the rows and a Content-Range total. */
export function listOf(resource: string, rows: readonly unknown[], total = rows.length): Response {
  const end = Math.max(rows.length - 1, 0);
  return json(rows, 200, { 'Content-Range': `${resource} 0-${end}/${total}` });
}

export function housingCompany(n: number, overrides: Partial<AdminHousingCompany> = {}): AdminHousingCompany {
  return {
    id: `5a0c1b2d-3e4f-4a5b-8c6d-${String(n).padStart(12, '0')}`,
    liferayId: null,
    hcExt: `HC-${n}`,
    name: `Housing company ${n}`,
    marketingName: null,
    addressStreet: `Street ${n}`,
    addressZip: '00520',
    addressCity: 'Helsinki',
    addressArea: null,
    addressCountry: 'Finland',
    businessUnit: null,
    completionDate: '2020-05-01',
    finalizationDate: null,
    state: 'living',
    isDemo: false,
    energyClass: null,
    numberOfApartments: 10,
    numberOfNonSellableParkingPlaces: null,
    additionalInformationAboutParkingPlaces: null,
    serviceRequestSettings: {},
    housingCompanyAdminEmail: null,
    porrasFeedUrl: null,
    one4allUuid: null,
    one4allArticleRssUrl: null,
    one4allEventRssUrl: null,
    one4allCampaignRssUrl: null,
    one4allIncludeAllResidents: false,
    isYseProject: false,
    congridId: null,
    warrantyReportStartDate: null,
    warrantyReportEndDate: null,
    warrantyRepairMeetingDate: null,
    warrantyRepairNoticeInfoDate: null,
    warrantyRepairEndDate: null,
    warrantyRepairProcessEndDate: null,
    warrantyPeriodEndDate: null,
    warrantyContacts: [],
    lifecycleStepsActive: false,
    wizardCompleted: true,
    buildingType: 'block_of_flats',
    documentsScope: null,
    buildingTaxonomyTermId: null,
    propertyManagerCompanies: [],
    maintenanceManagerCompanies: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function apartment(
  n: number,
  housingCompanyId: string,
  overrides: Partial<AdminApartment> = {},
): AdminApartment {
  return {
    id: `6b1d2c3e-4f5a-4b6c-9d7e-${String(n).padStart(12, '0')}`,
    housingCompanyId,
    no: `A ${n}`,
    externalName: null,
    aptext: `APT-${n}`,
    apartmentNumber: String(n),
    visibleApartmentNumber: null,
    floorNumber: 1,
    terrace: false,
    balcony: true,
    sauna: false,
    numberOfShares: null,
    shareNumbers: null,
    size: 54.5,
    rooms: 2,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A housing company in /me with the viewer's roles there. */
export function myHousingCompany(n: number, roles: Role[]): MeResponse['hcs'][number] {
  const hc = housingCompany(n);
  return {
    id: hc.id,
    hcExt: hc.hcExt,
    name: hc.name,
    marketingName: null,
    addressStreet: hc.addressStreet,
    addressCity: hc.addressCity,
    addressCountry: hc.addressCountry,
    businessUnit: null,
    completionDate: hc.completionDate,
    state: hc.state,
    lifecycleStepsActive: false,
    isDemo: false,
    roles,
    apts: [],
  };
}

/** The demo's business partner company, as identity answers it. */
export function partnerCompany(overrides: Partial<PartnerCompany> = {}): PartnerCompany {
  return {
    id: '2d3e4f5a-6b7c-4d8e-9f0a-000000000001',
    name: 'Demo Kitchen Partners Oy',
    type: 'BUSINESS_PARTNER',
    externalId: null,
    businessId: '1234567-8',
    street: null,
    zip: null,
    city: 'Helsinki',
    country: 'Finland',
    phone: null,
    email: null,
    webPageUrl: null,
    description: null,
    logo: null,
    featuredImage: null,
    keyword: null,
    active: true,
    contactDetails: {},
    operationalAreaZips: ['00520'],
    operationalAreaTaxonomies: [],
    keyContactUserId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
