import { MAIN_CONTACTS_MAX } from '@porta/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, directoryHousingCompanies, faqs, pages } from '../db/schema.js';
import { type ContentTestApp, clientAs, contentTestApp } from '../testing/index.js';
import { seedSupport } from './support.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

describe('support demo content', () => {
  let t: ContentTestApp;
  let owner: Client;
  let neighbour: Client;
  let staff: Client;

  beforeAll(async () => {
    t = await contentTestApp();
    owner = await clientAs(t, 'owner');
    neighbour = await clientAs(t, 'neighbour');
    staff = await clientAs(t, 'staff');
    const db = t.content.context.db;
    const [linden] = await db
      .select()
      .from(directoryHousingCompanies)
      .where(eq(directoryHousingCompanies.id, t.hc.lindenCourt));
    await seedSupport(
      db,
      {
        harbourView: t.hc.harbourView,
        lindenCourt: t.hc.lindenCourt,
        birchHill: t.hc.birchHill,
        lindenCourtTaxonomy: linden!.taxonomyPath,
      },
      t.clock.now(),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('has the footer pages (the terms page is the seed marker) in English and Finnish', async () => {
    const rows = await t.content.context.db.select().from(pages);
    expect(rows.map((p) => p.path).sort()).toEqual([
      'accessibility-statement',
      'cookies',
      'privacy-policy',
      'terms-and-conditions',
    ]);
    for (const path of ['terms-and-conditions', 'privacy-policy', 'accessibility-statement', 'cookies']) {
      for (const lang of ['en', 'fi']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/content/pages?path=${path}&lang=${lang}`,
        });
        expect(res.statusCode, path).toBe(200);
        expect(res.json().language).toBe(lang);
      }
    }
  });

  it('gives Harbour View dated lifecycle steps, past and upcoming, once its steps are on', async () => {
    await t.content.context.db
      .update(directoryHousingCompanies)
      .set({ lifecycleStepsActive: true })
      .where(eq(directoryHousingCompanies.id, t.hc.harbourView));
    const list = (
      await owner.get(`/api/content/steps?housingCompanyId=${t.hc.harbourView}&lang=fi`)
    ).json() as {
      title: string;
      dateStart: string;
      upcoming: boolean;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.map((s) => s.dateStart)).toEqual([...list.map((s) => s.dateStart)].sort());
    expect(list.some((s) => s.upcoming)).toBe(true);
    expect(list.some((s) => !s.upcoming)).toBe(true);
    expect(list[0]!.title).toBe('Rakentaminen alkaa');
  });

  it('gives each demo company its contact groups, a primary and the default contact', async () => {
    for (const [client, hc] of [
      [owner, t.hc.harbourView],
      [owner, t.hc.lindenCourt],
      [neighbour, t.hc.birchHill],
    ] as const) {
      const book = (await client.get(`/api/content/contacts?housingCompanyId=${hc}`)).json() as {
        groups: { group: string }[];
        contacts: { isPrimary: boolean; isDefault: boolean }[];
      };
      expect(book.groups.map((g) => g.group)).toEqual([
        'building_administration',
        'property_management',
        'maintenance',
        'construction_site',
        'customer_service',
        'material_selections',
      ]);
      expect(book.contacts.filter((c) => c.isPrimary)).toHaveLength(1);
      expect(book.contacts.filter((c) => c.isDefault)).toHaveLength(1);
      const main = (await client.get(`/api/content/contacts/main?housingCompanyId=${hc}`)).json() as {
        source: string;
      }[];
      expect(main.length).toBeLessThanOrEqual(MAIN_CONTACTS_MAX);
      expect(main.map((m) => m.source)).toContain('default');
    }
    const seeded = await t.content.context.db.select().from(contacts);
    // Seeded contacts have no author, so property managers may edit their companies' ones.
    expect(seeded.every((c) => c.authorId === null && c.authorRoles.length === 0)).toBe(true);
  });

  it('has FAQ entries in at least three groups and a help section', async () => {
    const faq = (await owner.get(`/api/content/faq?housingCompanyId=${t.hc.lindenCourt}`)).json() as {
      groups: unknown[];
    };
    expect(faq.groups.length).toBeGreaterThanOrEqual(3);
    const help = (await staff.get('/api/content/help')).json() as { groups: unknown[] };
    expect(help.groups.length).toBeGreaterThanOrEqual(1);
    expect(
      (await t.content.context.db.select().from(faqs).where(eq(faqs.kind, 'help'))).length,
    ).toBeGreaterThan(0);
  });
});
