import { randomUUID } from 'node:crypto';
import type { AdminCampaign, CampaignCard } from '@porta/contracts';
import { addTestUser } from '@porta/identity/testing';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, directoryApartments, directoryHousingCompanies, shopPartners } from '../db/schema.js';
import { purgeAdvertisementDrafts } from '../jobs/purge-drafts.job.js';
import { seedShop } from '../seed/shop.js';
import {
  addDirectoryHousingCompanies,
  type ContentTestApp,
  clientAs,
  contentTestApp,
} from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

const DAY = 86_400_000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('service-shop campaigns and advertisements', () => {
  let t: ContentTestApp;
  let marketing: Client;
  let owner: Client;
  let board: Client;
  let neighbour: Client;
  let partner: Client;
  let tenant: Client;
  let staff: Client;
  let admin: Client;
  let kitchenCompanyId: string;
  const apt: Record<string, string> = {};

  const db = () => t.content.context.db;
  const campaignCount = async () => (await db().select({ n: count() }).from(campaigns))[0]!.n;

  /** A published campaign made by marketing (title, targeting and rules as given). */
  async function createCampaign(
    fields: Record<string, unknown>,
    as: Client = marketing,
  ): Promise<AdminCampaign> {
    const { title = `Campaign ${randomUUID().slice(0, 8)}`, ...rest } = fields;
    const res = await as.post('/api/content/admin/campaigns', {
      variants: { en: { title, content: '<p>Great <b>offer</b> for residents.</p>' } },
      status: 'published',
      ...rest,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const list = async (as: Client, query: string) => {
    const res = await as.get(`/api/content/campaigns?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CampaignCard[];
  };
  const ids = (cards: CampaignCard[]) => cards.map((c) => c.id);

  beforeAll(async () => {
    t = await contentTestApp();
    await addTestUser(t, { key: 'marketing', roles: ['yitMarketing'] });
    const keys = ['marketing', 'owner', 'board', 'neighbour', 'partner', 'tenant', 'staff', 'admin'] as const;
    const clients = await Promise.all(keys.map((k) => clientAs(t, k)));
    [marketing, owner, board, neighbour, partner, tenant, staff, admin] = clients as [
      Client,
      Client,
      Client,
      Client,
      Client,
      Client,
      Client,
      Client,
    ];
    const me = (await partner.get('/api/identity/me')).json();
    kitchenCompanyId = me.user.partnerCompanies.find(
      (c: { name: string }) => c.name === 'Demo Kitchen Partners Oy',
    ).id;
    for (const row of await db().select().from(directoryApartments)) apt[row.no!] = row.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => t.clock.reset());

  describe('resident visibility', () => {
    it('shows a Linden Court owner the living campaigns, not the construction-only ones', async () => {
      const living = await createCampaign({
        buildingPhase: 'living',
        targeting: { housingCompanyIds: [t.hc.lindenCourt] },
      });
      const construction = await createCampaign({
        buildingPhase: 'construction',
        targeting: { housingCompanyIds: [t.hc.lindenCourt] },
      });
      const both = await createCampaign({ targeting: { housingCompanyIds: [t.hc.lindenCourt] } });
      const seen = ids(await list(owner, `housingCompanyId=${t.hc.lindenCourt}`));
      expect(seen).toContain(living.id);
      expect(seen).toContain(both.id);
      expect(seen).not.toContain(construction.id);
      expect(
        (await owner.get(`/api/content/campaigns/${construction.id}?housingCompanyId=${t.hc.lindenCourt}`))
          .statusCode,
      ).toBe(404);
      // In Harbour View (construction) the same owner sees construction-only campaigns of Harbour View.
      const harbour = await createCampaign({
        buildingPhase: 'construction',
        targeting: { housingCompanyIds: [t.hc.harbourView] },
      });
      expect(ids(await list(owner, `housingCompanyId=${t.hc.harbourView}`))).toContain(harbour.id);
    });

    it('never shows a Birch Hill resident a Linden Court campaign, in the list or by id', async () => {
      const linden = await createCampaign({ targeting: { housingCompanyIds: [t.hc.lindenCourt] } });
      const everyone = await createCampaign({ buildingPhase: 'living' });
      const seen = ids(await list(neighbour, `housingCompanyId=${t.hc.birchHill}`));
      expect(seen).not.toContain(linden.id);
      expect(seen).toContain(everyone.id);
      const byId = await neighbour.get(
        `/api/content/campaigns/${linden.id}?housingCompanyId=${t.hc.birchHill}`,
      );
      expect(byId.statusCode).toBe(404);
      expect(byId.json().code).toBe('CNT_NOT_FOUND');
      const byCodename = await neighbour.get(
        `/api/content/campaigns/${linden.codename}?housingCompanyId=${t.hc.birchHill}`,
      );
      expect(byCodename.statusCode).toBe(404);
      const otherCompany = await neighbour.get(`/api/content/campaigns?housingCompanyId=${t.hc.lindenCourt}`);
      expect(otherCompany.statusCode).toBe(404);
      expect(otherCompany.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
    });

    it('applies the apartment size range to the reader\u2019s own apartment only', async () => {
      const big = await createCampaign({
        apartmentSizeMin: 60,
        apartmentSizeMax: 100,
        targeting: { housingCompanyIds: [t.hc.lindenCourt] },
      });
      // The owner's B 12 is 32.5 m², the board member's B 14 is 92 m².
      expect(
        ids(await list(owner, `housingCompanyId=${t.hc.lindenCourt}&apartmentId=${apt['B 12']}`)),
      ).not.toContain(big.id);
      expect(
        ids(await list(board, `housingCompanyId=${t.hc.lindenCourt}&apartmentId=${apt['B 14']}`)),
      ).toContain(big.id);
      // Someone else's apartment is ignored (no size applies).
      expect(
        ids(await list(owner, `housingCompanyId=${t.hc.lindenCourt}&apartmentId=${apt['B 14']}`)),
      ).toContain(big.id);
      const detail = await owner.get(
        `/api/content/campaigns/${big.id}?housingCompanyId=${t.hc.lindenCourt}&apartmentId=${apt['B 12']}`,
      );
      expect(detail.statusCode).toBe(404);
    });

    it('lists campaigns from their start day until their end day', async () => {
      const tomorrow = await createCampaign({
        startAt: new Date(Date.now() + 2 * DAY).toISOString(),
        targeting: { housingCompanyIds: [t.hc.birchHill] },
      });
      const ended = await createCampaign({
        startAt: isoIn(-10),
        endAt: isoIn(-2),
        targeting: { housingCompanyIds: [t.hc.birchHill] },
      });
      const running = await createCampaign({
        startAt: isoIn(-1),
        endAt: isoIn(1),
        targeting: { housingCompanyIds: [t.hc.birchHill] },
      });
      const seen = ids(await list(neighbour, `housingCompanyId=${t.hc.birchHill}`));
      expect(seen).toContain(running.id);
      expect(seen).not.toContain(tomorrow.id);
      expect(seen).not.toContain(ended.id);
    });

    it('shows the discount badge as the percentage times 100, sticky campaigns first, and the detail', async () => {
      const plain = await createCampaign({
        startAt: isoIn(-1),
        targeting: { housingCompanyIds: [t.hc.birchHill] },
      });
      const sticky = await createCampaign({
        startAt: isoIn(-30),
        sticky: true,
        stickyUntil: isoIn(5),
        discountPercentage: 0.15,
        variants: {
          en: {
            title: 'Tom & Jerry <b>offer</b>',
            content: '<p>Save now<script>alert(1)</script></p>',
            extendedContent: '<p onclick="x()">More</p>',
            ctaText: 'Book',
          },
        },
        ctaUrl: 'https://shop.example.com/book',
        targeting: { housingCompanyIds: [t.hc.birchHill] },
      });
      const cards = await list(neighbour, `housingCompanyId=${t.hc.birchHill}`);
      expect(cards[0]!.id).toBe(sticky.id);
      expect(cards[0]).toMatchObject({
        title: 'Tom & Jerry offer',
        discountBadge: 15,
        sticky: true,
        ctaText: 'Book',
        excerpt: 'Save now',
      });
      expect(cards.find((c) => c.id === plain.id)).toMatchObject({ discountBadge: null, sticky: false });
      const detail = (
        await neighbour.get(`/api/content/campaigns/${sticky.codename}?housingCompanyId=${t.hc.birchHill}`)
      ).json();
      expect(detail).toMatchObject({
        id: sticky.id,
        content: '<p>Save now</p>',
        extendedContent: '<p>More</p>',
        ctaUrl: 'https://shop.example.com/book',
        discountBadge: 15,
      });
    });

    it('answers a random selection of at most 20, or the limit asked for', async () => {
      const hcId = randomUUID();
      await db()
        .insert(directoryHousingCompanies)
        .values({ id: hcId, hcExt: 'TEST-RANDOM', name: 'Random Oy', completionDate: '2020-01-01' });
      await addTestUser(t, { key: 'randomreader', roles: ['yitUser'] });
      const reader = await clientAs(t, 'randomreader');
      const created: string[] = [];
      for (let i = 0; i < 24; i++)
        created.push((await createCampaign({ targeting: { housingCompanyIds: [hcId] } })).id);
      const all = await list(reader, `housingCompanyId=${hcId}`);
      expect(ids(all)).toEqual(expect.arrayContaining(created));
      const random = await list(reader, `housingCompanyId=${hcId}&random=true`);
      expect(random).toHaveLength(20);
      expect(new Set(ids(random)).size).toBe(20);
      expect(await list(reader, `housingCompanyId=${hcId}&random=true&limit=6`)).toHaveLength(6);
      expect(await list(reader, `housingCompanyId=${hcId}&limit=5`)).toHaveLength(5);
      await db().delete(directoryHousingCompanies).where(eq(directoryHousingCompanies.id, hcId));
    });

    it('lists shop partners with visible campaigns and shows a partner page', async () => {
      const partnerRes = await marketing.post('/api/content/admin/shop-partners', {
        name: 'Birch Gardens Oy',
        externalId: 'BIRCH-GARDENS',
        description: { en: 'Garden care', fi: 'Puutarhanhoito' },
        rating: 4.5,
        ratingsCount: 12,
      });
      expect(partnerRes.statusCode, partnerRes.body).toBe(201);
      const shopPartner = partnerRes.json();
      const birch = await createCampaign({
        shopPartnerId: shopPartner.id,
        targeting: { housingCompanyIds: [t.hc.birchHill] },
      });
      expect(birch.partnerName).toBe('Birch Gardens Oy');
      const partners = (
        await neighbour.get(`/api/content/shop-partners?housingCompanyId=${t.hc.birchHill}`)
      ).json();
      expect(partners).toContainEqual(
        expect.objectContaining({ id: shopPartner.id, campaignCount: 1, rating: 4.5 }),
      );
      const lindenPartners = (
        await owner.get(`/api/content/shop-partners?housingCompanyId=${t.hc.lindenCourt}`)
      ).json();
      expect(lindenPartners.map((p: { id: string }) => p.id)).not.toContain(shopPartner.id);
      const page = await neighbour.get(
        `/api/content/shop-partners/BIRCH-GARDENS?housingCompanyId=${t.hc.birchHill}&lang=fi`,
      );
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ id: shopPartner.id, description: 'Puutarhanhoito' });
      expect(ids(page.json().campaigns)).toEqual([birch.id]);
      const lindenPage = (
        await owner.get(`/api/content/shop-partners/${shopPartner.id}?housingCompanyId=${t.hc.lindenCourt}`)
      ).json();
      expect(lindenPage.campaigns).toEqual([]);
      const dup = await marketing.post('/api/content/admin/shop-partners', {
        name: 'Copy',
        externalId: 'BIRCH-GARDENS',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().code).toBe('CNT_SHOP_PARTNER_EXTERNAL_ID_IN_USE');
      expect((await partner.post('/api/content/admin/shop-partners', { name: 'Mine' })).statusCode).toBe(403);
    });
  });

  describe('staff', () => {
    it('lets a partner create a campaign for their own company only', async () => {
      const res = await partner.post('/api/content/admin/campaigns', {
        variants: { en: { title: 'Kitchen week' } },
        partnerCompanyId: randomUUID(),
        targeting: { housingCompanyIds: [t.hc.lindenCourt] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ partnerCompanyId: kitchenCompanyId, status: 'draft', canEdit: true });
      const [row] = await db().select().from(campaigns).where(eq(campaigns.id, created.id));
      expect(row!.partnerCompanyId).toBe(kitchenCompanyId);

      const other = await createCampaign({ partnerCompanyId: randomUUID() });
      const byId = await partner.get(`/api/content/admin/campaigns/${other.id}`);
      expect(byId.statusCode).toBe(404);
      expect(
        (await partner.put(`/api/content/admin/campaigns/${other.id}`, { urgent: true })).statusCode,
      ).toBe(404);
      expect((await partner.delete(`/api/content/admin/campaigns/${other.id}`)).statusCode).toBe(404);
      const listed = await partner.get('/api/content/admin/campaigns?range=[0,999]');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().map((c: AdminCampaign) => c.id)).toContain(created.id);
      expect(listed.json().map((c: AdminCampaign) => c.id)).not.toContain(other.id);
      expect(listed.json().every((c: AdminCampaign) => c.partnerCompanyId === kitchenCompanyId)).toBe(true);

      const updated = await partner.put(`/api/content/admin/campaigns/${created.id}`, {
        discountPercentage: 0.2,
        partnerCompanyId: randomUUID(),
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ discountPercentage: 0.2, partnerCompanyId: kitchenCompanyId });
    });

    it('lists all campaigns for staff, newest start first, ten by default', async () => {
      const res = await staff.get('/api/content/admin/campaigns');
      expect(res.statusCode).toBe(200);
      const rows = res.json() as AdminCampaign[];
      expect(rows).toHaveLength(10);
      expect(res.headers['content-range']).toMatch(new RegExp(`^campaigns 0-9/${await campaignCount()}$`));
      // A board member is no partner: campaigns are for the developer's staff and partners (03 §2).
      expect(
        (await board.post('/api/content/admin/campaigns', { variants: { en: { title: 'x' } } })).statusCode,
      ).toBe(403);
      const ads = await admin.get(
        '/api/content/admin/campaigns?filter={"isAdvertisement":true}&range=[0,999]',
      );
      expect(ads.json().every((c: AdminCampaign) => c.isAdvertisement)).toBe(true);
    });

    it('refuses tenants on the admin routes with 403', async () => {
      for (const res of [
        await tenant.get('/api/content/admin/campaigns'),
        await tenant.post('/api/content/admin/campaigns', { variants: { en: { title: 'x' } } }),
        await tenant.post('/api/content/admin/advertisements', { variants: { en: { title: 'x' } } }),
        await tenant.get('/api/content/admin/shop-partners'),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    });

    it.each([
      [
        'a minimum size above the maximum',
        { variants: { en: { title: 'Sizes' } }, apartmentSizeMin: 90, apartmentSizeMax: 40 },
        'CNT_APARTMENT_SIZE_RANGE',
      ],
      ['a missing title', { variants: { en: { content: '<p>No title</p>' } } }, 'VALIDATION_FAILED'],
      ['a blank title', { variants: { en: { title: '   ' } } }, 'VALIDATION_FAILED'],
      [
        'an end before the start',
        { variants: { en: { title: 'Dates' } }, startAt: isoIn(3), endAt: isoIn(1) },
        'CNT_CAMPAIGN_DATES',
      ],
      [
        'a sticky campaign without expiry',
        { variants: { en: { title: 'Sticky' } }, sticky: true },
        'CNT_STICKY_EXPIRY_REQUIRED',
      ],
      [
        'a discount above 100 %',
        { variants: { en: { title: 'Big' } }, discountPercentage: 1.5 },
        'VALIDATION_FAILED',
      ],
      [
        'an unknown image',
        { variants: { en: { title: 'Img' } }, imageId: randomUUID() },
        'CNT_ASSET_NOT_FOUND',
      ],
    ])('refuses %s with its code and stores nothing', async (_what, body, code) => {
      const before = await campaignCount();
      const res = await marketing.post('/api/content/admin/campaigns', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect(await campaignCount()).toBe(before);
    });
  });

  describe('advertisement wizard', () => {
    const wizard = '/api/content/admin/advertisements';

    it('refuses an advertisement visible longer than 6 months, on save and on publish', async () => {
      const before = await campaignCount();
      const tooLong = await marketing.post(wizard, {
        variants: { en: { title: 'Long ad' } },
        partnerName: 'Ads Oy',
        startAt: isoIn(0),
        endAt: isoIn(200),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().code).toBe('CNT_ADVERTISEMENT_TOO_LONG');
      expect(await campaignCount()).toBe(before);

      const draft = (
        await marketing.post(wizard, { variants: { en: { title: 'Open ad' } }, partnerName: 'Ads Oy' })
      ).json();
      expect(draft).toMatchObject({ isAdvertisement: true, status: 'draft' });
      const longer = await marketing.put(`${wizard}/${draft.id}`, { startAt: isoIn(0), endAt: isoIn(190) });
      expect(longer.json().code).toBe('CNT_ADVERTISEMENT_TOO_LONG');
      const noEnd = await marketing.post(`${wizard}/${draft.id}/publish`, { confirmBroadAudience: true });
      expect(noEnd.statusCode).toBe(400);
      expect(noEnd.json().code).toBe('CNT_ADVERTISEMENT_TOO_LONG');
      const [row] = await db().select().from(campaigns).where(eq(campaigns.id, draft.id));
      expect(row!.status).toBe('draft');
    });

    it('asks to confirm a broad audience, then publishes with the confirmation', async () => {
      // Nine more housing companies: an advertisement to everyone reaches twelve.
      const extra = Array.from({ length: 9 }, (_, i) => ({
        id: randomUUID(),
        hcExt: `TEST-BROAD-${i}`,
        name: `Broad ${i} Oy`,
        completionDate: '2020-01-01',
      }));
      await db().insert(directoryHousingCompanies).values(extra);
      try {
        const draft = await marketing.post(wizard, {
          variants: {
            en: { title: 'Spring cleaning', content: '<p>Book your spring cleaning.</p>', ctaText: 'Book' },
          },
          partnerName: 'Clean Home Oy',
          ctaUrl: 'https://clean.example.com',
          startAt: isoIn(-1),
          endAt: isoIn(60),
        });
        expect(draft.statusCode, draft.body).toBe(201);
        const id = draft.json().id;
        const targeted = await marketing.put(`${wizard}/${id}`, {
          buildingPhase: 'living',
          apartmentSizeMax: 120,
        });
        expect(targeted.statusCode, targeted.body).toBe(200);
        const preview = await marketing.get(`${wizard}/${id}/preview?housingCompanyId=${t.hc.harbourView}`);
        expect(preview.statusCode, preview.body).toBe(200);
        // Living: Linden Court, Birch Hill and the nine; not Harbour View (construction).
        expect(preview.json()).toMatchObject({
          reach: 11,
          matchesHousingCompany: false,
          card: { title: 'Spring cleaning', isAdvertisement: true, ctaText: 'Book' },
          detail: { content: '<p>Book your spring cleaning.</p>' },
        });
        const unconfirmed = await marketing.post(`${wizard}/${id}/publish`, {});
        expect(unconfirmed.statusCode).toBe(409);
        expect(unconfirmed.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '11' });
        expect((await db().select().from(campaigns).where(eq(campaigns.id, id)))[0]!.status).toBe('draft');
        const published = await marketing.post(`${wizard}/${id}/publish`, { confirmBroadAudience: true });
        expect(published.statusCode, published.body).toBe(200);
        expect(published.json()).toMatchObject({ status: 'published', isAdvertisement: true });
        const seen = await list(owner, `housingCompanyId=${t.hc.lindenCourt}`);
        expect(seen.find((c) => c.id === id)).toMatchObject({
          isAdvertisement: true,
          partnerName: 'Clean Home Oy',
        });

        // Narrowed to Linden Court alone, no confirmation is needed.
        const narrow = (
          await marketing.post(wizard, {
            variants: { en: { title: 'Linden ad' } },
            partnerName: 'Ads Oy',
            endAt: isoIn(30),
          })
        ).json();
        await marketing.put(`${wizard}/${narrow.id}`, {
          targeting: { housingCompanyIds: [t.hc.lindenCourt] },
        });
        const ok = await marketing.post(`${wizard}/${narrow.id}/publish`, {});
        expect(ok.statusCode, ok.body).toBe(200);
      } finally {
        await db()
          .delete(directoryHousingCompanies)
          .where(
            inArray(
              directoryHousingCompanies.id,
              extra.map((e) => e.id),
            ),
          );
      }
    });

    it('deletes advertisement drafts untouched for three months, and only those', async () => {
      const old = (await marketing.post(wizard, { variants: { en: { title: 'Old draft' } } })).json();
      const published = (
        await marketing.post(wizard, {
          variants: { en: { title: 'Old published' } },
          partnerName: 'Ads Oy',
          endAt: isoIn(30),
        })
      ).json();
      await marketing.put(`${wizard}/${published.id}`, {
        targeting: { housingCompanyIds: [t.hc.birchHill] },
      });
      expect((await marketing.post(`${wizard}/${published.id}/publish`, {})).statusCode).toBe(200);
      const campaignDraft = await createCampaign({ status: 'draft' });
      t.clock.advance(60 * DAY);
      const recent = (await marketing.post(wizard, { variants: { en: { title: 'Recent draft' } } })).json();
      t.clock.advance(33 * DAY);
      expect(await purgeAdvertisementDrafts(t.content.context)).toBeGreaterThanOrEqual(1);
      const left = await db()
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(inArray(campaigns.id, [old.id, published.id, recent.id, campaignDraft.id]));
      expect(left.map((r) => r.id).sort()).toEqual([published.id, recent.id, campaignDraft.id].sort());
    });

    it('lets a partner use only its own company\u2019s shop partner', async () => {
      const [own] = await db()
        .insert(shopPartners)
        .values({ name: 'Kitchen shop', partnerCompanyId: kitchenCompanyId })
        .returning();
      const [foreign] = await db().insert(shopPartners).values({ name: 'Foreign shop' }).returning();
      const ok = await partner.post(wizard, {
        variants: { en: { title: 'Kitchen ad' } },
        shopPartnerId: own!.id,
      });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ partnerName: 'Kitchen shop', partnerCompanyId: kitchenCompanyId });
      const refused = await partner.post(wizard, {
        variants: { en: { title: 'Other ad' } },
        shopPartnerId: foreign!.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('CNT_PARTNER_REQUIRED');
      const stored = await db()
        .select({ n: count() })
        .from(campaigns)
        .where(and(eq(campaigns.shopPartnerId, foreign!.id)));
      expect(stored[0]!.n).toBe(0);
    });
  });

  describe('broad audience (03 §4)', () => {
    // Eleven more housing companies in the directory: a campaign to everyone reaches fourteen.
    let extra: Awaited<ReturnType<typeof addDirectoryHousingCompanies>>;
    beforeAll(async () => {
      extra = await addDirectoryHousingCompanies(t, 11);
    });
    afterAll(async () => {
      await extra?.remove();
    });
    const CAMPAIGNS = '/api/content/admin/campaigns';
    const everyone = { targeting: { housingCompanyIds: [], buildingTaxonomies: [] } };
    const texts = (title: string) => ({ variants: { en: { title } } });

    it('saves a draft campaign to everyone without asking', async () => {
      const res = await marketing.post(CAMPAIGNS, { ...texts('Broad draft'), ...everyone });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'draft', isAdvertisement: false });
    });

    it('asks before publishing a campaign to everyone, stores nothing, then publishes with the confirmation', async () => {
      const before = await campaignCount();
      const published = { ...texts('Broad campaign'), ...everyone, status: 'published' };
      const refused = await marketing.post(CAMPAIGNS, published);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });
      expect(await campaignCount()).toBe(before);

      const confirmed = await marketing.post(CAMPAIGNS, { ...published, confirmBroadAudience: true });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(confirmed.json()).toMatchObject({ status: 'published', isAdvertisement: false });
      expect(confirmed.json()).not.toHaveProperty('confirmBroadAudience');
      expect(await campaignCount()).toBe(before + 1);
    });

    it('publishes a campaign to one housing company without asking', async () => {
      const res = await marketing.post(CAMPAIGNS, {
        ...texts('Linden campaign'),
        targeting: { housingCompanyIds: [t.hc.lindenCourt] },
        status: 'published',
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('asks when a draft is published or a published campaign is retargeted to everyone', async () => {
      const draft = (await marketing.post(CAMPAIGNS, { ...texts('Later broad'), ...everyone })).json();
      const toPublish = await marketing.put(`${CAMPAIGNS}/${draft.id}`, { status: 'published' });
      expect(toPublish.statusCode).toBe(409);
      expect(toPublish.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });
      const [row] = await db().select().from(campaigns).where(eq(campaigns.id, draft.id));
      expect(row!.status).toBe('draft');

      const narrow = await marketing.post(CAMPAIGNS, {
        ...texts('Narrow first'),
        targeting: { housingCompanyIds: [t.hc.lindenCourt] },
        status: 'published',
      });
      const url = `${CAMPAIGNS}/${narrow.json().id}`;
      const wider = await marketing.put(url, everyone);
      expect(wider.statusCode).toBe(409);
      expect(wider.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });
      expect((await marketing.put(url, { ...everyone, confirmBroadAudience: true })).statusCode).toBe(200);
      // Saved again unchanged, a published campaign does not ask.
      expect((await marketing.put(url, { urgent: true })).statusCode).toBe(200);
    });
  });

  describe('demo shop', () => {
    it('seeds partners, campaigns, advertisements and feed items the portal shows', async () => {
      const [linden] = await db()
        .select()
        .from(directoryHousingCompanies)
        .where(eq(directoryHousingCompanies.id, t.hc.lindenCourt));
      await seedShop(
        db(),
        {
          harbourView: t.hc.harbourView,
          lindenCourt: t.hc.lindenCourt,
          birchHill: t.hc.birchHill,
          lindenCourtTaxonomy: linden!.taxonomyPath,
        },
        t.clock.now(),
      );
      const codenames = (cards: CampaignCard[]) => cards.map((c) => c.codename);
      const lindenSmall = codenames(
        await list(owner, `housingCompanyId=${t.hc.lindenCourt}&apartmentId=${apt['B 12']}`),
      );
      expect(lindenSmall).toEqual(
        expect.arrayContaining([
          'kitchen-renovation-spring',
          'window-cleaning-linden',
          'studio-storage-package',
          'solar-panels-uusimaa',
          'smart-thermostat-everyone',
          'heat-pump-advertisement',
        ]),
      );
      for (const hidden of [
        'sauna-maintenance-large-homes',
        'winter-window-cleaning-ended',
        'summer-terrace-upcoming',
        'moving-in-cleaning',
        'birch-hill-garden-care',
      ])
        expect(lindenSmall).not.toContain(hidden);
      const lindenBig = codenames(
        await list(board, `housingCompanyId=${t.hc.lindenCourt}&apartmentId=${apt['B 14']}`),
      );
      expect(lindenBig).toContain('sauna-maintenance-large-homes');
      expect(lindenBig).not.toContain('studio-storage-package');
      const harbour = codenames(
        await list(owner, `housingCompanyId=${t.hc.harbourView}&apartmentId=${apt['A 1']}`),
      );
      expect(harbour).toEqual(expect.arrayContaining(['moving-in-cleaning', 'solar-panels-uusimaa']));
      for (const hidden of [
        'interior-design-consultation',
        'kitchen-renovation-spring',
        'new-home-insurance-draft',
      ])
        expect(harbour).not.toContain(hidden);
      expect(codenames(await list(neighbour, `housingCompanyId=${t.hc.birchHill}`))).not.toContain(
        'solar-panels-uusimaa',
      );
      const partnerPage = await owner.get(
        `/api/content/shop-partners/DEMO-SHOP-KITCHEN?housingCompanyId=${t.hc.lindenCourt}&lang=fi`,
      );
      expect(partnerPage.json().campaigns[0]).toMatchObject({
        codename: 'kitchen-renovation-spring',
        title: 'Keittiöremontti -15 %',
        discountBadge: 15,
        sticky: true,
      });
      const feedsOf = `housingCompanyId=${t.hc.lindenCourt}`;
      expect((await owner.get(`/api/content/feeds/recommended?${feedsOf}`)).json().items).toHaveLength(4);
      expect((await owner.get(`/api/content/feeds/corporate?${feedsOf}`)).json().items).toHaveLength(4);
    });
  });
});
