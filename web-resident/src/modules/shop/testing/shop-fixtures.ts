import type { CampaignCard, CampaignDetail, ShopPartnerPage, ShopPartnerSummary } from '@porta/contracts';

export const PARTNER_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01';

/** A campaign card as GET /campaigns answers it; `n` makes ids and titles unique. */
export function campaignCard(n: number, overrides: Partial<CampaignCard> = {}): CampaignCard {
  return {
    id: `5c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e${String(n).padStart(2, '0')}`,
    codename: `campaign-${n}`,
    isAdvertisement: false,
    title: `Campaign ${n}`,
    excerpt: `Offer number ${n}`,
    imageUrl: `/api/content/assets/image-${n}`,
    partnerName: `Partner ${n}`,
    shopPartnerId: null,
    start: '2026-01-01T00:00:00.000Z',
    end: '2026-12-31T00:00:00.000Z',
    discountBadge: null,
    sticky: false,
    urgent: false,
    categories: [],
    link: null,
    linkText: null,
    ctaUrl: null,
    ctaText: null,
    language: 'en',
    ...overrides,
  };
}

export function partnerSummary(overrides: Partial<ShopPartnerSummary> = {}): ShopPartnerSummary {
  return {
    id: PARTNER_ID,
    name: 'Kotisiivous Oy',
    logoUrl: '/api/content/assets/logo-1',
    imageUrl: null,
    rating: 4.5,
    ratingsCount: 12,
    externalId: 'ext-1',
    source: 'porta',
    ...overrides,
  };
}

export function campaignDetail(overrides: Partial<CampaignDetail> = {}): CampaignDetail {
  return {
    ...campaignCard(1, {
      codename: 'spring-cleaning',
      title: 'Spring cleaning',
      partnerName: 'Kotisiivous Oy',
      shopPartnerId: PARTNER_ID,
      discountBadge: 20,
      ctaUrl: 'https://partner.example/book',
      ctaText: 'Book a cleaning',
    }),
    content: '<p>A thorough clean of your home.</p>',
    extendedContent: '<p>Terms: valid for new customers.</p>',
    image: null,
    attachments: [
      {
        id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c01',
        url: '/api/content/assets/price-list',
        fileName: 'price-list.pdf',
        mimeType: 'application/pdf',
        size: 2048,
        width: null,
        height: null,
      },
    ],
    video: null,
    partner: partnerSummary(),
    ...overrides,
  };
}

export function partnerPage(overrides: Partial<ShopPartnerPage> = {}): ShopPartnerPage {
  return {
    ...partnerSummary(),
    description: 'Home cleaning since 1990.\nAll of Uusimaa.',
    businessId: '1234567-8',
    country: 'Finland',
    email: 'info@kotisiivous.example',
    phone: '+358 9 123 456',
    mappedTo: null,
    campaigns: [
      campaignCard(1, { title: 'Spring cleaning', codename: 'spring-cleaning', discountBadge: 20 }),
    ],
    ...overrides,
  };
}
