import type {
  AdminArticleResponse,
  AdminCalendarEntryResponse,
  AdminCampaign,
  AdminFeedbackEntry,
  AdminShopPartner,
  AdminStep,
  AssetRef,
} from '@porta/contracts';

/**
 * Test records of the content service, valid against the contracts (the data provider checks
 * every answer). Ids are uuids numbered by `n`.
 */

const uuid = (prefix: string, n: number) => `${prefix}-4c1e-8f5e-${String(n).padStart(12, '0')}`;

export const AUTHOR = {
  id: '7d6f2a52-2f4a-4a53-9a3e-1a1c3f9d0001',
  name: 'Anna Admin',
  roles: ['admin' as const],
};

const meta = (id: string, codename: string) => ({
  id,
  codename,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
  author: AUTHOR,
  scheduled: false,
  canEdit: true,
});

export function asset(n: number, overrides: Partial<AssetRef> = {}): AssetRef {
  const id = uuid('a55e7000-0000', n);
  return {
    id,
    url: `/api/content/assets/${id}`,
    fileName: `image-${n}.jpg`,
    mimeType: 'image/jpeg',
    size: 120_000,
    width: 1600,
    height: 900,
    ...overrides,
  };
}

export function article(n: number, overrides: Partial<AdminArticleResponse> = {}): AdminArticleResponse {
  return {
    ...meta(uuid('a1e7c1e0-0000', n), `article-${n}`),
    title: `Article ${n}`,
    defaultLanguage: 'en',
    variants: { en: { title: `Article ${n}`, introduction: 'Intro', content: '<p>Body</p>' } },
    articleType: 'news',
    category: null,
    targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
    userRoles: [],
    status: 'draft',
    publishAt: null,
    unpublishAt: null,
    archiveAt: null,
    archived: false,
    sticky: false,
    stickyUntil: null,
    buildingPhase: null,
    readyBefore: null,
    readyAfter: null,
    imageIds: [],
    images: [],
    attachmentIds: [],
    attachments: [],
    announcedAt: null,
    ...overrides,
  };
}

export function calendarEntry(
  n: number,
  overrides: Partial<AdminCalendarEntryResponse> = {},
): AdminCalendarEntryResponse {
  return {
    ...meta(uuid('ca1e0da0-0000', n), `entry-${n}`),
    title: `Entry ${n}`,
    type: 'event',
    shownType: 'event',
    defaultLanguage: 'en',
    variants: { en: { title: `Entry ${n}` } },
    startAt: '2026-06-01T09:00:00.000Z',
    endAt: null,
    location: null,
    documentLibraryLinkPath: null,
    documentLibraryLinkTitle: null,
    imageIds: [],
    images: [],
    attachmentIds: [],
    attachments: [],
    targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
    userRoles: [],
    status: 'draft',
    publishAt: null,
    unpublishAt: null,
    announcedAt: null,
    deadlineNoticeAt: null,
    ...overrides,
  };
}

export function campaign(n: number, overrides: Partial<AdminCampaign> = {}): AdminCampaign {
  return {
    ...meta(uuid('ca3a1900-0000', n), `campaign-${n}`),
    isAdvertisement: false,
    title: `Campaign ${n}`,
    defaultLanguage: 'en',
    variants: { en: { title: `Campaign ${n}` } },
    link: null,
    ctaUrl: null,
    imageId: null,
    image: null,
    shopPartnerId: null,
    partnerCompanyId: null,
    partnerGroupId: null,
    partnerName: null,
    startAt: null,
    endAt: null,
    sticky: false,
    stickyUntil: null,
    discountPercentage: null,
    categories: [],
    buildingPhase: null,
    weeksBeforeCompletion: null,
    weeksAfterCompletion: null,
    rooms: [],
    apartmentSizeMin: null,
    apartmentSizeMax: null,
    urgent: false,
    video: null,
    attachmentIds: [],
    attachments: [],
    targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
    userRoles: [],
    status: 'draft',
    publishAt: null,
    unpublishAt: null,
    copiedFrom: null,
    ...overrides,
  };
}

export function step(n: number, overrides: Partial<AdminStep> = {}): AdminStep {
  return {
    ...meta(uuid('57e90000-0000', n), `step-${n}`),
    title: `Step ${n}`,
    defaultLanguage: 'en',
    variants: { en: { title: `Step ${n}` } },
    dateStart: `2026-0${n}-01`,
    parentId: null,
    imageIds: [],
    images: [],
    related: [],
    disableConfiguring: false,
    targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
    status: 'published',
    publishAt: '2026-01-01T00:00:00.000Z',
    unpublishAt: null,
    ...overrides,
  };
}

export function feedbackEntry(n: number, overrides: Partial<AdminFeedbackEntry> = {}): AdminFeedbackEntry {
  return {
    id: uuid('feedbac0-0000', n),
    createdAt: '2026-04-01T10:00:00.000Z',
    rating: 4,
    comment: `Comment ${n}`,
    country: 'Finland',
    area: 'Uusimaa',
    city: 'Helsinki',
    businessUnit: 'Housing',
    housingCompanyId: null,
    hcExt: `HC-${n}`,
    housingCompanyName: `Housing company ${n}`,
    ...overrides,
  };
}

/** A problem+json answer with field errors, as the services send for VALIDATION_FAILED. */
export function problemWith(
  status: number,
  code: string,
  title: string,
  extra: Record<string, unknown> = {},
): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, code, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

export function shopPartner(n: number, overrides: Partial<AdminShopPartner> = {}): AdminShopPartner {
  return {
    id: uuid('5a0b9a70-0000', n),
    name: `Partner ${n}`,
    description: {},
    logoId: null,
    logo: null,
    imageId: null,
    image: null,
    rating: null,
    ratingsCount: 0,
    businessId: null,
    externalId: null,
    country: 'Finland',
    email: null,
    phone: null,
    source: 'porta',
    mappedTo: null,
    partnerCompanyId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
