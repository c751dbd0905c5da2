import type { ContentDb } from '../context.js';
import {
  type CampaignTexts,
  campaigns,
  feedItems,
  feeds,
  shopPartners,
  type Variants,
} from '../db/schema.js';
import { addDays } from '../domain/clock.js';
import { audienceOf } from '../domain/reader.js';
import { CAMPAIGN_TRANSLATIONS } from './shop-translations.js';
import type { DemoHousingCompanies } from './types.js';

/*
 * The demo service shop (02 §2, §3, §5) and external feeds: three shop partners, campaigns for
 * every demo housing company (sticky, discounted, construction-only, living-only, sized for
 * apartments, one ended and one starting later), two advertisements (one published, one draft)
 * and recommended articles and corporate news. The feeds have placeholder addresses and are
 * inactive, so the fetch job leaves their items as they are.
 */

const AUTHOR = { authorId: null, authorName: 'Porta', authorRoles: ['yitMarketing'] };

interface DemoCampaign {
  codename: string;
  en: CampaignTexts;
  fi?: CampaignTexts;
  partner: 'kitchen' | 'clean' | 'energy';
  housingCompanyIds?: string[];
  buildingTaxonomies?: string[];
  /** Days from now. */
  startDays: number;
  endDays: number;
  stickyDays?: number;
  discount?: number;
  buildingPhase?: 'construction' | 'living';
  weeksBeforeCompletion?: number;
  weeksAfterCompletion?: number;
  apartmentSizeMin?: number;
  apartmentSizeMax?: number;
  rooms?: number[];
  categories?: string[];
  advertisement?: boolean;
  draft?: boolean;
  link?: string;
  ctaUrl?: string;
  urgent?: boolean;
}

