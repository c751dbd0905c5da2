import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  housingCompanies,
  housingCompanyPartners,
  outbox,
  partnerCompanies,
  partnerCompanyUsers,
  taxonomyTerms,
  users,
} from '../db/schema.js';
import { IDENTITY_EVENTS } from '../domain/events.js';
import { addTestUser, apiClientAs, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';

let t: IdentityTestApp;
/** Housing company ids by hcExt, partner company ids by externalId, user ids by demo key. */
let hcs: Record<string, string>;
let pcs: Record<string, string>;
let userIds: Record<string, string>;
let terms: Record<string, string>;

beforeAll(async () => {
  t = await identityTestApp();
  const { db } = t.identity.context;
  await addTestUser(t, { key: 'bizadmin', roles: ['yitBusinessAdmin'] });
  await addTestUser(t, { key: 'marketing', roles: ['yitMarketing'] });
  hcs = Object.fromEntries((await db.select().from(housingCompanies)).map((h) => [h.hcExt, h.id]));
  pcs = Object.fromEntries((await db.select().from(partnerCompanies)).map((p) => [p.externalId, p.id]));
  userIds = Object.fromEntries(
    (await db.select().from(users)).map((u) => [u.email.replace('@demo.porta.test', ''), u.id]),
  );
  terms = Object.fromEntries((await db.select().from(taxonomyTerms)).map((r) => [r.codename, r.id]));
});
afterAll(() => t.close());

const BASE = '/api/identity/admin/housing-companies';
const NOBODY = '00000000-0000-4000-8000-000000000000';

const as = (who: string) => apiClientAs(t.app, who);

function listUrl(query: Record<string, unknown> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString();
  return `${BASE}${qs ? `?${qs}` : ''}`;
}

const hcExts = (res: { json(): unknown }) => (res.json() as { hcExt: string }[]).map((h) => h.hcExt);

async function events(subject: string) {
  const rows = await t.identity.context.db.select().from(outbox).where(eq(outbox.subject, subject));
  return rows.map((r) => r.payload as Record<string, unknown>);
}

async function housingCompanyCount() {
  const [row] = await t.identity.context.db.select({ n: count() }).from(housingCompanies);
  return row!.n;
}

describe('GET /admin/housing-companies', () => {
  it('lists the demo company first whatever the order, with Content-Range, derived state and partners', async () => {
    const staff = await as('staff');
    const res = await staff.get(listUrl({ sort: ['name', 'DESC'] }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('housing-companies 0-2/3');
    // Harbour View is the demo company: first even though the names run backwards after it.
    expect(hcExts(res)).toEqual(['DEMO-1000', 'DEMO-2000', 'DEMO-3000']);
    const [harbour, linden] = res.json();
    expect(harbour).toMatchObject({ isDemo: true, state: 'construction', addressZip: '00160' });
    expect(linden).toMatchObject({
      isDemo: false,
      state: 'living',
      buildingType: 'block_of_flats',
      buildingTaxonomyTermId: terms.espoo,
      propertyManagerCompanies: [
        { partnerCompanyId: pcs['DEMO-PC-2'], name: 'Demo Isännöinti Oy', keyContactUserId: userIds.manager },
      ],
      maintenanceManagerCompanies: [{ partnerCompanyId: pcs['DEMO-PC-3'], name: 'Demo Huolto Oy' }],
    });
    const asc = await staff.get(listUrl({ sort: ['name', 'ASC'], range: [1, 1] }));
    expect(asc.headers['content-range']).toBe('housing-companies 1-1/3');
    expect(hcExts(asc)).toEqual(['DEMO-3000']);
  });

  it('filters by text (name, street, hcExt; case-insensitive), state, country, partner company and id', async () => {
    const staff = await as('staff');
    const list = async (filter: Record<string, unknown>) => hcExts(await staff.get(listUrl({ filter })));
    expect(await list({ q: 'LEHMUS' })).toEqual(['DEMO-2000']);
    expect(await list({ q: 'birch' })).toEqual(['DEMO-3000']);
    expect(await list({ q: 'demo-3000' })).toEqual(['DEMO-3000']);
    expect(await list({ q: '%' })).toEqual([]);
    expect(await list({ state: 'living' })).toEqual(['DEMO-3000', 'DEMO-2000']);
    expect(await list({ state: 'construction' })).toEqual(['DEMO-1000']);
    expect(await list({ country: 'finland' })).toHaveLength(3);
    expect(await list({ country: 'Estonia' })).toEqual([]);
    expect(await list({ partnerCompanyId: pcs['DEMO-PC-3'] })).toEqual(['DEMO-2000']);
    expect(await list({ partnerCompanyId: pcs['DEMO-PC-2'] })).toEqual(['DEMO-1000', 'DEMO-2000']);
    expect(await list({ buildingTaxonomyTermId: terms.tampere })).toEqual(['DEMO-3000']);
    expect(await list({ id: [hcs['DEMO-3000'], hcs['DEMO-1000']] })).toEqual(['DEMO-1000', 'DEMO-3000']);
    const bad = await staff.get(listUrl({ filter: { state: 'sold' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('querystring.filter.state');
  });

  it('shows managers and board members only their companies, partners what they reach', async () => {
    expect(hcExts(await (await as('manager')).get(listUrl()))).toEqual(['DEMO-1000', 'DEMO-2000']);
    expect(hcExts(await (await as('othermanager')).get(listUrl()))).toEqual(['DEMO-3000']);
    const board = await (await as('board')).get(listUrl());
    expect(hcExts(board)).toEqual(['DEMO-2000']);
    expect(board.headers['content-range']).toBe('housing-companies 0-0/1');
    // The business partner's operational area: Helsinki by taxonomy, 02600 (Linden Court) by zip.
    expect(hcExts(await (await as('partner')).get(listUrl()))).toEqual(['DEMO-1000', 'DEMO-2000']);
  });

  it('refuses residents and other roles without the admin area with 403', async () => {
    for (const who of ['owner', 'tenant', 'neighbour', 'consumption']) {
      const res = await (await as(who)).get(listUrl());
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });
});

describe('GET /admin/housing-companies/:id', () => {
  it('answers every field of the company', async () => {
    const res = await (await as('staff')).get(`${BASE}/${hcs['DEMO-3000']}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: hcs['DEMO-3000'],
      hcExt: 'DEMO-3000',
      name: 'As Oy Demo Birch Hill',
      addressCity: 'Tampere',
      addressZip: '33720',
      addressCountry: 'Finland',
      state: 'living',
      numberOfApartments: 18,
      serviceRequestSettings: {},
      warrantyContacts: [],
      one4allIncludeAllResidents: false,
      isYseProject: false,
      wizardCompleted: true,
      buildingTaxonomyTermId: terms.tampere,
      propertyManagerCompanies: [],
      maintenanceManagerCompanies: [],
    });
    expect(Object.keys(res.json())).toEqual(
      expect.arrayContaining([
        'liferayId',
        'addressArea',
        'finalizationDate',
        'energyClass',
        'numberOfNonSellableParkingPlaces',
        'additionalInformationAboutParkingPlaces',
        'housingCompanyAdminEmail',
        'porrasFeedUrl',
        'one4allUuid',
        'one4allArticleRssUrl',
        'one4allEventRssUrl',
        'one4allCampaignRssUrl',
        'congridId',
        'warrantyReportStartDate',
        'warrantyReportEndDate',
        'warrantyRepairMeetingDate',
        'warrantyRepairNoticeInfoDate',
        'warrantyRepairEndDate',
        'warrantyRepairProcessEndDate',
        'warrantyPeriodEndDate',
        'lifecycleStepsActive',
        'buildingType',
        'documentsScope',
        'updatedAt',
      ]),
    );
  });

  it('answers 404 outside the caller’s scope and for an unknown id', async () => {
    const other = await (await as('othermanager')).get(`${BASE}/${hcs['DEMO-2000']}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({
      code: 'IDN_HOUSING_COMPANY_NOT_FOUND',
      title: 'Housing company could not be retrieved',
    });
    expect((await (await as('othermanager')).get(`${BASE}/${hcs['DEMO-3000']}`)).statusCode).toBe(200);
    expect((await (await as('partner')).get(`${BASE}/${hcs['DEMO-3000']}`)).statusCode).toBe(404);
    expect((await (await as('board')).get(`${BASE}/${hcs['DEMO-1000']}`)).statusCode).toBe(404);
    expect((await (await as('admin')).get(`${BASE}/${NOBODY}`)).statusCode).toBe(404);
    expect((await (await as('tenant')).get(`${BASE}/${hcs['DEMO-2000']}`)).statusCode).toBe(403);
  });
});

describe('GET /admin/housing-companies/:id/features', () => {
  it("answers a company's features to the staff who reach the company, a partner included, and 404 to others", async () => {
    for (const who of ['admin', 'staff', 'manager', 'partner']) {
      const res = await (await as(who)).get(`${BASE}/${hcs['DEMO-2000']}/features?lang=fi`);
      expect(res.statusCode, who).toBe(200);
      expect((res.json() as { features: Record<string, unknown> }).features, who).toHaveProperty('news');
    }
    expect((await (await as('othermanager')).get(`${BASE}/${hcs['DEMO-2000']}/features`)).statusCode).toBe(
      404,
    );
    expect((await (await as('partner')).get(`${BASE}/${hcs['DEMO-3000']}/features`)).statusCode).toBe(404);
    expect((await (await as('staff')).get(`${BASE}/${NOBODY}/features`)).statusCode).toBe(404);
    expect((await (await as('tenant')).get(`${BASE}/${hcs['DEMO-2000']}/features`)).statusCode).toBe(403);
  });
});

describe('POST /admin/housing-companies', () => {
  it('creates a company with normalised input; state is derived; an event is written', async () => {
    const res = await (await as('admin')).post(BASE, {
      hcExt: ' NEW-1 ',
      name: 'As Oy New Street',
      addressStreet: 'Uusikatu 1',
      addressZip: '520',
      addressCity: 'Helsinki',
      addressCountry: 'Finland',
      buildingType: 'Kerrostalo',
      completionDate: '2999-06-30',
      numberOfApartments: 40,
      housingCompanyAdminEmail: ' Board@Example.COM ',
      porrasFeedUrl: 'https://feeds.example.com/porras',
      warrantyContacts: [{ name: 'Wanda Warranty', email: 'wanda@example.com', phone: '+358 40 1' }],
      serviceRequestSettings: { categories: ['plumbing'] },
      buildingTaxonomyTermId: terms.helsinki,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      hcExt: 'NEW-1',
      addressZip: '00520',
      buildingType: 'block_of_flats',
      housingCompanyAdminEmail: 'board@example.com',
      state: 'construction',
      isDemo: false,
      wizardCompleted: false,
      warrantyContacts: [{ name: 'Wanda Warranty', email: 'wanda@example.com', phone: '+358 40 1' }],
      serviceRequestSettings: { categories: ['plumbing'] },
      propertyManagerCompanies: [],
    });
    const stored = (await (await as('staff')).get(`${BASE}/${created.id}`)).json();
    expect(stored).toEqual(created);
    const [event] = (await events(IDENTITY_EVENTS.housingCompanyCreated)).filter(
      (e) => e.housingCompanyId === created.id,
    );
    expect(event).toMatchObject({
      hcExt: 'NEW-1',
      state: 'construction',
      buildingTaxonomyTermId: terms.helsinki,
    });
    // A company without a completion date is in construction; the demo company stays first.
    const bare = await (await as('bizadmin')).post(BASE, { hcExt: 'NEW-2', name: 'As Oy Aaa' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ state: 'construction', completionDate: null, addressZip: null });
    const all = hcExts(await (await as('staff')).get(listUrl()));
    expect(all[0]).toBe('DEMO-1000');
    expect(all[1]).toBe('NEW-2');
  });

  it('answers 409 for a taken hcExt, storing nothing', async () => {
    const before = await housingCompanyCount();
    const res = await (await as('admin')).post(BASE, { hcExt: 'DEMO-2000', name: 'Copy' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IDN_HC_EXT_IN_USE');
    expect(await housingCompanyCount()).toBe(before);
  });

  it('validates every kind of field, naming it, and stores nothing', async () => {
    const admin = await as('admin');
    const before = await housingCompanyCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'No hcExt' }, 'body.hcExt'],
      [{ hcExt: 'X-1', name: '  ' }, 'body.name'],
      [{ hcExt: 'X-1', name: 'N', addressZip: '12a45' }, 'body.addressZip'],
      [{ hcExt: 'X-1', name: 'N', addressZip: '123456' }, 'body.addressZip'],
      [{ hcExt: 'X-1', name: 'N', porrasFeedUrl: 'not a url' }, 'body.porrasFeedUrl'],
      [
        { hcExt: 'X-1', name: 'N', one4allEventRssUrl: 'ftp://feeds.example.com/x' },
        'body.one4allEventRssUrl',
      ],
      [{ hcExt: 'X-1', name: 'N', housingCompanyAdminEmail: 'nobody' }, 'body.housingCompanyAdminEmail'],
      [{ hcExt: 'X-1', name: 'N', completionDate: '2024-13-01' }, 'body.completionDate'],
      [{ hcExt: 'X-1', name: 'N', completionDate: '1.6.2024' }, 'body.completionDate'],
      [{ hcExt: 'X-1', name: 'N', buildingType: 'castle' }, 'body.buildingType'],
      [{ hcExt: 'X-1', name: 'N', numberOfApartments: -1 }, 'body.numberOfApartments'],
      [
        { hcExt: 'X-1', name: 'N', numberOfNonSellableParkingPlaces: 1.5 },
        'body.numberOfNonSellableParkingPlaces',
      ],
      [{ hcExt: 'X-1', name: 'N', addressCountry: 'Narnia' }, 'body.addressCountry'],
      [{ hcExt: 'X-1', name: 'N', warrantyContacts: [{ email: 'a@b.fi' }] }, 'body.warrantyContacts.0.name'],
      [{ hcExt: 'X-1', name: 'N', isDemo: true }, 'body.isDemo'],
      [{ hcExt: 'X-1', name: 'N', buildingTaxonomyTermId: terms.maintenance }, 'body.buildingTaxonomyTermId'],
      [
        {
          hcExt: 'X-1',
          name: 'N',
          warrantyRepairMeetingDate: '2025-05-10',
          warrantyRepairNoticeInfoDate: '2025-05-01',
        },
        'body.warrantyRepairNoticeInfoDate',
      ],
    ];
    for (const [payload, path] of cases) {
      const res = await admin.post(BASE, payload);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code, path).toBe('VALIDATION_FAILED');
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        path,
      ).toContain(path);
    }
    expect(await housingCompanyCount()).toBe(before);
  });

  it('is for housing-company editors only', async () => {
    for (const who of ['staff', 'manager', 'marketing', 'partner', 'tenant']) {
      const res = await (await as(who)).post(BASE, { hcExt: 'X-2', name: 'N' });
      expect(res.statusCode, who).toBe(403);
    }
  });
});

describe('PUT /admin/housing-companies/:id', () => {
  it('updates, clears and derives the state; writes an event naming the changed fields', async () => {
    const admin = await as('admin');
    const id = (
      await admin.post(BASE, { hcExt: 'UPD-1', name: 'As Oy Update', addressArea: 'Kallio' })
    ).json().id;
    const res = await admin.put(`${BASE}/${id}`, {
      completionDate: '2001-01-01',
      addressArea: null,
      addressZip: '3100',
      wizardCompleted: true,
      lifecycleStepsActive: true,
      buildingType: 'leisure home',
      one4allIncludeAllResidents: true,
      isYseProject: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'living',
      addressArea: null,
      addressZip: '03100',
      wizardCompleted: true,
      lifecycleStepsActive: true,
      buildingType: 'leisure_home',
      one4allIncludeAllResidents: true,
      isYseProject: true,
      name: 'As Oy Update',
    });
    const [event] = (await events(IDENTITY_EVENTS.housingCompanyUpdated)).filter(
      (e) => e.housingCompanyId === id,
    );
    expect(event).toMatchObject({ state: 'living', hcExt: 'UPD-1' });
    expect(event!.changed).toEqual(
      expect.arrayContaining(['completionDate', 'addressArea', 'addressZip', 'wizardCompleted']),
    );
  });

  it('checks the warranty dates against the stored ones', async () => {
    const admin = await as('admin');
    const id = (
      await admin.post(BASE, { hcExt: 'UPD-2', name: 'N', warrantyReportStartDate: '2025-03-01' })
    ).json().id;
    const res = await admin.put(`${BASE}/${id}`, { warrantyReportEndDate: '2025-02-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('body.warrantyReportEndDate');
    const ok = await admin.put(`${BASE}/${id}`, { warrantyReportEndDate: '2025-04-01' });
    expect(ok.json().warrantyReportEndDate).toBe('2025-04-01');
  });

  it('answers 409 for a taken hcExt, 400 for unknown fields and bad values, 404 for an unknown id', async () => {
    const admin = await as('admin');
    const id = hcs['DEMO-3000'];
    const taken = await admin.put(`${BASE}/${id}`, { hcExt: 'DEMO-2000' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('IDN_HC_EXT_IN_USE');
    const same = await admin.put(`${BASE}/${id}`, { hcExt: 'DEMO-3000' });
    expect(same.statusCode).toBe(200);
    const unknown = await admin.put(`${BASE}/${id}`, { state: 'living' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toEqual({ path: 'body.state', message: 'Unknown field' });
    const nullName = await admin.put(`${BASE}/${id}`, { name: null });
    expect(nullName.statusCode).toBe(400);
    expect((await admin.put(`${BASE}/${NOBODY}`, { name: 'X' })).statusCode).toBe(404);
    const stored = (await admin.get(`${BASE}/${id}`)).json();
    expect(stored).toMatchObject({ hcExt: 'DEMO-3000', name: 'As Oy Demo Birch Hill' });
  });

  it('is for housing-company editors only', async () => {
    for (const who of ['staff', 'manager', 'othermanager', 'board', 'partner']) {
      const res = await (await as(who)).put(`${BASE}/${hcs['DEMO-3000']}`, { name: 'Mine' });
      expect(res.statusCode, who).toBe(403);
    }
  });
});

describe('partner companies of a housing company', () => {
  const partnersUrl = (hc: string) => `${BASE}/${hcs[hc] ?? hc}/partners`;

  it('lists the property and maintenance manager companies with their key contacts', async () => {
    const res = await (await as('manager')).get(partnersUrl('DEMO-2000'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        housingCompanyId: hcs['DEMO-2000'],
        type: 'MaintenanceManager',
        partnerCompanyId: pcs['DEMO-PC-3'],
        name: 'Demo Huolto Oy',
        keyContactUserId: null,
        keyContactName: null,
      },
      {
        housingCompanyId: hcs['DEMO-2000'],
        type: 'PropertyManager',
        partnerCompanyId: pcs['DEMO-PC-2'],
        name: 'Demo Isännöinti Oy',
        keyContactUserId: userIds.manager,
        keyContactName: 'Maria Manager',
      },
    ]);
    expect((await (await as('othermanager')).get(partnersUrl('DEMO-2000'))).statusCode).toBe(404);
    expect((await (await as('owner')).get(partnersUrl('DEMO-2000'))).statusCode).toBe(403);
  });

  it('changes the property manager: the new company replaces the old, the maintenance company stays', async () => {
    const { db } = t.identity.context;
    const marketing = await as('marketing');
    const [other] = await db
      .insert(partnerCompanies)
      .values({
        name: 'Other Isännöinti Oy',
        type: 'PROPERTY_MANAGER',
        keyContactUserId: userIds.othermanager,
      })
      .returning();
    await db.insert(partnerCompanyUsers).values([
      { partnerCompanyId: other!.id, userId: userIds.othermanager! },
      { partnerCompanyId: other!.id, userId: userIds.staff! },
    ]);
    const url = `${partnersUrl('DEMO-2000')}/PropertyManager`;

    // The key contact must be a user of the new company: nothing changes otherwise.
    const notUser = await marketing.put(url, {
      partnerCompanyId: other!.id,
      keyContactUserId: userIds.manager,
    });
    expect(notUser.statusCode).toBe(400);
    expect(notUser.json()).toMatchObject({
      code: 'IDN_KEY_CONTACT_NOT_A_USER',
      title: 'Partner details could not be saved',
    });
    expect((await marketing.get(partnersUrl('DEMO-2000'))).json()).toHaveLength(2);

    const res = await marketing.put(url, { partnerCompanyId: other!.id, keyContactUserId: userIds.staff });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      housingCompanyId: hcs['DEMO-2000'],
      type: 'PropertyManager',
      partnerCompanyId: other!.id,
      name: 'Other Isännöinti Oy',
      keyContactUserId: userIds.staff,
      keyContactName: 'Sami Staff',
    });
    const now = (await marketing.get(partnersUrl('DEMO-2000'))).json();
    expect(now.map((p: { type: string; name: string }) => `${p.type}:${p.name}`)).toEqual([
      'MaintenanceManager:Demo Huolto Oy',
      'PropertyManager:Other Isännöinti Oy',
    ]);
    const detail = (await marketing.get(`${BASE}/${hcs['DEMO-2000']}`)).json();
    expect(detail.propertyManagerCompanies).toEqual([
      { partnerCompanyId: other!.id, name: 'Other Isännöinti Oy', keyContactUserId: userIds.staff },
    ]);
    // Harbour View keeps Demo Isännöinti.
    expect((await marketing.get(partnersUrl('DEMO-1000'))).json()).toHaveLength(1);
    const [event] = (await events(IDENTITY_EVENTS.housingCompanyPartnerChanged)).filter(
      (e) => e.housingCompanyId === hcs['DEMO-2000'] && e.action === 'set',
    );
    expect(event).toMatchObject({
      type: 'PropertyManager',
      partnerCompanyId: other!.id,
      keyContactUserId: userIds.staff,
      replacedPartnerCompanyIds: [pcs['DEMO-PC-2']],
    });

    // Without a key contact the partner company's own key contact is used.
    const birch = await marketing.put(`${partnersUrl('DEMO-3000')}/PropertyManager`, {
      partnerCompanyId: other!.id,
    });
    expect(birch.json()).toMatchObject({
      keyContactUserId: userIds.othermanager,
      keyContactName: 'Otto Othermanager',
    });
    // Back to the demo property manager, for the other tests.
    const back = await marketing.put(url, { partnerCompanyId: pcs['DEMO-PC-2'] });
    expect(back.json()).toMatchObject({
      partnerCompanyId: pcs['DEMO-PC-2'],
      keyContactUserId: userIds.manager,
    });
  });

  it('refuses a partner company of the wrong type, a missing body or company, and an unknown type', async () => {
    const admin = await as('admin');
    const url = `${partnersUrl('DEMO-3000')}/MaintenanceManager`;
    const wrong = await admin.put(url, { partnerCompanyId: pcs['DEMO-PC-1'] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'IDN_PARTNER_TYPE_MISMATCH',
      title: 'Changing partner company failed',
    });
    const missing = await admin.put(url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'IDN_PROJECT_PARTNER_REQUIRED',
      title: 'ProjectId and partnerCompanyId are required',
    });
    expect((await admin.put(url)).json().code).toBe('IDN_PROJECT_PARTNER_REQUIRED');
    const badType = await admin.put(`${partnersUrl('DEMO-3000')}/Janitor`, {
      partnerCompanyId: pcs['DEMO-PC-3'],
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({
      code: 'IDN_PROJECT_TYPE_REQUIRED',
      title: 'Required params projectId and type missing',
    });
    const unknownCompany = await admin.put(url, { partnerCompanyId: NOBODY });
    expect(unknownCompany.statusCode).toBe(404);
    expect(unknownCompany.json().code).toBe('IDN_PARTNER_NOT_FOUND');
    const unknownHc = await admin.put(`${BASE}/${NOBODY}/partners/MaintenanceManager`, {
      partnerCompanyId: pcs['DEMO-PC-3'],
    });
    expect(unknownHc.statusCode).toBe(404);
    const [row] = await t.identity.context.db
      .select({ n: count() })
      .from(housingCompanyPartners)
      .where(eq(housingCompanyPartners.housingCompanyId, hcs['DEMO-3000']!));
    expect(row!.n).toBe(1);
  });

  it('connects and removes a maintenance company; removing again answers 404', async () => {
    const admin = await as('admin');
    const url = `${partnersUrl('DEMO-3000')}/MaintenanceManager`;
    expect((await admin.put(url, { partnerCompanyId: pcs['DEMO-PC-3'] })).statusCode).toBe(200);
    expect((await admin.get(`${BASE}/${hcs['DEMO-3000']}`)).json().maintenanceManagerCompanies).toEqual([
      { partnerCompanyId: pcs['DEMO-PC-3'], name: 'Demo Huolto Oy', keyContactUserId: null },
    ]);
    const removed = await admin.delete(`${url}/${pcs['DEMO-PC-3']}`);
    expect(removed.statusCode).toBe(204);
    expect((await admin.get(`${BASE}/${hcs['DEMO-3000']}`)).json().maintenanceManagerCompanies).toEqual([]);
    const again = await admin.delete(`${url}/${pcs['DEMO-PC-3']}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('IDN_PARTNER_NOT_FOUND');
    const removals = (await events(IDENTITY_EVENTS.housingCompanyPartnerChanged)).filter(
      (e) => e.housingCompanyId === hcs['DEMO-3000'] && e.action === 'removed',
    );
    expect(removals).toEqual([
      {
        action: 'removed',
        housingCompanyId: hcs['DEMO-3000'],
        type: 'MaintenanceManager',
        partnerCompanyId: pcs['DEMO-PC-3'],
      },
    ]);
  });

  it('is for partner managers only', async () => {
    const url = `${partnersUrl('DEMO-2000')}/MaintenanceManager`;
    for (const who of ['staff', 'manager', 'board', 'partner', 'tenant']) {
      const put = await (await as(who)).put(url, { partnerCompanyId: pcs['DEMO-PC-3'] });
      expect(put.statusCode, who).toBe(403);
      const del = await (await as(who)).delete(`${url}/${pcs['DEMO-PC-3']}`);
      expect(del.statusCode, who).toBe(403);
    }
  });
});
