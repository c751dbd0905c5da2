import { CONTACTS_LIMIT, MAIN_CONTACTS_MAX, zAdminContactWrite } from '@porta/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, directoryHousingCompanies } from '../db/schema.js';
import { audienceOf } from '../domain/reader.js';
import { type ContentTestApp, clientAs, contentTestApp, writeFields } from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

const NOW = new Date('2031-03-10T12:00:00.000Z');
const PUBLISHED = new Date('2031-01-01T00:00:00.000Z');

describe('contacts', () => {
  let t: ContentTestApp;
  let owner: Client;
  let neighbour: Client;
  let admin: Client;
  let staff: Client;
  let manager: Client;
  let othermanager: Client;
  let tenant: Client;
  const q = (hc: string) => `housingCompanyId=${hc}`;
  const stored = async () => (await t.content.context.db.select({ n: count() }).from(contacts))[0]!.n;

  async function insertContact(
    name: string,
    fields: Partial<typeof contacts.$inferInsert> & { hcs?: string[] } = {},
  ) {
    const { hcs, ...rest } = fields;
    const targeting = { housingCompanyIds: hcs ?? [t.hc.lindenCourt], buildingTaxonomies: [] };
    const [row] = await t.content.context.db
      .insert(contacts)
      .values({
        codename: `${name.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomUUID().slice(0, 6)}`,
        name,
        variants: { en: { title: `${name} title` } },
        status: 'published',
        publishAt: PUBLISHED,
        ...rest,
        ...targeting,
        audience: audienceOf(targeting),
      })
      .returning();
    return row!;
  }

  async function setPartnerContacts(
    hc: string,
    partnerContacts: (typeof directoryHousingCompanies.$inferSelect)['partnerContacts'],
  ) {
    await t.content.context.db
      .update(directoryHousingCompanies)
      .set({ partnerContacts })
      .where(eq(directoryHousingCompanies.id, hc));
  }

  beforeAll(async () => {
    t = await contentTestApp();
    owner = await clientAs(t, 'owner');
    neighbour = await clientAs(t, 'neighbour');
    admin = await clientAs(t, 'admin');
    staff = await clientAs(t, 'staff');
    manager = await clientAs(t, 'manager');
    othermanager = await clientAs(t, 'othermanager');
    tenant = await clientAs(t, 'tenant');
    t.clock.set(NOW);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('contact book', () => {
    it('groups visible cards in the group order, each by priority then name', async () => {
      await insertContact('Bob Board', { contactTaxonomies: ['building_administration'], priority: 7 });
      await insertContact('Ann Admin', {
        contactTaxonomies: ['building_administration'],
        email: 'ann@demo.porta.test',
        phoneNumber: '+358 40 1',
        isPrimary: true,
        variants: {
          en: {
            title: 'Building manager',
            openingHours: 'Mon–Fri 9–15',
            phoneInfo: 'Calls only',
            info: '<p>Info</p>',
          },
          fi: { title: 'Isännöitsijä' },
        },
      });
      await insertContact('Fay Fix', { contactTaxonomies: ['construction_site', 'maintenance'] });
      await insertContact('Carl Care', { contactTaxonomies: ['maintenance'] });
      await insertContact('Dora Design', { contactTaxonomies: ['design_management'] });
      await insertContact('Eve Extra');
      await insertContact('Gus Guide', { contactTaxonomies: ['material_selections'] });
      await insertContact('Hal Home', { contactTaxonomies: ['property_management'], priority: 1 });
      await insertContact('Kim Customer', { contactTaxonomies: ['customer_service'], hcs: [] });
      await insertContact('Birch Only', {
        contactTaxonomies: ['building_administration'],
        hcs: [t.hc.birchHill],
      });
      await insertContact('Draft Dan', { contactTaxonomies: ['building_administration'], status: 'draft' });
      await insertContact('Later Lea', {
        contactTaxonomies: ['building_administration'],
        publishAt: new Date('2031-04-01T00:00:00Z'),
      });

      const res = await owner.get(`/api/content/contacts?${q(t.hc.lindenCourt)}&lang=fi`);
      expect(res.statusCode).toBe(200);
      const book = res.json() as {
        groups: { group: string; contacts: { name: string; priority: number }[] }[];
        contacts: { name: string; priority: number }[];
      };
      expect(book.groups.map((g) => [g.group, g.contacts.map((c) => c.name)])).toEqual([
        ['building_administration', ['Ann Admin', 'Bob Board']],
        ['property_management', ['Hal Home']],
        ['maintenance', ['Carl Care', 'Fay Fix']],
        ['construction_site', ['Fay Fix']],
        ['customer_service', ['Kim Customer']],
        ['design_management', ['Dora Design']],
        ['other', ['Eve Extra']],
        ['material_selections', ['Gus Guide']],
      ]);
      expect(book.contacts.map((c) => [c.name, c.priority])).toEqual([
        ['Ann Admin', 1],
        ['Hal Home', 1],
        ['Carl Care', 3],
        ['Fay Fix', 3],
        ['Gus Guide', 5],
        ['Bob Board', 7],
        ['Dora Design', 999],
        ['Eve Extra', 999],
        ['Kim Customer', 999],
      ]);
      expect(book.contacts[0]).toEqual({
        id: expect.any(String),
        codename: expect.stringMatching(/^ann-admin-/),
        name: 'Ann Admin',
        title: 'Isännöitsijä',
        email: 'ann@demo.porta.test',
        openingHours: null,
        phoneNumber: '+358 40 1',
        phoneInfo: null,
        info: null,
        isPrimary: true,
        isDefault: false,
        contactTaxonomies: ['building_administration'],
        priority: 1,
        language: 'fi',
      });
      const en = (await owner.get(`/api/content/contacts?${q(t.hc.lindenCourt)}`)).json().contacts[0];
      expect(en).toMatchObject({
        title: 'Building manager',
        openingHours: 'Mon–Fri 9–15',
        phoneInfo: 'Calls only',
        info: '<p>Info</p>',
        language: 'en',
      });
    });

    it(`answers at most ${CONTACTS_LIMIT} cards, the best by priority then name`, async () => {
      for (let i = 1; i <= CONTACTS_LIMIT + 5; i++) {
        await insertContact(`Limit ${String(i).padStart(2, '0')}`, { hcs: [t.hc.birchHill] });
      }
      const res = await neighbour.get(`/api/content/contacts?${q(t.hc.birchHill)}`);
      const names = (res.json().contacts as { name: string }[]).map((c) => c.name);
      expect(names).toHaveLength(CONTACTS_LIMIT);
      // 'Birch Only' (building administration: 1) first; then, all at 999, by name: 'Kim Customer'
      // (targeted at every company) and the first 48 of the 55 'Limit' cards.
      expect(names.slice(0, 2)).toEqual(['Birch Only', 'Kim Customer']);
      expect(names.slice(2)).toEqual(
        Array.from({ length: CONTACTS_LIMIT - 2 }, (_, i) => `Limit ${String(i + 1).padStart(2, '0')}`),
      );
    });

    it("keeps another housing company's contacts out of reach", async () => {
      const res = await neighbour.get(`/api/content/contacts?${q(t.hc.lindenCourt)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
      const main = await neighbour.get(`/api/content/contacts/main?${q(t.hc.lindenCourt)}`);
      expect(main.statusCode).toBe(404);
      const names = (
        (await owner.get(`/api/content/contacts?${q(t.hc.lindenCourt)}`)).json().contacts as {
          name: string;
        }[]
      ).map((c) => c.name);
      expect(names).not.toContain('Birch Only');
      expect(names.some((n) => n.startsWith('Limit'))).toBe(false);
    });
  });

  describe('main contacts', () => {
    it(`puts partner contacts first, then the default contact, then primary contacts; at most ${MAIN_CONTACTS_MAX}`, async () => {
      const hv = [t.hc.harbourView];
      await insertContact('Primary Three', { hcs: hv, isPrimary: true });
      await insertContact('Primary One', {
        hcs: hv,
        isPrimary: true,
        priority: 2,
        email: 'one@demo.porta.test',
      });
      await insertContact('Primary Admin', {
        hcs: hv,
        isPrimary: true,
        contactTaxonomies: ['building_administration'],
        variants: { en: { title: 'Administration', openingHours: 'Mon 9–12' } },
      });
      await insertContact('Pia Again', {
        hcs: hv,
        isPrimary: true,
        priority: 0,
        email: 'PIA@demo.porta.test',
      });
      await insertContact('Developer Default', {
        hcs: hv,
        isDefault: true,
        email: 'dev@demo.porta.test',
        priority: 500,
      });
      await insertContact('Not Primary', { hcs: hv, priority: 0 });
      await setPartnerContacts(t.hc.harbourView, [
        {
          type: 'MaintenanceManager',
          partnerCompanyId: crypto.randomUUID(),
          companyName: 'Fix Oy',
          name: null,
          email: 'fix@demo.porta.test',
          phone: '+358 9 1',
        },
        {
          type: 'PropertyManager',
          partnerCompanyId: crypto.randomUUID(),
          companyName: 'Manage Oy',
          name: 'Pia Property',
          email: 'pia@demo.porta.test',
          phone: '+358 9 2',
        },
      ]);
      const res = await owner.get(`/api/content/contacts/main?${q(t.hc.harbourView)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          source: 'property-manager',
          id: null,
          name: 'Pia Property',
          title: 'Manage Oy',
          email: 'pia@demo.porta.test',
          openingHours: null,
          phoneNumber: '+358 9 2',
        },
        {
          source: 'maintenance-manager',
          id: null,
          name: 'Fix Oy',
          title: null,
          email: 'fix@demo.porta.test',
          openingHours: null,
          phoneNumber: '+358 9 1',
        },
        expect.objectContaining({
          source: 'default',
          name: 'Developer Default',
          email: 'dev@demo.porta.test',
        }),
        // 'Pia Again' (priority 0) is the property manager's key contact: shown once.
        expect.objectContaining({
          source: 'primary',
          name: 'Primary Admin',
          title: 'Administration',
          openingHours: 'Mon 9–12',
        }),
      ]);

      await setPartnerContacts(t.hc.harbourView, []);
      const without = (await owner.get(`/api/content/contacts/main?${q(t.hc.harbourView)}`)).json() as {
        source: string;
        name: string;
      }[];
      expect(without.map((c) => [c.source, c.name])).toEqual([
        ['default', 'Developer Default'],
        ['primary', 'Pia Again'],
        ['primary', 'Primary Admin'],
        ['primary', 'Primary One'],
      ]);
    });
  });

  describe('staff', () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      name: 'Sanna Site',
      variants: {
        en: {
          title: 'Site manager',
          info: '<p>Call <a href="javascript:alert(1)">me</a></p><script>x</script>',
        },
      },
      email: ' Sanna.Site@Demo.Porta.Test ',
      phoneNumber: '+358 40 123 4567',
      contactTaxonomies: ['construction_site'],
      targeting: { housingCompanyIds: [t.hc.lindenCourt] },
      status: 'published',
      ...overrides,
    });

    it('lets a property manager create contacts for their housing company, with a derived priority', async () => {
      const res = await manager.post('/api/content/admin/contacts', body());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Sanna Site',
        email: 'sanna.site@demo.porta.test',
        priority: null,
        effectivePriority: 4,
        canEdit: true,
        targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
      });
      expect(res.json().variants.en.info).toBe('<p>Call <a>me</a></p>');
      const explicit = await manager.post(
        '/api/content/admin/contacts',
        body({ name: 'Explicit', priority: 9, email: null }),
      );
      expect(explicit.json()).toMatchObject({ priority: 9, effectivePriority: 9, email: null });
    });

    it('refuses bad bodies and targets outside the manager\u2019s housing companies, storing nothing', async () => {
      const before = await stored();
      const cases: [Client, Record<string, unknown>, number, string][] = [
        [manager, { email: 'not-an-email' }, 400, 'VALIDATION_FAILED'],
        [manager, { name: '' }, 400, 'VALIDATION_FAILED'],
        [manager, { phoneNumber: 'call me' }, 400, 'VALIDATION_FAILED'],
        [manager, { contactTaxonomies: ['plumbers'] }, 400, 'VALIDATION_FAILED'],
        [manager, { priority: 1000 }, 400, 'VALIDATION_FAILED'],
        [manager, { targeting: { housingCompanyIds: [t.hc.birchHill] } }, 403, 'CNT_TARGET_OUT_OF_SCOPE'],
        [manager, { targeting: { housingCompanyIds: [] } }, 403, 'CNT_TARGET_OUT_OF_SCOPE'],
        [tenant, {}, 403, 'FORBIDDEN'],
      ];
      for (const [client, overrides, status, code] of cases) {
        const res = await client.post('/api/content/admin/contacts', body(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
        expect(res.json().code).toBe(code);
      }
      const invalid = await manager.post('/api/content/admin/contacts', body({ email: 'not-an-email' }));
      expect(invalid.json().errors).toEqual([{ path: 'body.email', message: 'Email address is invalid' }]);
      expect(await stored()).toBe(before);
    });

    it("lets the manager edit Linden Court's contacts while another manager gets 404", async () => {
      const row = await insertContact('Seeded Linden', { contactTaxonomies: ['maintenance'] });
      const read = await manager.get(`/api/content/admin/contacts/${row.id}`);
      expect(read.statusCode).toBe(200);
      const record = read.json() as Record<string, unknown>;
      expect(record).toMatchObject({ canEdit: true, effectivePriority: 3, priority: null });
      const put = await manager.put(`/api/content/admin/contacts/${row.id}`, {
        ...writeFields(zAdminContactWrite, record),
        name: 'Renamed Linden',
        contactTaxonomies: ['building_administration'],
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        name: 'Renamed Linden',
        effectivePriority: 1,
        codename: row.codename,
      });

      for (const res of [
        await othermanager.get(`/api/content/admin/contacts/${row.id}`),
        await othermanager.put(`/api/content/admin/contacts/${row.id}`, {
          ...writeFields(zAdminContactWrite, record),
          name: 'Hijacked',
        }),
        await othermanager.delete(`/api/content/admin/contacts/${row.id}`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('CNT_NOT_FOUND');
      }
      const [still] = await t.content.context.db.select().from(contacts).where(eq(contacts.id, row.id));
      expect(still!.name).toBe('Renamed Linden');

      const del = await manager.delete(`/api/content/admin/contacts/${row.id}`);
      expect(del.statusCode).toBe(204);
      expect(await t.content.context.db.select().from(contacts).where(eq(contacts.id, row.id))).toEqual([]);
    });

    it('keeps contacts written by the developer read-only for property managers', async () => {
      const created = (
        await admin.post('/api/content/admin/contacts', body({ name: 'Admin Written' }))
      ).json();
      const read = await manager.get(`/api/content/admin/contacts/${created.id}`);
      expect(read.json().canEdit).toBe(false);
      const put = await manager.put(`/api/content/admin/contacts/${created.id}`, {
        ...writeFields(zAdminContactWrite, created),
        name: 'Changed',
      });
      expect(put.statusCode).toBe(403);
      expect(put.json().code).toBe('CNT_NOT_EDITABLE');
      expect((await manager.delete(`/api/content/admin/contacts/${created.id}`)).statusCode).toBe(403);
      expect((await admin.get(`/api/content/admin/contacts/${created.id}`)).json().name).toBe(
        'Admin Written',
      );
    });

    it('lists contacts in scope with filters, sorting and Content-Range', async () => {
      const names = async (client: Client, query = '') =>
        (
          (await client.get(`/api/content/admin/contacts?range=[0,999]${query}`)).json() as { name: string }[]
        ).map((c) => c.name);
      const mine = await names(manager);
      expect(mine).toContain('Ann Admin');
      expect(mine).toContain('Primary Admin');
      expect(mine).not.toContain('Birch Only');
      expect(mine).not.toContain('Kim Customer');
      expect(await names(othermanager)).toContain('Birch Only');
      expect(await names(othermanager)).not.toContain('Ann Admin');
      expect(await names(staff)).toEqual(expect.arrayContaining(['Birch Only', 'Ann Admin', 'Kim Customer']));

      const filter = (f: object) => `&filter=${encodeURIComponent(JSON.stringify(f))}`;
      expect(
        await names(
          admin,
          `${filter({ contactTaxonomy: 'maintenance', housingCompanyId: t.hc.lindenCourt })}`,
        ),
      ).toEqual(['Carl Care', 'Fay Fix']);
      expect(await names(admin, filter({ q: 'ann@demo' }))).toEqual(['Ann Admin']);
      const byPriority = await admin.get(
        `/api/content/admin/contacts?sort=${encodeURIComponent('["priority","ASC"]')}&range=[0,4]${filter({ housingCompanyId: t.hc.lindenCourt })}`,
      );
      expect(byPriority.headers['content-range']).toMatch(/^contacts 0-4\/\d+$/);
      // Staff see drafts and scheduled contacts too.
      expect(
        (byPriority.json() as { name: string; effectivePriority: number }[]).map((c) => [
          c.name,
          c.effectivePriority,
        ]),
      ).toEqual([
        ['Ann Admin', 1],
        ['Draft Dan', 1],
        ['Hal Home', 1],
        ['Later Lea', 1],
        ['Carl Care', 3],
      ]);
      expect((await tenant.get('/api/content/admin/contacts')).statusCode).toBe(403);
    });
  });
});