export async function seedShop(db: ContentDb, hc: DemoHousingCompanies, now: Date): Promise<void> {
  const [kitchen, clean, energy] = await db
    .insert(shopPartners)
    .values([
      {
        name: 'Demo Kitchen Partners Oy',
        description: {
          en: 'Kitchen renovations and fittings, from a new worktop to a whole new kitchen.',
          fi: 'Keittiöremontit ja -kalusteet uudesta työtasosta kokonaan uuteen keittiöön.',
        },
        rating: 4.6,
        ratingsCount: 128,
        businessId: '1234567-8',
        externalId: 'DEMO-SHOP-KITCHEN',
        country: 'Finland',
        email: 'kitchens@demo.porta.test',
        phone: '+358 9 555 0101',
      },
      {
        name: 'Clean Home Services',
        description: { en: 'Moving-in, window and deep cleaning for homes and stairwells.' },
        rating: 4.2,
        ratingsCount: 56,
        businessId: '7654321-0',
        externalId: 'DEMO-SHOP-CLEAN',
        country: 'Finland',
        email: 'clean@demo.porta.test',
        phone: '+358 9 555 0202',
      },
      {
        name: 'Green Energy Solutions',
        description: { en: 'Solar panels, heat pumps and smart thermostats.' },
        rating: 4.8,
        ratingsCount: 31,
        externalId: 'DEMO-SHOP-ENERGY',
        country: 'Finland',
        email: 'energy@demo.porta.test',
      },
    ])
    .returning();
  const partners = { kitchen: kitchen!, clean: clean!, energy: energy! };

  const demo: DemoCampaign[] = [
    {
      codename: 'kitchen-renovation-spring',
      en: {
        title: 'Kitchen renovation 15 % off',
        content: '<p>Renew your kitchen this spring: design, fittings and installation from one partner.</p>',
        extendedContent: '<ul><li>Free design visit</li><li>Installation within four weeks</li></ul>',
        ctaText: 'Book a design visit',
      },
      fi: {
        title: 'Keittiöremontti -15 %',
        content: '<p>Uudista keittiösi keväällä: suunnittelu, kalusteet ja asennus samalta kumppanilta.</p>',
        ctaText: 'Varaa suunnittelukäynti',
      },
      partner: 'kitchen',
      startDays: -10,
      endDays: 50,
      stickyDays: 20,
      discount: 0.15,
      buildingPhase: 'living',
      categories: ['renovation'],
      ctaUrl: 'https://kitchens.demo.porta.test/design-visit',
    },
    {
      codename: 'moving-in-cleaning',
      en: {
        title: 'Moving-in cleaning for new homes',
        content: '<p>Move into a spotless home: a full clean before your moving day.</p>',
      },
      partner: 'clean',
      housingCompanyIds: [hc.harbourView],
      startDays: -5,
      endDays: 120,
      buildingPhase: 'construction',
      weeksBeforeCompletion: 40,
      weeksAfterCompletion: 8,
      discount: 0.1,
      categories: ['cleaning'],
    },
    {
      codename: 'interior-design-consultation',
      en: {
        title: 'Interior design consultation',
        content: '<p>Plan your new home with an interior designer two months before you move in.</p>',
      },
      partner: 'kitchen',
      housingCompanyIds: [hc.harbourView],
      startDays: -2,
      endDays: 200,
      buildingPhase: 'construction',
      // Shown only from eight weeks before completion: not yet in the demo.
      weeksBeforeCompletion: 8,
      categories: ['design'],
    },
    {
      codename: 'window-cleaning-linden',
      en: {
        title: 'Spring window cleaning',
        content: '<p>Both sides of every window, balcony glazing too.</p>',
      },
      fi: {
        title: 'Kevään ikkunanpesu',
        content: '<p>Kaikki ikkunat molemmin puolin, myös parvekelasit.</p>',
      },
      partner: 'clean',
      housingCompanyIds: [hc.lindenCourt],
      startDays: -3,
      endDays: 30,
      buildingPhase: 'living',
      categories: ['cleaning'],
      urgent: true,
    },
    {
      codename: 'sauna-maintenance-large-homes',
      en: {
        title: 'Sauna maintenance for larger homes',
        content: '<p>Heater check, bench oiling and stone change for homes of 60 m² or more.</p>',
      },
      partner: 'clean',
      housingCompanyIds: [hc.lindenCourt, hc.birchHill],
      startDays: -7,
      endDays: 60,
      buildingPhase: 'living',
      apartmentSizeMin: 60,
      categories: ['maintenance'],
    },
    {
      codename: 'studio-storage-package',
      en: {
        title: 'Smart storage for studios',
        content: '<p>Wall shelves and under-bed drawers made to measure for homes up to 40 m².</p>',
      },
      partner: 'kitchen',
      housingCompanyIds: [hc.lindenCourt],
      startDays: -1,
      endDays: 45,
      apartmentSizeMax: 40,
      rooms: [1],
      discount: 0.2,
      categories: ['furniture'],
    },
    {
      codename: 'birch-hill-garden-care',
      en: {
        title: 'Garden care for Birch Hill',
        content: '<p>Lawn, hedges and flower beds through the summer.</p>',
      },
      partner: 'energy',
      housingCompanyIds: [hc.birchHill],
      startDays: -4,
      endDays: 90,
      categories: ['garden'],
    },
    {
      codename: 'solar-panels-uusimaa',
      en: {
        title: 'Solar panels for housing companies',
        content: '<p>Cut the common electricity bill with rooftop solar panels.</p>',
        linkText: 'Read more',
      },
      partner: 'energy',
      buildingTaxonomies: hc.lindenCourtTaxonomy.slice(-1),
      startDays: -20,
      endDays: 70,
      discount: 0.05,
      categories: ['energy'],
      link: 'https://energy.demo.porta.test/solar',
    },
    {
      codename: 'smart-thermostat-everyone',
      en: { title: 'Smart thermostats', content: '<p>Save energy with room-by-room heating control.</p>' },
      partner: 'energy',
      startDays: -15,
      endDays: 40,
      stickyDays: -1,
      categories: ['energy'],
    },
    {
      codename: 'winter-window-cleaning-ended',
      en: { title: 'Winter window cleaning', content: '<p>This offer has ended.</p>' },
      partner: 'clean',
      housingCompanyIds: [hc.lindenCourt],
      startDays: -90,
      endDays: -1,
      categories: ['cleaning'],
    },
    {
      codename: 'summer-terrace-upcoming',
      en: { title: 'Summer terrace makeover', content: '<p>Coming soon.</p>' },
      partner: 'kitchen',
      housingCompanyIds: [hc.lindenCourt, hc.birchHill],
      startDays: 14,
      endDays: 60,
      categories: ['renovation'],
    },
    {
      codename: 'heat-pump-advertisement',
      en: {
        title: 'Heat pump check before winter',
        content: '<p>A service visit keeps your heat pump efficient.</p>',
        ctaText: 'Book a visit',
      },
      partner: 'energy',
      advertisement: true,
      housingCompanyIds: [hc.lindenCourt, hc.birchHill],
      startDays: -2,
      endDays: 60,
      buildingPhase: 'living',
      ctaUrl: 'https://energy.demo.porta.test/heat-pump',
    },
    {
      codename: 'new-home-insurance-draft',
      en: {
        title: 'Home insurance for new owners',
        content: '<p>Draft advertisement.</p>',
        ctaText: 'Get a quote',
      },
      partner: 'clean',
      advertisement: true,
      draft: true,
      housingCompanyIds: [hc.harbourView],
      startDays: 7,
      endDays: 90,
      buildingPhase: 'construction',
    },
  ];

  await db.insert(campaigns).values(
    demo.map((c) => {
      const targeting = {
        housingCompanyIds: c.housingCompanyIds ?? [],
        buildingTaxonomies: c.buildingTaxonomies ?? [],
      };
      const more = CAMPAIGN_TRANSLATIONS[c.codename];
      const fi = c.fi ?? more?.fi;
      const variants: Variants<CampaignTexts> = {
        en: c.en,
        ...(fi ? { fi } : {}),
        ...(more ? { sv: more.sv } : {}),
      };
      const partner = partners[c.partner];
      return {
        codename: c.codename,
        isAdvertisement: c.advertisement ?? false,
        title: c.en.title,
        variants,
        link: c.link ?? null,
        ctaUrl: c.ctaUrl ?? null,
        shopPartnerId: partner.id,
        partnerName: partner.name,
        startAt: addDays(now, c.startDays),
        endAt: addDays(now, c.endDays),
        stickyUntil: c.stickyDays !== undefined ? addDays(now, c.stickyDays) : null,
        discountPercentage: c.discount ?? null,
        categories: c.categories ?? [],
        buildingPhase: c.buildingPhase ?? null,
        weeksBeforeCompletion: c.weeksBeforeCompletion ?? null,
        weeksAfterCompletion: c.weeksAfterCompletion ?? null,
        rooms: c.rooms ?? [],
        apartmentSizeMin: c.apartmentSizeMin ?? null,
        apartmentSizeMax: c.apartmentSizeMax ?? null,
        urgent: c.urgent ?? false,
        status: c.draft ? 'draft' : 'published',
        publishAt: c.draft ? null : addDays(now, Math.min(c.startDays, 0) - 1),
        ...targeting,
        audience: audienceOf(targeting),
        ...AUTHOR,
        createdAt: now,
        updatedAt: now,
      };
    }),
  );

  const [recommended, corporate] = await db
    .insert(feeds)
    .values([
      {
        kind: 'recommended',
        url: 'https://feeds.demo.porta.test/recommended.xml',
        format: 'rss',
        active: false,
      },
      {
        kind: 'corporate',
        url: 'https://feeds.demo.porta.test/corporate.atom',
        format: 'atom',
        active: false,
      },
    ])
    .returning();
  const item = (
    feed: typeof recommended,
    n: number,
    title: string,
    text: string,
    daysAgo: number,
    categories: string[],
  ) => ({
    feedId: feed!.id,
    kind: feed!.kind,
    guid: `demo-${feed!.kind}-${n}`,
    slug: `${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}-${n}`,
    title,
    excerpt: text,
    contentHtml: `<p>${text}</p><p>This is demo content of the portal.</p>`,
    link: `https://feeds.demo.porta.test/${feed!.kind}/${n}`,
    imageUrl: null,
    categories,
    publishedAt: addDays(now, -daysAgo),
    fetchedAt: now,
  });
  await db
    .insert(feedItems)
    .values([
      item(
        recommended,
        1,
        'How to read the housing company’s financial statement',
        'A walk through the statement, line by line, for owners.',
        1,
        ['Latest', 'Popular'],
      ),
      item(
        recommended,
        2,
        'Preparing for the annual general meeting',
        'What the board sends out and how owners can propose matters.',
        4,
        ['Latest'],
      ),
      item(
        recommended,
        3,
        'Renovation notices: what to tell and when',
        'Owners must tell the housing company before changes in their apartment.',
        9,
        ['Popular'],
      ),
      item(
        recommended,
        4,
        'Saving energy in the stairwell and sauna',
        'Small changes in common spaces that lower the common bills.',
        15,
        ['Latest'],
      ),
      item(
        recommended,
        5,
        'Balcony glazing and fire safety',
        'What to check before you glaze a balcony.',
        30,
        ['Popular'],
      ),
      item(
        corporate,
        1,
        'New residential projects start in Helsinki',
        'Construction of three new housing companies begins this spring.',
        2,
        ['News'],
      ),
      item(corporate, 2, 'Quarterly results published', 'Housing sales grew in the first quarter.', 6, [
        'Investors',
      ]),
      item(
        corporate,
        3,
        'Low-carbon concrete in all new projects',
        'The change cuts the carbon footprint of the frame by a third.',
        12,
        ['Sustainability'],
      ),
      item(
        corporate,
        4,
        'Resident satisfaction survey results',
        'Residents rated their homes 4.3 out of 5.',
        20,
        ['News'],
      ),
    ]);
}
