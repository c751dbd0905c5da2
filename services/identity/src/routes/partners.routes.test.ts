import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apartments,
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
/** Housing company ids by hcExt, partner company ids by externalId, user ids by demo key, terms by codename. */
let hcs: Record<string, string>;
let pcs: Record<string, string>;
let userIds: Record<string, string>;
let terms: Record<string, string>;

beforeAll(async () => {
  t = await identityTestApp();
  const { db } = t.identity.context;
  await addTestUser(t, { key: 'marketing', roles: ['yitMarketing'] });
  hcs = Object.fromEntries((await db.select().from(housingCompanies)).map((h) => [h.hcExt, h.id]));
  pcs = Object.fromEntries((await db.select().from(partnerCompanies)).map((p) => [p.externalId, p.id]));
  userIds = Object.fromEntries(
    (await db.select().from(users)).map((u) => [u.email.replace('@demo.porta.test', ''), u.id]),
  );
  terms = Object.fromEntries((await db.select().from(taxonomyTerms)).map((r) => [r.codename, r.id]));
});
afterAll(() => t.close());

const BASE = '/api/identity/admin/partner-companies';
const NOBODY = '00000000-0000-4000-8000-000000000000';

const as = (who: string) => apiClientAs(t.app, who);

function withQuery(base: string, query: Record<string, unknown> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString();
  return `${base}${qs ? `?${qs}` : ''}`;
}

const names = (res: { json(): unknown }) => (res.json() as { name: string }[]).map((p) => p.name);
const hcExts = (res: { json(): unknown }) => (res.json() as { hcExt: string }[]).map((h) => h.hcExt);

async function events(subject: string) {
  const rows = await t.identity.context.db.select().from(outbox).where(eq(outbox.subject, subject));
  return rows.map((r) => r.payload as Record<string, unknown>);
}

async function partnerCount() {
  const [row] = await t.identity.context.db.select({ n: count() }).from(partnerCompanies);
  return row!.n;
}

