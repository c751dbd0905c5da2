import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { articles, directoryHousingCompanies } from '../db/schema.js';
import { refreshHousingCompanies } from '../domain/directory.js';
import { audienceOf } from '../domain/reader.js';
import { clearingReads } from '../jobs/index.js';
import { type ContentTestApp, clientAs, contentTestApp } from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

/** READS_KEPT_MS of this file: long enough that only a write or the clock drops an answer. */
const KEPT_MS = 60_000;
const NOW = new Date('2031-05-04T09:00:00.000Z');
const DAY = 86_400_000;

describe('kept reads (ADR 0028)', () => {
  let t: ContentTestApp;
  let owner: Client;
  let tenant: Client;
  let admin: Client;

  /** An article written behind the service's back, as another content process would. */
  async function insertBehind(codename: string) {
    const targeting = { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] };
    await t.content.context.db.insert(articles).values({
      codename,
      title: codename,
      variants: { en: { title: codename }, fi: { title: codename } },
      status: 'published',
      publishAt: new Date(NOW.getTime() - DAY),
      announcedAt: NOW,
      ...targeting,
      audience: audienceOf(targeting),
      authorName: 'Test Author',
    });
  }

  async function newsTitles(as: Client, lang = 'en'): Promise<string[]> {
    const res = await as.get(
      `/api/content/news?housingCompanyId=${t.hc.lindenCourt}&lang=${lang}&mode=default&limit=10`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { title: string }[] }).items.map((i) => i.title);
  }

  async function mainContactNames(as: Client): Promise<string[]> {
    const res = await as.get(`/api/content/contacts/main?housingCompanyId=${t.hc.lindenCourt}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { name: string }[]).map((c) => c.name);
  }

  beforeAll(async () => {
    t = await contentTestApp({ READS_KEPT_MS: String(KEPT_MS) });
    owner = await clientAs(t, 'owner');
    tenant = await clientAs(t, 'tenant');
    admin = await clientAs(t, 'admin');
    t.clock.set(NOW);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers a reader with the same company, roles and language from memory until something drops it', async () => {
    expect(await newsTitles(owner)).not.toContain('behind-1');
    await insertBehind('behind-1');
    // The owner's answer is kept; the tenant's roles and the Finnish reader are answers of their own.
    expect(await newsTitles(owner)).not.toContain('behind-1');
    expect(await newsTitles(tenant)).toContain('behind-1');
    expect(await newsTitles(owner, 'fi')).toContain('behind-1');
  });

  it('drops everything on a write through the API, before its answer leaves', async () => {
    const created = await admin.post('/api/content/admin/articles', {
      variants: { en: { title: 'Written through the API' } },
      targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
      status: 'published',
    });
    expect(created.statusCode, created.body).toBe(201);
    const titles = await newsTitles(owner);
    expect(titles).toContain('Written through the API');
    expect(titles).toContain('behind-1');
  });

  it("reads again once READS_KEPT_MS of the service's clock has passed", async () => {
    await newsTitles(owner);
    await insertBehind('behind-2');
    t.clock.advance(KEPT_MS - 1_000);
    expect(await newsTitles(owner)).not.toContain('behind-2');
    t.clock.advance(1_000);
    expect(await newsTitles(owner)).toContain('behind-2');
  });

  it("keeps the housing company's directory entry too, and a refresh from identity drops it", async () => {
    const entry = eq(directoryHousingCompanies.id, t.hc.lindenCourt);
    const partner = (companyName: string) => ({
      type: 'PropertyManager',
      partnerCompanyId: crypto.randomUUID(),
      companyName,
      name: null,
      email: null,
      phone: null,
    });
    const db = t.content.context.db;
    await db
      .update(directoryHousingCompanies)
      .set({ partnerContacts: [partner('Before Oy')] })
      .where(entry);
    t.clock.advance(KEPT_MS);
    expect(await mainContactNames(owner)).toContain('Before Oy');
    await db
      .update(directoryHousingCompanies)
      .set({ partnerContacts: [partner('After Oy')] })
      .where(entry);
    expect(await mainContactNames(owner)).toContain('Before Oy');
    // identity's own entry comes back, and nothing kept from before stands.
    await refreshHousingCompanies(t.content.context, [t.hc.lindenCourt]);
    const names = await mainContactNames(owner);
    expect(names).not.toContain('Before Oy');
    expect(names).not.toContain('After Oy');
  });

  it("drops everything after a job's run", async () => {
    await newsTitles(owner);
    const job = clearingReads(t.content.context, {
      name: 'content.test-write',
      payload: z.object({}),
      handler: () => insertBehind('by-a-job'),
    });
    await job.handler({}, { jobId: '1', attempt: 1 });
    expect(await newsTitles(owner)).toContain('by-a-job');
  });
});
