import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articles,
  assets,
  calendarEntries,
  campaigns,
  contacts,
  faqs,
  feedbackEntries,
  housingCompanyImages,
  pages,
  shopPartners,
  steps,
} from './db/schema.js';
import { DEMO_FEEDBACK } from './seed/feedback.js';
import { type ContentTestApp, clientAs, contentTestApp } from './testing/index.js';

let t: ContentTestApp;
let seeded: boolean;
beforeAll(async () => {
  t = await contentTestApp();
  seeded = await t.content.seedDemo();
}, 120_000);
afterAll(() => t?.close());

const LANGUAGES = ['en', 'fi', 'sv'] as const;

describe('the content demo', () => {
  it('has every news item, calendar entry, page, FAQ entry, step, contact and campaign in English, Finnish and Swedish', async () => {
    expect(seeded).toBe(true);
    const { db } = t.content.context;
    const items = [
      ...(await db.select().from(articles)),
      ...(await db.select().from(calendarEntries)),
      ...(await db.select().from(pages)),
      ...(await db.select().from(faqs)),
      ...(await db.select().from(steps)),
      ...(await db.select().from(campaigns)),
      ...(await db.select().from(contacts)).map((c) => ({ ...c, title: c.codename })),
    ];
    expect(items.length).toBeGreaterThan(30);
    for (const item of items) {
      expect(Object.keys(item.variants).sort(), item.title).toEqual(expect.arrayContaining([...LANGUAGES]));
    }
  });

  it('gives a Swedish reader Swedish news, a Finnish reader Finnish', async () => {
    const owner = await clientAs(t, 'owner');
    for (const lang of ['sv', 'fi'] as const) {
      const res = await owner.get(
        `/api/content/news?housingCompanyId=${t.hc.lindenCourt}&lang=${lang}&mode=archive`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<{ items: { title: string; language: string }[] }>().items;
      expect(items.length).toBeGreaterThan(3);
      expect(items.map((i) => i.language)).toEqual(items.map(() => lang));
    }
  });

  it('orders the FAQ groups the same in every language, and says where the language is changed', async () => {
    const owner = await clientAs(t, 'owner');
    const orders: string[][] = [];
    for (const lang of LANGUAGES) {
      const res = await owner.get(`/api/content/faq?housingCompanyId=${t.hc.lindenCourt}&lang=${lang}`);
      expect(res.statusCode, res.body).toBe(200);
      const groups = res.json<{
        groups: { faqTaxonomy: string | null; entries: { codename: string; answer: string }[] }[];
      }>().groups;
      orders.push(groups.map((g) => g.faqTaxonomy ?? ''));
      const language = groups.flatMap((g) => g.entries).find((e) => e.codename === 'faq-portal-language');
      // The sign-in page and the profile: where the language choice really is.
      expect(language!.answer).toMatch(/sign-in page|kirjautumissivulla|inloggningssidan/);
      expect(language!.answer).toMatch(/My profile|Oma profiili|Min profil/);
    }
    expect(orders[0]).toEqual(['maintenance', 'moving_in', 'portal']);
    expect(orders[1]).toEqual(orders[0]);
    expect(orders[2]).toEqual(orders[0]);
  });

  it('leaves the demo residents’ feedback for staff', async () => {
    const rows = await t.content.context.db.select().from(feedbackEntries);
    expect(rows).toHaveLength(DEMO_FEEDBACK.length);
    expect(new Set(rows.map((r) => r.hcExt))).toEqual(new Set(['DEMO-1000', 'DEMO-2000', 'DEMO-3000']));
    const staff = await clientAs(t, 'staff');
    const res = await staff.get('/api/content/admin/feedback');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<unknown[]>().length).toBe(DEMO_FEEDBACK.length);
  });

  it('gives every demo news item, campaign and shop partner a picture that is served', async () => {
    const { db } = t.content.context;
    const news = await db.select().from(articles);
    const offers = await db.select().from(campaigns);
    const partners = await db.select().from(shopPartners);
    expect(news.length).toBeGreaterThan(10);
    for (const a of news) expect(a.imageIds, a.codename).toHaveLength(1);
    for (const c of offers) expect(c.imageId, c.codename).toBeTruthy();
    for (const p of partners) {
      expect(p.logoId, p.name).toBeTruthy();
      expect(p.imageId, p.name).toBeTruthy();
    }
    const used = [...news.flatMap((a) => a.imageIds), ...offers.map((c) => c.imageId!)];
    const rows = await db.select().from(assets).where(inArray(assets.id, used));
    expect(rows).toHaveLength(used.length);
    for (const row of rows) {
      // Landscape 16:9, as the article-image rules ask of an upload.
      expect(row.width! / row.height!, row.fileName).toBeCloseTo(16 / 9, 2);
    }
    const logos = await db
      .select()
      .from(assets)
      .where(
        inArray(
          assets.id,
          partners.map((p) => p.logoId!),
        ),
      );
    for (const logo of logos) expect(logo.width, logo.fileName).toBe(logo.height);

    // A reader's list carries the picture, and the picture is served as an image.
    const owner = await clientAs(t, 'owner');
    const res = await owner.get(
      `/api/content/news?housingCompanyId=${t.hc.lindenCourt}&lang=en&mode=archive`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: { image: { url: string; width: number } | null }[] }>().items;
    expect(items.every((i) => i.image !== null)).toBe(true);
    const image = await owner.get(items[0]!.image!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.body).toContain('<svg');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('gives each demo housing company its own picture, which its residents read and is served', async () => {
    const { db } = t.content.context;
    const pictures = await db.select().from(housingCompanyImages);
    expect(pictures.map((p) => p.housingCompanyId).sort()).toEqual(
      [t.hc.harbourView, t.hc.lindenCourt, t.hc.birchHill].sort(),
    );
    const files = await db
      .select()
      .from(assets)
      .where(
        inArray(
          assets.id,
          pictures.map((p) => p.assetId),
        ),
      );
    expect(files.map((f) => f.fileName).sort()).toEqual([
      'hc-birch-hill.svg',
      'hc-harbour-view.svg',
      'hc-linden-court.svg',
    ]);

    const tenant = await clientAs(t, 'tenant');
    const res = await tenant.get(`/api/content/housing-companies/${t.hc.lindenCourt}/image`);
    expect(res.statusCode, res.body).toBe(200);
    const { image } = res.json<{ image: { url: string; fileName: string } }>();
    expect(image.fileName).toBe('hc-linden-court.svg');
    const file = await tenant.get(image.url);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.body).toContain('<title>Linden Court');
  });

  it('gives a demo apartment of Linden Court images, which its residents read', async () => {
    const tenant = await clientAs(t, 'tenant');
    const hc = await tenant.get(`/api/content/admin/housing-companies/${t.hc.lindenCourt}/apartment-images`);
    expect(hc.statusCode).toBe(403);
    const admin = await clientAs(t, 'admin');
    const all = await admin.get(`/api/content/admin/housing-companies/${t.hc.lindenCourt}/apartment-images`);
    expect(all.statusCode, all.body).toBe(200);
    const items = all.json<{ items: { apartmentId: string; apartmentNo: string; name: string }[] }>().items;
    expect(items.map((i) => [i.apartmentNo, i.name])).toEqual([
      ['B 14', 'living-room.svg'],
      ['B 14', 'sauna.svg'],
    ]);
    const res = await tenant.get(`/api/content/apartments/${items[0]!.apartmentId}/images`);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json<{ items: { name: string; image: { url: string; fileName: string } }[] }>().items;
    expect(mine.map((i) => i.name)).toEqual(['living-room.svg', 'sauna.svg']);
    expect(mine[0]!.image.fileName).toBe('B 14__living-room.svg');
    const file = await tenant.get(mine[0]!.image.url);
    expect(file.headers['content-type']).toBe('image/svg+xml');
  });

  it('runs once', async () => {
    const { db } = t.content.context;
    expect(await t.content.seedDemo()).toBe(false);
    const [n] = await db.select({ n: count() }).from(feedbackEntries);
    expect(n!.n).toBe(DEMO_FEEDBACK.length);
  });
});