describe('GET /admin/partner-companies', () => {
  it('lists partner companies with Content-Range, sorted, ranged and filtered', async () => {
    const staff = await as('staff');
    const res = await staff.get(withQuery(BASE, { sort: ['name', 'ASC'] }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('partner-companies 0-2/3');
    expect(names(res)).toEqual(['Demo Huolto Oy', 'Demo Isännöinti Oy', 'Demo Kitchen Partners Oy']);
    const kitchen = res.json()[2];
    expect(kitchen).toMatchObject({
      type: 'BUSINESS_PARTNER',
      externalId: 'DEMO-PC-1',
      active: true,
      operationalAreaZips: ['02600'],
      operationalAreaTaxonomies: [terms.helsinki],
    });
    const page = await staff.get(withQuery(BASE, { sort: ['type', 'DESC'], range: [0, 0] }));
    expect(page.headers['content-range']).toBe('partner-companies 0-0/3');
    expect(names(page)).toEqual(['Demo Isännöinti Oy']);
    const list = async (filter: Record<string, unknown>) =>
      names(await staff.get(withQuery(BASE, { filter })));
    expect(await list({ type: 'MAINTENANCE_MANAGER' })).toEqual(['Demo Huolto Oy']);
    expect(await list({ q: 'KITCHEN' })).toEqual(['Demo Kitchen Partners Oy']);
    expect(await list({ q: 'demo-pc-2' })).toEqual(['Demo Isännöinti Oy']);
    expect(await list({ country: 'finland', active: true })).toHaveLength(3);
    expect(await list({ active: false })).toEqual([]);
    expect(await list({ id: [pcs['DEMO-PC-3']] })).toEqual(['Demo Huolto Oy']);
    const bad = await staff.get(withQuery(BASE, { filter: { type: 'PropertyManager' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('querystring.filter.type');
  });

  it('shows managers their own and their housing companies’ partners, partners their own; 404 beyond', async () => {
    expect(names(await (await as('manager')).get(BASE))).toEqual(['Demo Huolto Oy', 'Demo Isännöinti Oy']);
    expect(names(await (await as('board')).get(BASE))).toEqual(['Demo Huolto Oy', 'Demo Isännöinti Oy']);
    expect(names(await (await as('partner')).get(BASE))).toEqual(['Demo Kitchen Partners Oy']);
    const other = await as('othermanager');
    expect((await other.get(BASE)).json()).toEqual([]);
    const hidden = await other.get(`${BASE}/${pcs['DEMO-PC-2']}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({
      code: 'IDN_PARTNER_NOT_FOUND',
      title: 'Partner information could not be retrieved',
    });
    expect((await (await as('partner')).get(`${BASE}/${pcs['DEMO-PC-2']}`)).statusCode).toBe(404);
    expect((await (await as('manager')).get(`${BASE}/${pcs['DEMO-PC-3']}`)).statusCode).toBe(200);
    expect((await (await as('staff')).get(`${BASE}/${NOBODY}`)).statusCode).toBe(404);
  });

  it('refuses residents with 403', async () => {
    for (const who of ['owner', 'tenant', 'neighbour', 'consumption']) {
      expect((await (await as(who)).get(BASE)).statusCode, who).toBe(403);
    }
  });
});

describe('creating, updating and deleting partner companies', () => {
  it('creates a company with normalised zip codes and writes an event', async () => {
    const res = await (await as('marketing')).post(BASE, {
      name: ' Nordic Windows Oy ',
      type: 'BUSINESS_PARTNER',
      externalId: 'NW-1',
      businessId: '7654321-0',
      street: 'Ikkunatie 2',
      zip: '210',
      city: 'Helsinki',
      country: 'Finland',
      email: ' Sales@NordicWindows.example ',
      webPageUrl: 'https://nordicwindows.example',
      logo: 'https://cdn.example.com/nw.png',
      contactDetails: { name: 'Nils', phone: '+358 50 1', openingHours: 'Mon–Fri 8–16' },
      operationalAreaZips: ['210', '00210', '2600'],
      operationalAreaTaxonomies: [terms.uusimaa, terms.uusimaa],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Nordic Windows Oy',
      zip: '00210',
      email: 'sales@nordicwindows.example',
      active: true,
      keyContactUserId: null,
      contactDetails: { name: 'Nils', phone: '+358 50 1', openingHours: 'Mon–Fri 8–16' },
      operationalAreaZips: ['00210', '02600'],
      operationalAreaTaxonomies: [terms.uusimaa],
    });
    expect((await (await as('staff')).get(`${BASE}/${created.id}`)).json()).toEqual(created);
    expect(await events(IDENTITY_EVENTS.partnerCompanyChanged)).toContainEqual(
      expect.objectContaining({ action: 'created', partnerCompanyId: created.id, type: 'BUSINESS_PARTNER' }),
    );
  });

  it('answers the spec’s texts for a missing payload, and validates fields; nothing stored', async () => {
    const admin = await as('admin');
    const before = await partnerCount();
    for (const payload of [undefined, {}]) {
      const res = await admin.post(BASE, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IDN_PARTNER_CREATE_PAYLOAD',
        title: 'You must send payload to create partner',
      });
    }
    const base = { name: 'P', type: 'BUSINESS_PARTNER' };
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'BUSINESS_PARTNER' }, 'body.name'],
      [{ ...base, type: 'PropertyManager' }, 'body.type'],
      [{ ...base, zip: '1234a' }, 'body.zip'],
      [{ ...base, operationalAreaZips: ['00100', '999999'] }, 'body.operationalAreaZips.1'],
      [{ ...base, operationalAreaTaxonomies: [terms.maintenance] }, 'body.operationalAreaTaxonomies'],
      [{ ...base, operationalAreaTaxonomies: ['helsinki'] }, 'body.operationalAreaTaxonomies.0'],
      [{ ...base, email: 'no-at-sign' }, 'body.email'],
      [{ ...base, webPageUrl: 'javascript:alert(1)' }, 'body.webPageUrl'],
      [{ ...base, contactDetails: { fax: '1' } }, 'body.contactDetails.fax'],
      [{ ...base, rating: 5 }, 'body.rating'],
    ];
    for (const [payload, path] of cases) {
      const res = await admin.post(BASE, payload);
      expect(res.statusCode, path).toBe(400);
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        path,
      ).toContain(path);
    }
    // A new company has no users, so it cannot name a key contact.
    const keyContact = await admin.post(BASE, { ...base, keyContactUserId: userIds.staff });
    expect(keyContact.json().code).toBe('IDN_KEY_CONTACT_NOT_A_USER');
    const taken = await admin.post(BASE, { ...base, externalId: 'DEMO-PC-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'IDN_PARTNER_EXTERNAL_ID_IN_USE',
      title: 'Provided external id already in use',
    });
    expect(await partnerCount()).toBe(before);
  });

  it('updates a company; an empty update and a type change while serving housing companies are refused', async () => {
    const admin = await as('admin');
    const url = `${BASE}/${pcs['DEMO-PC-3']}`;
    const empty = await admin.put(url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'IDN_PARTNER_UPDATE_PAYLOAD',
      title: 'You must send payload to update partner',
    });
    const type = await admin.put(url, { type: 'BUSINESS_PARTNER' });
    expect(type.statusCode).toBe(400);
    expect(type.json().code).toBe('IDN_PARTNER_TYPE_MISMATCH');
    const res = await admin.put(url, { phone: '+358 9 1', description: 'Round the clock', city: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: '+358 9 1', description: 'Round the clock', city: null });
    expect(res.json().type).toBe('MAINTENANCE_MANAGER');
    const notUser = await admin.put(url, { keyContactUserId: userIds.manager });
    expect(notUser.statusCode).toBe(400);
    expect(notUser.json().code).toBe('IDN_KEY_CONTACT_NOT_A_USER');
    expect((await admin.put(`${BASE}/${NOBODY}`, { name: 'X' })).statusCode).toBe(404);
    expect((await admin.put(`${BASE}/${pcs['DEMO-PC-2']}`, { externalId: 'DEMO-PC-1' })).statusCode).toBe(
      409,
    );
  });

  it('manages users and the key contact; a removed key contact stops being one everywhere', async () => {
    const marketing = await as('marketing');
    const usersUrl = `${BASE}/${pcs['DEMO-PC-3']}/users`;
    expect((await marketing.get(usersUrl)).json()).toEqual([]);
    const added = await marketing.post(usersUrl, { userId: userIds.othermanager });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: 'othermanager@demo.porta.test', isKeyContact: false });
    expect((await marketing.post(usersUrl, { userId: userIds.othermanager })).statusCode).toBe(201);
    expect((await marketing.post(usersUrl, { userId: NOBODY })).json().code).toBe('IDN_USER_NOT_FOUND');

    const company = await marketing.put(`${BASE}/${pcs['DEMO-PC-3']}`, {
      keyContactUserId: userIds.othermanager,
    });
    expect(company.json().keyContactUserId).toBe(userIds.othermanager);
    const hcUrl = `/api/identity/admin/housing-companies/${hcs['DEMO-2000']}/partners/MaintenanceManager`;
    const connected = await marketing.put(hcUrl, { partnerCompanyId: pcs['DEMO-PC-3'] });
    expect(connected.json().keyContactUserId).toBe(userIds.othermanager);
    expect((await marketing.get(usersUrl)).json()).toEqual([
      expect.objectContaining({ id: userIds.othermanager, isKeyContact: true, firstName: 'Otto' }),
    ]);

    expect((await marketing.delete(`${usersUrl}/${userIds.othermanager}`)).statusCode).toBe(204);
    expect((await marketing.get(usersUrl)).json()).toEqual([]);
    expect((await marketing.get(`${BASE}/${pcs['DEMO-PC-3']}`)).json().keyContactUserId).toBeNull();
    const [connection] = await t.identity.context.db
      .select()
      .from(housingCompanyPartners)
      .where(eq(housingCompanyPartners.partnerCompanyId, pcs['DEMO-PC-3']!));
    expect(connection!.keyContactUserId).toBeNull();
    expect((await marketing.delete(`${usersUrl}/${userIds.othermanager}`)).statusCode).toBe(404);
    const changes = (await events(IDENTITY_EVENTS.partnerCompanyChanged)).filter(
      (e) => e.partnerCompanyId === pcs['DEMO-PC-3'],
    );
    expect(changes.map((e) => e.action).slice(-3)).toEqual(['user-added', 'updated', 'user-removed']);
  });

  it('deletes a company with its users and connections, and writes events', async () => {
    const admin = await as('admin');
    const created = (await admin.post(BASE, { name: 'Short-lived Oy', type: 'PROPERTY_MANAGER' })).json();
    await admin.post(`${BASE}/${created.id}/users`, { userId: userIds.staff });
    const hcUrl = `/api/identity/admin/housing-companies/${hcs['DEMO-3000']}/partners/PropertyManager`;
    expect((await admin.put(hcUrl, { partnerCompanyId: created.id })).statusCode).toBe(200);
    expect((await admin.delete(`${BASE}/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`${BASE}/${created.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`${BASE}/${created.id}`)).statusCode).toBe(404);
    const [left] = await t.identity.context.db
      .select({ n: count() })
      .from(partnerCompanyUsers)
      .where(eq(partnerCompanyUsers.partnerCompanyId, created.id));
    expect(left!.n).toBe(0);
    const detail = (await admin.get(`/api/identity/admin/housing-companies/${hcs['DEMO-3000']}`)).json();
    expect(detail.propertyManagerCompanies).toEqual([]);
    expect(await events(IDENTITY_EVENTS.partnerCompanyDeleted)).toContainEqual(
      expect.objectContaining({ partnerCompanyId: created.id, housingCompanyIds: [hcs['DEMO-3000']] }),
    );
  });

  it('is for partner managers only', async () => {
    for (const who of ['staff', 'manager', 'partner', 'owner']) {
      const as_ = await as(who);
      expect((await as_.post(BASE, { name: 'X', type: 'BUSINESS_PARTNER' })).statusCode, who).toBe(403);
      expect((await as_.put(`${BASE}/${pcs['DEMO-PC-1']}`, { name: 'X' })).statusCode, who).toBe(403);
      expect((await as_.delete(`${BASE}/${pcs['DEMO-PC-1']}`)).statusCode, who).toBe(403);
      expect(
        (await as_.post(`${BASE}/${pcs['DEMO-PC-1']}/users`, { userId: userIds.staff })).statusCode,
        who,
      ).toBe(403);
    }
  });
});

describe('the partner’s own company and area', () => {
  it('answers and updates the caller’s own company; its type cannot change', async () => {
    const partner = await as('partner');
    const own = await partner.get('/api/identity/partner/company');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: pcs['DEMO-PC-1'], name: 'Demo Kitchen Partners Oy' });
    const res = await partner.put('/api/identity/partner/company', {
      description: 'Kitchens since 1990',
      type: 'BUSINESS_PARTNER',
      operationalAreaZips: ['2600', '33720'],
    });
    expect(res.statusCode).toBe(200);
    // The details change; the operational area the partner sends waits for staff as a proposal.
    expect(res.json()).toMatchObject({
      description: 'Kitchens since 1990',
      operationalAreaZips: ['02600'],
      operationalAreaTaxonomies: [terms.helsinki],
      proposedOperationalArea: {
        zips: ['02600', '33720'],
        taxonomies: [terms.helsinki],
        proposedAt: expect.any(String),
        proposedBy: userIds.partner,
      },
    });
    const retype = await partner.put('/api/identity/partner/company', { type: 'PROPERTY_MANAGER' });
    expect(retype.statusCode).toBe(400);
    expect(retype.json().code).toBe('IDN_PARTNER_TYPE_MISMATCH');
    const externalId = await partner.put('/api/identity/partner/company', { externalId: 'MINE' });
    expect(externalId.statusCode).toBe(400);
    expect(externalId.json().errors[0]).toEqual({ path: 'body.externalId', message: 'Unknown field' });
    expect((await partner.put('/api/identity/partner/company', {})).json().code).toBe(
      'IDN_PARTNER_UPDATE_PAYLOAD',
    );
    const stored = (await (await as('staff')).get(`${BASE}/${pcs['DEMO-PC-1']}`)).json();
    expect(stored).toMatchObject({ type: 'BUSINESS_PARTNER', externalId: 'DEMO-PC-1' });
    // Proposing the approved area again withdraws the proposal.
    const back = await partner.put('/api/identity/partner/company', { operationalAreaZips: ['02600'] });
    expect(back.json().proposedOperationalArea).toBeNull();
  });

  it('answers 404 for a company that is not the caller’s, 403 without a partner standing', async () => {
    const partner = await as('partner');
    const other = await partner.get(`/api/identity/partner/company?partnerCompanyId=${pcs['DEMO-PC-2']}`);
    expect(other.statusCode).toBe(404);
    const put = await partner.put(`/api/identity/partner/company?partnerCompanyId=${pcs['DEMO-PC-2']}`, {
      description: 'x',
    });
    expect(put.statusCode).toBe(404);
    // admin passes the policy but has no partner company.
    expect((await (await as('admin')).get('/api/identity/partner/company')).json().code).toBe(
      'IDN_PARTNER_NOT_FOUND',
    );
    // The manager is a user (and key contact) of Demo Isännöinti Oy.
    expect((await (await as('manager')).get('/api/identity/partner/company')).json().name).toBe(
      'Demo Isännöinti Oy',
    );
    for (const who of ['tenant', 'othermanager', 'staff']) {
      expect((await (await as(who)).get('/api/identity/partner/company')).statusCode, who).toBe(403);
    }
  });

  it('lists the housing companies in a business partner’s operational area, by zip code and taxonomy', async () => {
    const partner = await as('partner');
    const url = '/api/identity/partner/housing-companies';
    const res = await partner.get(url);
    expect(res.statusCode).toBe(200);
    // Helsinki by building taxonomy (Harbour View), 02600 by zip code (Linden Court); not Tampere.
    expect(hcExts(res)).toEqual(['DEMO-1000', 'DEMO-2000']);
    expect(res.headers['content-range']).toBe('housing-companies 0-1/2');
    expect(hcExts(await partner.get(withQuery(url, { filter: { state: 'living' } })))).toEqual(['DEMO-2000']);
    // A region covers the terms nested under it: Pirkanmaa reaches Birch Hill in Tampere.
    const admin = await as('admin');
    await admin.put(`${BASE}/${pcs['DEMO-PC-1']}`, {
      operationalAreaZips: [],
      operationalAreaTaxonomies: [terms.pirkanmaa],
    });
    expect(hcExts(await partner.get(url))).toEqual(['DEMO-3000']);
    // The staff-app list follows the same area.
    expect(hcExts(await partner.get('/api/identity/admin/housing-companies'))).toEqual(['DEMO-3000']);
    const hidden = await partner.get(`/api/identity/admin/housing-companies/${hcs['DEMO-2000']}`);
    expect(hidden.statusCode).toBe(404);
    // An inactive partner company reaches nothing.
    await admin.put(`${BASE}/${pcs['DEMO-PC-1']}`, { active: false });
    expect((await partner.get(url)).json()).toEqual([]);
    await admin.put(`${BASE}/${pcs['DEMO-PC-1']}`, {
      active: true,
      operationalAreaZips: ['02600'],
      operationalAreaTaxonomies: [terms.helsinki],
    });
  });

  it('does not let a partner widen what it reads: its own area edit waits for staff to approve it', async () => {
    const partner = await as('partner');
    const staff = await as('staff');
    const marketing = await as('marketing');
    const url = '/api/identity/partner/housing-companies';
    const [c1] = await t.identity.context.db
      .select({ id: apartments.id })
      .from(apartments)
      .where(eq(apartments.aptext, 'DEMO-3000-C1'));
    const birchHillHidden = async (client = partner) => {
      expect(hcExts(await client.get(url))).toEqual(['DEMO-1000', 'DEMO-2000']);
      expect(hcExts(await client.get('/api/identity/admin/housing-companies'))).toEqual([
        'DEMO-1000',
        'DEMO-2000',
      ]);
      for (const hidden of [
        `/api/identity/admin/housing-companies/${hcs['DEMO-3000']}`,
        `/api/identity/admin/housing-companies/${hcs['DEMO-3000']}/partners`,
        `/api/identity/admin/apartments/${c1!.id}`,
      ]) {
        expect((await client.get(hidden)).statusCode, hidden).toBe(404);
      }
      const list = await client.get(
        withQuery('/api/identity/admin/apartments', { filter: { housingCompanyId: hcs['DEMO-3000'] } }),
      );
      expect(list.json()).toEqual([]);
    };

    // The partner points its area at Birch Hill, by zip code and by region.
    const proposed = await partner.put('/api/identity/partner/company', {
      operationalAreaZips: ['02600', '33720'],
      operationalAreaTaxonomies: [terms.helsinki, terms.pirkanmaa],
    });
    expect(proposed.statusCode).toBe(200);
    const proposal = proposed.json().proposedOperationalArea;
    expect(proposal).toMatchObject({
      zips: ['02600', '33720'],
      taxonomies: [terms.helsinki, terms.pirkanmaa],
    });
    await birchHillHidden();
    // Signing in again changes nothing either: the reach comes from the approved area.
    await birchHillHidden(await as('partner'));

    // Staff see the proposal.
    const shown = (await staff.get(`${BASE}/${pcs['DEMO-PC-1']}`)).json();
    expect(shown.proposedOperationalArea).toEqual(proposal);
    expect(shown.operationalAreaZips).toEqual(['02600']);

    // Approving needs the proposal as it was seen, and a partner manager.
    const approveUrl = `${BASE}/${pcs['DEMO-PC-1']}/area-proposal/approve`;
    expect((await partner.post(approveUrl, { proposedAt: proposal.proposedAt })).statusCode).toBe(403);
    expect((await staff.post(approveUrl, { proposedAt: proposal.proposedAt })).statusCode).toBe(403);
    const stale = await marketing.post(approveUrl, { proposedAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'IDN_AREA_PROPOSAL_CHANGED',
      title: 'The proposed operational area has changed. Please review it again.',
    });
    await birchHillHidden();

    // Dismissed, it is gone; proposed again and approved, it is what the partner reads.
    expect((await marketing.delete(`${BASE}/${pcs['DEMO-PC-1']}/area-proposal`)).statusCode).toBe(204);
    expect((await staff.get(`${BASE}/${pcs['DEMO-PC-1']}`)).json().proposedOperationalArea).toBeNull();
    expect((await marketing.post(approveUrl, { proposedAt: proposal.proposedAt })).statusCode).toBe(409);
    const again = (
      await partner.put('/api/identity/partner/company', { operationalAreaTaxonomies: [terms.pirkanmaa] })
    ).json();
    const approved = await marketing.post(approveUrl, {
      proposedAt: again.proposedOperationalArea.proposedAt,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      operationalAreaZips: ['02600'],
      operationalAreaTaxonomies: [terms.pirkanmaa],
      proposedOperationalArea: null,
    });
    expect(hcExts(await partner.get(url))).toEqual(['DEMO-3000', 'DEMO-2000']);
    expect((await partner.get(`/api/identity/admin/apartments/${c1!.id}`)).statusCode).toBe(200);

    // Staff setting the proposed area themselves settles the proposal too.
    await partner.put('/api/identity/partner/company', { operationalAreaTaxonomies: [terms.helsinki] });
    const settled = await marketing.put(`${BASE}/${pcs['DEMO-PC-1']}`, {
      operationalAreaTaxonomies: [terms.helsinki],
    });
    expect(settled.json()).toMatchObject({
      operationalAreaTaxonomies: [terms.helsinki],
      proposedOperationalArea: null,
    });
    expect(hcExts(await partner.get(url))).toEqual(['DEMO-1000', 'DEMO-2000']);
  });

  it('lists the housing companies a property-manager company serves', async () => {
    const res = await (await as('manager')).get('/api/identity/partner/housing-companies');
    expect(hcExts(res)).toEqual(['DEMO-1000', 'DEMO-2000']);
  });
});
