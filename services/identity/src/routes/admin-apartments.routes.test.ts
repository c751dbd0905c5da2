import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apartments, housingCompanies, outbox } from '../db/schema.js';
import { IDENTITY_EVENTS } from '../domain/events.js';
import { addTestUser, apiClientAs, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';

let t: IdentityTestApp;
/** Housing company ids by hcExt, apartment ids by aptext. */
let hcs: Record<string, string>;
let apts: Record<string, string>;

beforeAll(async () => {
  t = await identityTestApp();
  const { db } = t.identity.context;
  await addTestUser(t, { key: 'project', roles: ['yitProject'] });
  hcs = Object.fromEntries((await db.select().from(housingCompanies)).map((h) => [h.hcExt, h.id]));
  apts = Object.fromEntries((await db.select().from(apartments)).map((a) => [a.aptext, a.id]));
});
afterAll(() => t.close());

const BASE = '/api/identity/admin/apartments';
const NOBODY = '00000000-0000-4000-8000-000000000000';

const as = (who: string) => apiClientAs(t.app, who);

function listUrl(query: Record<string, unknown> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString();
  return `${BASE}${qs ? `?${qs}` : ''}`;
}

const nos = (res: { json(): unknown }) => (res.json() as { no: string }[]).map((a) => a.no);

async function apartmentCount() {
  const [row] = await t.identity.context.db.select({ n: count() }).from(apartments);
  return row!.n;
}

describe('GET /admin/apartments', () => {
  it('lists the apartments of a housing company with every field and Content-Range', async () => {
    const res = await (await as('staff')).get(listUrl({ filter: { housingCompanyId: hcs['DEMO-2000'] } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('apartments 0-1/2');
    expect(res.json()[1]).toEqual({
      id: apts['DEMO-2000-B14'],
      housingCompanyId: hcs['DEMO-2000'],
      no: 'B 14',
      externalName: 'B 14',
      aptext: 'DEMO-2000-B14',
      apartmentNumber: '14',
      visibleApartmentNumber: 'B 14',
      floorNumber: 4,
      terrace: false,
      balcony: true,
      sauna: true,
      numberOfShares: 920,
      shareNumbers: '3326-4245',
      size: 92,
      rooms: 4,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('sorts, ranges and searches', async () => {
    const staff = await as('staff');
    const bySize = await staff.get(listUrl({ sort: ['size', 'DESC'], range: [0, 2] }));
    expect(nos(bySize)).toEqual(['B 14', 'A 2', 'C 1']);
    expect(bySize.headers['content-range']).toBe('apartments 0-2/6');
    expect(nos(await staff.get(listUrl({ filter: { q: 'demo-3000' } })))).toEqual(['C 1', 'C 2']);
    expect(nos(await staff.get(listUrl({ filter: { q: 'b 1' } })))).toEqual(['B 12', 'B 14']);
    expect(nos(await staff.get(listUrl({ filter: { id: [apts['DEMO-1000-A2']] } })))).toEqual(['A 2']);
    const bad = await staff.get(listUrl({ sort: ['secret', 'ASC'] }));
    expect(bad.statusCode).toBe(400);
  });

  it('shows managers the apartments of their housing companies only', async () => {
    expect(nos(await (await as('othermanager')).get(listUrl()))).toEqual(['C 1', 'C 2']);
    expect(nos(await (await as('manager')).get(listUrl()))).toEqual(['A 1', 'A 2', 'B 12', 'B 14']);
    const elsewhere = await (await as('othermanager')).get(
      listUrl({ filter: { housingCompanyId: hcs['DEMO-2000'] } }),
    );
    expect(elsewhere.json()).toEqual([]);
    expect(elsewhere.headers['content-range']).toBe('apartments 0-0/0');
  });

  it('refuses residents with 403', async () => {
    for (const who of ['owner', 'tenant', 'neighbour']) {
      expect((await (await as(who)).get(listUrl())).statusCode, who).toBe(403);
    }
  });
});

describe('GET /admin/apartments/:id', () => {
  it('answers an apartment in scope; 404 out of scope or unknown', async () => {
    const c1 = await (await as('othermanager')).get(`${BASE}/${apts['DEMO-3000-C1']}`);
    expect(c1.statusCode).toBe(200);
    expect(c1.json()).toMatchObject({ no: 'C 1', terrace: true, floorNumber: 0, size: 68, rooms: 3 });
    const b12 = await (await as('othermanager')).get(`${BASE}/${apts['DEMO-2000-B12']}`);
    expect(b12.statusCode).toBe(404);
    expect(b12.json()).toMatchObject({ code: 'IDN_APARTMENT_NOT_FOUND' });
    expect((await (await as('board')).get(`${BASE}/${apts['DEMO-1000-A1']}`)).statusCode).toBe(404);
    expect((await (await as('board')).get(`${BASE}/${apts['DEMO-2000-B12']}`)).statusCode).toBe(200);
    expect((await (await as('admin')).get(`${BASE}/${NOBODY}`)).statusCode).toBe(404);
    expect((await (await as('tenant')).get(`${BASE}/${apts['DEMO-2000-B14']}`)).statusCode).toBe(403);
  });
});

describe('POST /admin/apartments', () => {
  it('creates an apartment in a housing company and writes an event', async () => {
    const res = await (await as('project')).post(BASE, {
      housingCompanyId: hcs['DEMO-3000'],
      no: 'C 3',
      aptext: 'DEMO-3000-C3',
      apartmentNumber: '3',
      visibleApartmentNumber: 'C 3',
      floorNumber: 2,
      balcony: true,
      numberOfShares: 400,
      shareNumbers: '1191-1590',
      size: 40.5,
      rooms: 2,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      housingCompanyId: hcs['DEMO-3000'],
      no: 'C 3',
      externalName: null,
      terrace: false,
      sauna: false,
      balcony: true,
      size: 40.5,
    });
    expect((await (await as('othermanager')).get(`${BASE}/${created.id}`)).json()).toEqual(created);
    const rows = await t.identity.context.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, IDENTITY_EVENTS.apartmentChanged));
    expect(rows.map((r) => r.payload)).toContainEqual(
      expect.objectContaining({
        action: 'created',
        apartmentId: created.id,
        housingCompanyId: hcs['DEMO-3000'],
        aptext: 'DEMO-3000-C3',
      }),
    );
  });

  it('answers 409 for a taken aptext and 404 for an unknown housing company, storing nothing', async () => {
    const admin = await as('admin');
    const before = await apartmentCount();
    const taken = await admin.post(BASE, {
      housingCompanyId: hcs['DEMO-3000'],
      no: 'X',
      aptext: 'DEMO-2000-B12',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('IDN_APTEXT_IN_USE');
    const unknown = await admin.post(BASE, { housingCompanyId: NOBODY, no: 'X', aptext: 'X-1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('IDN_HOUSING_COMPANY_NOT_FOUND');
    expect(await apartmentCount()).toBe(before);
  });

  it('validates the fields, naming them', async () => {
    const admin = await as('admin');
    const before = await apartmentCount();
    const base = { housingCompanyId: hcs['DEMO-3000'], no: 'V 1', aptext: 'V-1' };
    const cases: [Record<string, unknown>, string][] = [
      [{ no: 'V 1', aptext: 'V-1' }, 'body.housingCompanyId'],
      [{ ...base, no: '' }, 'body.no'],
      [{ ...base, aptext: ' ' }, 'body.aptext'],
      [{ ...base, size: -1 }, 'body.size'],
      [{ ...base, rooms: 1.5 }, 'body.rooms'],
      [{ ...base, floorNumber: -1 }, 'body.floorNumber'],
      [{ ...base, numberOfShares: -5 }, 'body.numberOfShares'],
      [{ ...base, sauna: 'yes' }, 'body.sauna'],
      [{ ...base, colour: 'blue' }, 'body.colour'],
    ];
    for (const [payload, path] of cases) {
      const res = await admin.post(BASE, payload);
      expect(res.statusCode, path).toBe(400);
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        path,
      ).toContain(path);
    }
    expect(await apartmentCount()).toBe(before);
  });

  it('is for housing-company editors only', async () => {
    for (const who of ['staff', 'manager', 'othermanager', 'board', 'owner']) {
      const res = await (await as(who)).post(BASE, {
        housingCompanyId: hcs['DEMO-3000'],
        no: 'Z',
        aptext: 'Z-1',
      });
      expect(res.statusCode, who).toBe(403);
    }
  });
});

describe('PUT /admin/apartments/:id', () => {
  it('updates and clears fields, writing an event', async () => {
    const admin = await as('admin');
    const res = await admin.put(`${BASE}/${apts['DEMO-3000-C2']}`, {
      size: 52.5,
      rooms: 3,
      sauna: true,
      shareNumbers: null,
      visibleApartmentNumber: 'C2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      no: 'C 2',
      size: 52.5,
      rooms: 3,
      sauna: true,
      shareNumbers: null,
      visibleApartmentNumber: 'C2',
    });
    const rows = await t.identity.context.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, IDENTITY_EVENTS.apartmentChanged));
    const updated = rows.map((r) => r.payload as Record<string, unknown>).find((p) => p.action === 'updated');
    expect(updated).toMatchObject({ apartmentId: apts['DEMO-3000-C2'] });
    expect((updated!.changed as string[]).sort()).toEqual([
      'rooms',
      'sauna',
      'shareNumbers',
      'size',
      'visibleApartmentNumber',
    ]);
  });

  it('refuses moving to another company, a taken aptext and an unknown apartment', async () => {
    const admin = await as('admin');
    const url = `${BASE}/${apts['DEMO-3000-C2']}`;
    const move = await admin.put(url, { housingCompanyId: hcs['DEMO-2000'] });
    expect(move.statusCode).toBe(400);
    expect(move.json().errors[0]).toEqual({ path: 'body.housingCompanyId', message: 'Unknown field' });
    const taken = await admin.put(url, { aptext: 'DEMO-3000-C1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('IDN_APTEXT_IN_USE');
    expect((await admin.put(url, { aptext: 'DEMO-3000-C2' })).statusCode).toBe(200);
    expect((await admin.put(`${BASE}/${NOBODY}`, { size: 1 })).statusCode).toBe(404);
  });

  it('is for housing-company editors only', async () => {
    for (const who of ['staff', 'othermanager', 'neighbour']) {
      const res = await (await as(who)).put(`${BASE}/${apts['DEMO-3000-C1']}`, { size: 1 });
      expect(res.statusCode, who).toBe(403);
    }
  });
});
