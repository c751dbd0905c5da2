import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apartmentRoles,
  apartments,
  housingCompanies,
  housingCompanyRoles,
  outbox,
  scheduledRoleChanges,
  users,
} from '../db/schema.js';
import { IDENTITY_EVENTS } from '../domain/events.js';
import { loadMembership, todayIso } from '../domain/membership.js';
import { addDays } from '../domain/scheduled-changes.js';
import { apiClientAs, type IdentityTestApp, identityTestApp, loginAs } from '../testing/identity-app.js';

let t: IdentityTestApp;
let apts: Record<string, string>;
let hcs: Record<string, string>;
const NOBODY = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await identityTestApp();
  const db = t.identity.context.db;
  apts = Object.fromEntries((await db.select().from(apartments)).map((a) => [a.aptext, a.id]));
  hcs = Object.fromEntries((await db.select().from(housingCompanies)).map((h) => [h.hcExt, h.id]));
});
afterAll(() => t.close());

const as = (who: string) => apiClientAs(t.app, who);

async function userId(key: string) {
  const [row] = await t.identity.context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, key.includes('@') ? key : `${key}@demo.porta.test`));
  return row!.id;
}

async function newUser(email: string) {
  const res = await (await as('admin')).post('/api/identity/admin/users', {
    email,
    firstName: 'New',
    lastName: 'User',
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function events(subject: string) {
  const rows = await t.identity.context.db.select().from(outbox).where(eq(outbox.subject, subject));
  return rows.map((r) => r.payload as Record<string, unknown>);
}

/** The claims of an access token (not verified: the service issued it in this test). */
function claimsOf(accessToken: string) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    hcs: Record<string, string[]>;
    apts: Record<string, [string, string[]]>;
  };
}

const rolesUrl = (id: string) => `/api/identity/admin/users/${id}/apartment-roles`;
const hcRolesUrl = (id: string) => `/api/identity/admin/users/${id}/housing-company-roles`;

describe('apartment roles', () => {
  it('lists, adds and removes apartment roles with validity, publishing membership changes', async () => {
    const admin = await as('admin');
    const id = await newUser('resident@example.com');
    expect((await admin.get(rolesUrl(id))).json()).toEqual([]);
    const add = await admin.post(rolesUrl(id), {
      apartmentId: apts['DEMO-2000-B12'],
      role: 'owner',
      validFrom: '2026-01-01',
      validUntil: '2030-12-31',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({
      apartmentId: apts['DEMO-2000-B12'],
      apartmentNo: 'B 12',
      aptext: 'DEMO-2000-B12',
      housingCompanyId: hcs['DEMO-2000'],
      housingCompanyName: 'As Oy Demo Linden Court',
      housingCompanyState: 'living',
      role: 'owner',
      validFrom: '2026-01-01',
      validUntil: '2030-12-31',
    });
    const tenant = await admin.post(rolesUrl(id), { apartmentId: apts['DEMO-1000-A1'], role: 'tenant' });
    expect(tenant.statusCode).toBe(201);
    expect(tenant.json()).toMatchObject({
      housingCompanyState: 'construction',
      validFrom: null,
      validUntil: null,
    });
    // Posting the same role again replaces its validity.
    const again = await admin.post(rolesUrl(id), {
      apartmentId: apts['DEMO-2000-B12'],
      role: 'owner',
      validFrom: '2026-02-01',
    });
    expect(again.json()).toMatchObject({ validFrom: '2026-02-01', validUntil: null });
    const listed = (await admin.get(rolesUrl(id))).json();
    expect(listed.map((r: { aptext: string; role: string }) => `${r.aptext}/${r.role}`)).toEqual([
      'DEMO-1000-A1/tenant',
      'DEMO-2000-B12/owner',
    ]);
    expect((await admin.delete(`${rolesUrl(id)}/${apts['DEMO-2000-B12']}/owner`)).statusCode).toBe(204);
    expect((await admin.delete(`${rolesUrl(id)}/${apts['DEMO-1000-A1']}/tenant`)).statusCode).toBe(204);
    expect((await admin.get(rolesUrl(id))).json()).toEqual([]);
    const gone = await admin.delete(`${rolesUrl(id)}/${apts['DEMO-1000-A1']}/tenant`);
    expect(gone.statusCode).toBe(404);

    const changes = (await events(IDENTITY_EVENTS.membershipChanged)).filter((e) => e.userId === id);
    expect(changes.map((e) => `${e.role}:${e.change}`)).toEqual([
      'owner:added',
      'tenant:added',
      'owner:updated',
      'owner:removed',
      'tenant:removed',
    ]);
    expect(changes[2]).toMatchObject({
      housingCompanyId: hcs['DEMO-2000'],
      apartmentId: apts['DEMO-2000-B12'],
      validFrom: '2026-02-01',
      validUntil: null,
    });
  });

  it('validates apartment roles: dates, role, unknown apartment and user', async () => {
    const admin = await as('admin');
    const url = rolesUrl(await userId('tenant'));
    const b14 = apts['DEMO-2000-B14'];
    const order = await admin.post(url, {
      apartmentId: b14,
      role: 'familyMember',
      validFrom: '2026-05-02',
      validUntil: '2026-05-01',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual([
      { path: 'body.validUntil', message: 'The end must not be before the start' },
    ]);
    const format = await admin.post(url, { apartmentId: b14, role: 'familyMember', validFrom: '01.05.2026' });
    expect(format.json().errors[0].path).toBe('body.validFrom');
    const role = await admin.post(url, { apartmentId: b14, role: 'chairman' });
    expect(role.json().errors[0].path).toBe('body.role');
    const apt = await admin.post(url, { apartmentId: NOBODY, role: 'tenant' });
    expect(apt.statusCode).toBe(404);
    expect(apt.json().code).toBe('IDN_APARTMENT_NOT_FOUND');
    const user = await admin.post(rolesUrl(NOBODY), { apartmentId: b14, role: 'tenant' });
    expect(user.statusCode).toBe(404);
    expect(user.json().code).toBe('IDN_USER_NOT_FOUND');
    const roles = (await admin.get(url)).json();
    expect(roles.map((r: { role: string }) => r.role)).toEqual(['tenant']);
    const sameDay = await admin.post(url, {
      apartmentId: b14,
      role: 'familyMember',
      validFrom: '2026-05-01',
      validUntil: '2026-05-01',
    });
    expect(sameDay.statusCode).toBe(201);
    await admin.delete(`${url}/${b14}/familyMember`);
  });

  it('refuses to add or remove owners in a housing company in construction', async () => {
    const admin = await as('admin');
    const url = rolesUrl(await userId('owner'));
    const add = await admin.post(url, { apartmentId: apts['DEMO-1000-A2'], role: 'owner' });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toMatchObject({
      code: 'IDN_OWNERS_LOCKED_IN_CONSTRUCTION',
      title: 'Owners cannot be added or removed in the construction phase.',
    });
    const remove = await admin.delete(`${url}/${apts['DEMO-1000-A1']}/owner`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('IDN_OWNERS_LOCKED_IN_CONSTRUCTION');
    const roles = (await admin.get(url)).json();
    expect(roles.map((r: { aptext: string }) => r.aptext).sort()).toEqual(['DEMO-1000-A1', 'DEMO-2000-B12']);
    // Other apartment roles are not locked in construction.
    const tenant = await admin.post(url, { apartmentId: apts['DEMO-1000-A2'], role: 'tenant' });
    expect(tenant.statusCode).toBe(201);
    expect((await admin.delete(`${url}/${apts['DEMO-1000-A2']}/tenant`)).statusCode).toBe(204);
  });

  it('lets managers manage roles in their housing companies only; residents get 403', async () => {
    const manager = await as('manager');
    const tenantId = await userId('tenant');
    const mine = await manager.post(rolesUrl(tenantId), {
      apartmentId: apts['DEMO-2000-B12'],
      role: 'familyMember',
    });
    expect(mine.statusCode).toBe(201);
    expect(
      (await manager.delete(`${rolesUrl(tenantId)}/${apts['DEMO-2000-B12']}/familyMember`)).statusCode,
    ).toBe(204);
    // A user of another housing company, or an apartment there: 404.
    const otherUser = await manager.post(rolesUrl(await userId('neighbour')), {
      apartmentId: apts['DEMO-2000-B12'],
      role: 'tenant',
    });
    expect(otherUser.statusCode).toBe(404);
    expect(otherUser.json().code).toBe('IDN_USER_NOT_FOUND');
    const otherApt = await manager.post(rolesUrl(tenantId), {
      apartmentId: apts['DEMO-3000-C1'],
      role: 'tenant',
    });
    expect(otherApt.statusCode).toBe(404);
    expect(otherApt.json().code).toBe('IDN_APARTMENT_NOT_FOUND');
    const otherManager = await as('othermanager');
    expect((await otherManager.get(rolesUrl(tenantId))).statusCode).toBe(404);
    expect((await otherManager.get(`/api/identity/admin/users/${tenantId}/roles`)).statusCode).toBe(404);
    const removeElsewhere = await otherManager.delete(
      `${rolesUrl(tenantId)}/${apts['DEMO-2000-B14']}/tenant`,
    );
    expect(removeElsewhere.statusCode).toBe(404);
    // The other manager sees only the roles in their own company of a shared user.
    const neighbourId = await userId('neighbour');
    await (await as('admin')).post(rolesUrl(neighbourId), {
      apartmentId: apts['DEMO-2000-B12'],
      role: 'tenant',
    });
    const seen = (await otherManager.get(`/api/identity/admin/users/${neighbourId}/roles`)).json();
    expect(seen.apartments.map((r: { aptext: string }) => r.aptext)).toEqual(['DEMO-3000-C1']);
    const all = (await (await as('staff')).get(`/api/identity/admin/users/${neighbourId}/roles`)).json();
    expect(all.apartments.map((r: { aptext: string }) => r.aptext)).toEqual([
      'DEMO-3000-C1',
      'DEMO-2000-B12',
    ]);
    await (await as('admin')).delete(`${rolesUrl(neighbourId)}/${apts['DEMO-2000-B12']}/tenant`);

    for (const who of ['tenant', 'owner', 'partner']) {
      const c = await as(who);
      expect((await c.get(rolesUrl(tenantId))).statusCode, who).toBe(403);
      expect(
        (await c.post(rolesUrl(tenantId), { apartmentId: apts['DEMO-2000-B12'], role: 'tenant' })).statusCode,
      ).toBe(403);
    }
  });

  it('needs confirm=true to remove one’s own role, and then removes it for good', async () => {
    const board = await as('board');
    const boardId = await userId('board');
    const url = `${rolesUrl(boardId)}/${apts['DEMO-2000-B14']}/owner`;
    const unconfirmed = await board.delete(url);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().code).toBe('IDN_OWN_ROLE_CONFIRM_REQUIRED');
    expect((await board.delete(`${url}?confirm=false`)).statusCode).toBe(409);
    expect((await board.delete(`${url}?confirm=true`)).statusCode).toBe(204);
    const [row] = await t.identity.context.db
      .select()
      .from(apartmentRoles)
      .where(and(eq(apartmentRoles.userId, boardId), eq(apartmentRoles.apartmentId, apts['DEMO-2000-B14']!)));
    expect(row).toBeUndefined();
    expect((await board.delete(`${url}?confirm=maybe`)).statusCode).toBe(400);
    // Someone else's role needs no confirmation.
    const admin = await as('admin');
    await admin.post(rolesUrl(boardId), { apartmentId: apts['DEMO-2000-B14'], role: 'owner' });
    expect((await admin.delete(url)).statusCode).toBe(204);
    await admin.post(rolesUrl(boardId), { apartmentId: apts['DEMO-2000-B14'], role: 'owner' });
  });

  it('makes the next token refresh lose the housing company when the last role there is removed', async () => {
    const { accessToken, refreshToken } = await loginAs(t.app, 'tenant');
    const linden = hcs['DEMO-2000']!;
    expect(Object.keys(claimsOf(accessToken).hcs)).toContain(linden);
    const admin = await as('admin');
    const removed = await admin.delete(`${rolesUrl(await userId('tenant'))}/${apts['DEMO-2000-B14']}/tenant`);
    expect(removed.statusCode).toBe(204);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/identity/token/refresh',
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(200);
    const claims = claimsOf(refresh.json().accessToken);
    expect(Object.keys(claims.hcs)).not.toContain(linden);
    expect(Object.keys(claims.apts)).not.toContain(apts['DEMO-2000-B14']);
    await admin.post(rolesUrl(await userId('tenant')), {
      apartmentId: apts['DEMO-2000-B14'],
      role: 'tenant',
    });
  });
});

describe('housing-company roles', () => {
  it('adds roles with validity, lists them with every role of the user, and removes them', async () => {
    const admin = await as('admin');
    const id = await newUser('hc.roles@example.com');
    const add = await admin.post(hcRolesUrl(id), {
      housingCompanyId: hcs['DEMO-2000'],
      role: 'chairman',
      validFrom: '2026-01-01',
      validUntil: '2027-12-31',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({
      housingCompanyId: hcs['DEMO-2000'],
      housingCompanyName: 'As Oy Demo Linden Court',
      housingCompanyState: 'living',
      role: 'chairman',
      validFrom: '2026-01-01',
      validUntil: '2027-12-31',
    });
    await admin.post(rolesUrl(id), {
      apartmentId: apts['DEMO-2000-B12'],
      role: 'tenant',
      validUntil: '2020-01-31',
    });
    await admin.put(`/api/identity/admin/users/${id}/global-roles`, { roles: ['yitMarketing'] });
    const roles = await admin.get(`/api/identity/admin/users/${id}/roles`);
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toEqual({
      global: ['yitMarketing'],
      housingCompanies: [add.json()],
      apartments: [
        expect.objectContaining({ aptext: 'DEMO-2000-B12', role: 'tenant', validUntil: '2020-01-31' }),
      ],
      scheduledChanges: [],
    });
    const order = await admin.post(hcRolesUrl(id), {
      housingCompanyId: hcs['DEMO-2000'],
      role: 'boardMember',
      validFrom: '2026-01-02',
      validUntil: '2026-01-01',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual([
      { path: 'body.validUntil', message: 'The end must not be before the start' },
    ]);
    const bad = await admin.post(hcRolesUrl(id), { housingCompanyId: hcs['DEMO-2000'], role: 'owner' });
    expect(bad.json().errors[0].path).toBe('body.role');
    const unknown = await admin.post(hcRolesUrl(id), { housingCompanyId: NOBODY, role: 'chairman' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('IDN_HOUSING_COMPANY_NOT_FOUND');
    const del = await admin.delete(`${hcRolesUrl(id)}/${hcs['DEMO-2000']}/chairman`);
    expect(del.statusCode).toBe(204);
    expect((await admin.get(`/api/identity/admin/users/${id}/roles`)).json().housingCompanies).toEqual([]);
    expect((await admin.delete(`${hcRolesUrl(id)}/${hcs['DEMO-2000']}/chairman`)).statusCode).toBe(404);
    const changes = (await events(IDENTITY_EVENTS.membershipChanged)).filter(
      (e) => e.userId === id && e.role === 'chairman',
    );
    expect(changes).toEqual([
      expect.objectContaining({ apartmentId: null, change: 'added', validFrom: '2026-01-01' }),
      expect.objectContaining({ apartmentId: null, change: 'removed' }),
    ]);
  });

  it('lets a manager grant board roles in their own companies but not manager roles', async () => {
    const manager = await as('manager');
    const tenantId = await userId('tenant');
    const board = await manager.post(hcRolesUrl(tenantId), {
      housingCompanyId: hcs['DEMO-2000'],
      role: 'boardMember',
    });
    expect(board.statusCode).toBe(201);
    for (const role of ['propertyManager', 'userManager', 'siteAdministrator']) {
      const res = await manager.post(hcRolesUrl(tenantId), { housingCompanyId: hcs['DEMO-2000'], role });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('IDN_ROLE_NOT_PERMITTED');
    }
    const elsewhere = await manager.post(hcRolesUrl(tenantId), {
      housingCompanyId: hcs['DEMO-3000'],
      role: 'boardMember',
    });
    expect(elsewhere.statusCode).toBe(404);
    // The demo manager cannot remove another property manager's role either.
    const admin = await as('admin');
    await admin.post(hcRolesUrl(tenantId), {
      housingCompanyId: hcs['DEMO-2000'],
      role: 'maintenanceManager',
    });
    const removePm = await manager.delete(`${hcRolesUrl(tenantId)}/${hcs['DEMO-2000']}/maintenanceManager`);
    expect(removePm.statusCode).toBe(403);
    expect(
      (await admin.delete(`${hcRolesUrl(tenantId)}/${hcs['DEMO-2000']}/maintenanceManager`)).statusCode,
    ).toBe(204);
    expect((await manager.delete(`${hcRolesUrl(tenantId)}/${hcs['DEMO-2000']}/boardMember`)).statusCode).toBe(
      204,
    );
  });

  it('never removes siteAdministrator here, and needs confirm for one’s own role', async () => {
    const admin = await as('admin');
    const tenantId = await userId('tenant');
    await t.identity.context.db
      .insert(housingCompanyRoles)
      .values({ userId: tenantId, housingCompanyId: hcs['DEMO-2000']!, role: 'siteAdministrator' });
    const res = await admin.delete(
      `${hcRolesUrl(tenantId)}/${hcs['DEMO-2000']}/siteAdministrator?confirm=true`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IDN_ROLE_NOT_REMOVABLE');
    await t.identity.context.db
      .delete(housingCompanyRoles)
      .where(eq(housingCompanyRoles.role, 'siteAdministrator'));

    const board = await as('board');
    const boardId = await userId('board');
    const url = `${hcRolesUrl(boardId)}/${hcs['DEMO-2000']}/boardMember`;
    const own = await board.delete(url);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('IDN_OWN_ROLE_CONFIRM_REQUIRED');
    expect((await board.delete(`${url}?confirm=true`)).statusCode).toBe(204);
    await admin.post(hcRolesUrl(boardId), { housingCompanyId: hcs['DEMO-2000'], role: 'boardMember' });
  });
});

describe('global roles', () => {
  it('lets admin replace global roles; others get 403; only global roles are accepted', async () => {
    const id = await newUser('global.roles@example.com');
    const url = `/api/identity/admin/users/${id}/global-roles`;
    const admin = await as('admin');
    const ok = await admin.put(url, { roles: ['yitProject', 'contributor'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().roles).toEqual(['yitProject', 'contributor']);
    expect((await admin.put(url, { roles: ['owner'] })).json().errors[0].path).toBe('body.roles.0');
    expect((await admin.put(url, { roles: ['yitUser', 'yitUser'] })).statusCode).toBe(400);
    expect(
      (await admin.put(`/api/identity/admin/users/${NOBODY}/global-roles`, { roles: [] })).statusCode,
    ).toBe(404);
    for (const who of ['staff', 'manager', 'tenant']) {
      expect((await (await as(who)).put(url, { roles: [] })).statusCode, who).toBe(403);
    }
    expect((await admin.get(`/api/identity/admin/users/${id}/roles`)).json().global).toEqual([
      'yitProject',
      'contributor',
    ]);
  });
});

describe('residents of an apartment', () => {
  const residentsUrl = (aptext: string) => `/api/identity/admin/apartments/${apts[aptext]}/residents`;

  it('lists each resident’s role in the apartment with its validity and standing today', async () => {
    const admin = await as('admin');
    const res = await admin.get(residentsUrl('DEMO-2000-B14'));
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { email: string; role: string; standing: string }[];
    expect(rows.map((r) => [r.email, r.role, r.standing])).toEqual(
      expect.arrayContaining([
        ['board@demo.porta.test', 'owner', 'current'],
        ['tenant@demo.porta.test', 'tenant', 'current'],
      ]),
    );
    const future = addDays(todayIso(), 30);
    const ended = addDays(todayIso(), -30);
    const db = t.identity.context.db;
    const buyer = await newUser('future-resident@example.com');
    const leaver = await newUser('past-resident@example.com');
    await db.insert(apartmentRoles).values([
      { userId: buyer, apartmentId: apts['DEMO-2000-B14']!, role: 'familyMember', validFrom: future },
      { userId: leaver, apartmentId: apts['DEMO-2000-B14']!, role: 'tenant', validUntil: ended },
    ]);
    const after = (await admin.get(residentsUrl('DEMO-2000-B14'))).json() as typeof rows;
    expect(after.map((r) => r.standing)).toEqual(['current', 'current', 'future', 'ended']);
    expect(after.find((r) => r.email === 'future-resident@example.com')).toMatchObject({
      role: 'familyMember',
      standing: 'future',
      validFrom: future,
    });
    expect(after.find((r) => r.email === 'past-resident@example.com')).toMatchObject({
      standing: 'ended',
      validUntil: ended,
    });
  });

  it('answers 404 to a manager of another housing company and 403 to a resident', async () => {
    expect((await (await as('othermanager')).get(residentsUrl('DEMO-2000-B14'))).statusCode).toBe(404);
    expect((await (await as('manager')).get(residentsUrl('DEMO-2000-B14'))).statusCode).toBe(200);
    expect((await (await as('tenant')).get(residentsUrl('DEMO-2000-B14'))).statusCode).toBe(403);
  });
});

describe('scheduled role and ownership changes', () => {
  const changesUrl = (aptext: string) => `/api/identity/admin/apartments/${apts[aptext]}/scheduled-changes`;

  it('ends the seller’s ownership the day before and starts the buyer’s on the date; removal reverts', async () => {
    const admin = await as('admin');
    const sellerId = await userId('owner');
    const buyerId = await newUser('buyer@example.com');
    const today = todayIso();
    const tomorrow = addDays(today, 1);
    const res = await admin.post(changesUrl('DEMO-2000-B12'), {
      role: 'owner',
      startDate: tomorrow,
      addUserIds: [buyerId],
      removeUserIds: [sellerId],
    });
    expect(res.statusCode).toBe(201);
    const change = res.json();
    expect(change).toMatchObject({
      apartmentId: apts['DEMO-2000-B12'],
      aptext: 'DEMO-2000-B12',
      housingCompanyId: hcs['DEMO-2000'],
      role: 'owner',
      startDate: tomorrow,
      addUserIds: [buyerId],
      removeUserIds: [sellerId],
      pending: true,
    });

    // Today the seller still has the apartment (also in /me) and the buyer does not.
    const me = (await (await as('owner')).get('/api/identity/me')).json();
    const linden = me.hcs.find((hc: { id: string }) => hc.id === hcs['DEMO-2000']);
    expect(linden.apts.map((a: { no: string }) => a.no)).toEqual(['B 12']);
    const buyerToday = await loadMembership(t.identity.context.database, buyerId);
    expect(buyerToday.housingCompanies).toEqual([]);

    // From the start date on, the seller no longer has it and the buyer does.
    const onTheDay = new Date(Date.parse(`${tomorrow}T12:00:00Z`));
    const seller = await loadMembership(t.identity.context.database, sellerId, onTheDay);
    expect(seller.housingCompanies.map((hc) => hc.id)).not.toContain(hcs['DEMO-2000']);
    const buyer = await loadMembership(t.identity.context.database, buyerId, onTheDay);
    expect(buyer.housingCompanies).toEqual([
      expect.objectContaining({
        id: hcs['DEMO-2000'],
        apts: [expect.objectContaining({ no: 'B 12', roles: ['owner'] })],
      }),
    ]);

    // The validity is visible to staff, with the pending change on both users.
    const sellerRoles = (await admin.get(`/api/identity/admin/users/${sellerId}/roles`)).json();
    expect(sellerRoles.apartments).toContainEqual(
      expect.objectContaining({ aptext: 'DEMO-2000-B12', role: 'owner', validUntil: today }),
    );
    expect(sellerRoles.scheduledChanges).toEqual([change]);
    const buyerRoles = (await admin.get(`/api/identity/admin/users/${buyerId}/roles`)).json();
    expect(buyerRoles.apartments).toEqual([
      expect.objectContaining({
        aptext: 'DEMO-2000-B12',
        role: 'owner',
        validFrom: tomorrow,
        validUntil: null,
      }),
    ]);
    expect(buyerRoles.scheduledChanges).toEqual([change]);
    expect((await admin.get(changesUrl('DEMO-2000-B12'))).json()).toEqual([change]);
    const published = (await events(IDENTITY_EVENTS.membershipChanged)).filter(
      (e) => e.scheduledChangeId === change.id,
    );
    expect(published).toEqual([
      expect.objectContaining({ userId: sellerId, change: 'updated', validUntil: today, role: 'owner' }),
      expect.objectContaining({ userId: buyerId, change: 'added', validFrom: tomorrow }),
    ]);

    // Removing the pending change reverts it.
    const del = await admin.delete(`/api/identity/admin/scheduled-changes/${change.id}`);
    expect(del.statusCode).toBe(204);
    expect((await loadMembership(t.identity.context.database, buyerId, onTheDay)).housingCompanies).toEqual(
      [],
    );
    const sellerLater = await loadMembership(t.identity.context.database, sellerId, onTheDay);
    expect(sellerLater.housingCompanies.map((hc) => hc.id)).toContain(hcs['DEMO-2000']);
    expect((await admin.get(`/api/identity/admin/users/${sellerId}/roles`)).json().apartments).toContainEqual(
      expect.objectContaining({ aptext: 'DEMO-2000-B12', role: 'owner', validUntil: null }),
    );
    expect((await admin.get(changesUrl('DEMO-2000-B12'))).json()).toEqual([]);
    expect((await admin.delete(`/api/identity/admin/scheduled-changes/${change.id}`)).statusCode).toBe(404);
  });

  it('gives back the earlier validity when a pending change is removed', async () => {
    const admin = await as('admin');
    const sellerId = await newUser('seller.until@example.com');
    const formerId = await newUser('former.owner@example.com');
    const today = todayIso();
    const inTwoYears = addDays(today, 730);
    const lastMonth = addDays(today, -30);
    // The seller's ownership already has an end date; the buyer owned the apartment before.
    expect(
      (
        await admin.post(`/api/identity/admin/users/${sellerId}/apartment-roles`, {
          apartmentId: apts['DEMO-2000-B14'],
          role: 'owner',
          validUntil: inTwoYears,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await admin.post(`/api/identity/admin/users/${formerId}/apartment-roles`, {
          apartmentId: apts['DEMO-2000-B14'],
          role: 'owner',
          validFrom: addDays(today, -400),
          validUntil: lastMonth,
        })
      ).statusCode,
    ).toBe(201);
    const startDate = addDays(today, 10);
    const res = await admin.post(changesUrl('DEMO-2000-B14'), {
      role: 'owner',
      startDate,
      addUserIds: [formerId],
      removeUserIds: [sellerId],
    });
    expect(res.statusCode).toBe(201);
    const roleOf = async (id: string) =>
      (
        (await admin.get(`/api/identity/admin/users/${id}/roles`)).json().apartments as {
          aptext: string;
          validFrom: string | null;
          validUntil: string | null;
        }[]
      ).find((r) => r.aptext === 'DEMO-2000-B14');
    expect(await roleOf(sellerId)).toMatchObject({ validUntil: addDays(startDate, -1) });
    expect(await roleOf(formerId)).toMatchObject({ validFrom: startDate, validUntil: null });

    expect((await admin.delete(`/api/identity/admin/scheduled-changes/${res.json().id}`)).statusCode).toBe(
      204,
    );
    expect(await roleOf(sellerId)).toMatchObject({ validUntil: inTwoYears });
    expect(await roleOf(formerId)).toMatchObject({ validFrom: addDays(today, -400), validUntil: lastMonth });
  });

  it('applies a change without a date at once; it cannot be removed after it started', async () => {
    const admin = await as('admin');
    const memberId = await newUser('family@example.com');
    const res = await admin.post(changesUrl('DEMO-2000-B14'), {
      role: 'familyMember',
      startDate: null,
      addUserIds: [memberId],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ startDate: todayIso(), pending: false });
    const membership = await loadMembership(t.identity.context.database, memberId);
    expect(membership.housingCompanies.map((hc) => hc.id)).toEqual([hcs['DEMO-2000']]);
    const del = await admin.delete(`/api/identity/admin/scheduled-changes/${res.json().id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('IDN_SCHEDULED_CHANGE_STARTED');
    // A role that only began today cannot end yesterday.
    const sameDay = await admin.post(changesUrl('DEMO-2000-B14'), {
      role: 'familyMember',
      startDate: todayIso(),
      removeUserIds: [memberId],
    });
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.json().errors).toEqual([
      { path: 'body.removeUserIds.0', message: 'The role begins only after the start date' },
    ]);
    // Removing with today's date ends an older role yesterday: the user loses the apartment now.
    await admin.post(rolesUrl(memberId), {
      apartmentId: apts['DEMO-2000-B14'],
      role: 'familyMember',
      validFrom: '2025-01-01',
    });
    const out = await admin.post(changesUrl('DEMO-2000-B14'), {
      role: 'familyMember',
      startDate: todayIso(),
      removeUserIds: [memberId],
    });
    expect(out.statusCode).toBe(201);
    expect((await loadMembership(t.identity.context.database, memberId)).housingCompanies).toEqual([]);
    const roles = (await admin.get(`/api/identity/admin/users/${memberId}/roles`)).json();
    expect(roles.apartments).toEqual([
      expect.objectContaining({ validFrom: '2025-01-01', validUntil: addDays(todayIso(), -1) }),
    ]);
    expect(roles.scheduledChanges).toEqual([]);
  });

  it('refuses a start date in the past, owners in construction and inconsistent users', async () => {
    const admin = await as('admin');
    const ownerId = await userId('owner');
    const tenantId = await userId('tenant');
    const before = await db().select().from(scheduledRoleChanges);
    const past = await admin.post(changesUrl('DEMO-2000-B12'), {
      role: 'owner',
      startDate: addDays(todayIso(), -1),
      removeUserIds: [ownerId],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'IDN_SCHEDULED_CHANGE_IN_PAST' });
    const construction = await admin.post(changesUrl('DEMO-1000-A1'), {
      role: 'owner',
      startDate: addDays(todayIso(), 10),
      removeUserIds: [ownerId],
    });
    expect(construction.statusCode).toBe(409);
    expect(construction.json().code).toBe('IDN_OWNERS_LOCKED_IN_CONSTRUCTION');
    const notHolding = await admin.post(changesUrl('DEMO-2000-B12'), {
      role: 'owner',
      startDate: null,
      removeUserIds: [tenantId],
      addUserIds: [ownerId],
    });
    expect(notHolding.statusCode).toBe(400);
    expect(notHolding.json().errors).toEqual([
      { path: 'body.removeUserIds.0', message: 'The user does not have this role in the apartment' },
      { path: 'body.addUserIds.0', message: 'The user already has this role in the apartment' },
    ]);
    const empty = await admin.post(changesUrl('DEMO-2000-B12'), { role: 'owner', startDate: null });
    expect(empty.json().errors[0].path).toBe('body.addUserIds');
    const both = await admin.post(changesUrl('DEMO-2000-B12'), {
      role: 'tenant',
      startDate: null,
      addUserIds: [tenantId],
      removeUserIds: [tenantId],
    });
    expect(both.json().errors[0].path).toBe('body.removeUserIds');
    const unknownUser = await admin.post(changesUrl('DEMO-2000-B12'), {
      role: 'tenant',
      startDate: null,
      addUserIds: [NOBODY],
    });
    expect(unknownUser.statusCode).toBe(404);
    const unknownApt = await admin.post(`/api/identity/admin/apartments/${NOBODY}/scheduled-changes`, {
      role: 'tenant',
      startDate: null,
      addUserIds: [tenantId],
    });
    expect(unknownApt.statusCode).toBe(404);
    expect(await db().select().from(scheduledRoleChanges)).toEqual(before);
    const roles = (await admin.get(`/api/identity/admin/users/${ownerId}/roles`)).json();
    expect(roles.apartments.every((r: { validUntil: string | null }) => r.validUntil === null)).toBe(true);
  });

  it('keeps scheduled changes within the manager’s housing companies', async () => {
    const otherManager = await as('othermanager');
    const tenantId = await userId('tenant');
    const res = await otherManager.post(changesUrl('DEMO-2000-B14'), {
      role: 'tenant',
      startDate: null,
      removeUserIds: [tenantId],
    });
    expect(res.statusCode).toBe(404);
    expect((await otherManager.get(changesUrl('DEMO-2000-B14'))).statusCode).toBe(404);
    // The demo manager may not add a user of another company to their apartment.
    const manager = await as('manager');
    const outsider = await manager.post(changesUrl('DEMO-2000-B14'), {
      role: 'familyMember',
      startDate: addDays(todayIso(), 3),
      addUserIds: [await userId('neighbour')],
    });
    expect(outsider.statusCode).toBe(404);
    const pending = await manager.post(changesUrl('DEMO-2000-B14'), {
      role: 'familyMember',
      startDate: addDays(todayIso(), 3),
      addUserIds: [await userId('owner')],
    });
    expect(pending.statusCode).toBe(201);
    const foreignDelete = await otherManager.delete(
      `/api/identity/admin/scheduled-changes/${pending.json().id}`,
    );
    expect(foreignDelete.statusCode).toBe(404);
    expect(
      (await manager.delete(`/api/identity/admin/scheduled-changes/${pending.json().id}`)).statusCode,
    ).toBe(204);
    const tenant = await as('tenant');
    expect((await tenant.get(changesUrl('DEMO-2000-B14'))).statusCode).toBe(403);
  });

  it('gives an added user the role from the start date on, not before', async () => {
    const admin = await as('admin');
    const id = await newUser('later@example.com');
    const start = addDays(todayIso(), 2);
    const res = await admin.post(changesUrl('DEMO-2000-B12'), {
      role: 'tenant',
      startDate: start,
      addUserIds: [id],
    });
    expect(res.json().pending).toBe(true);
    const inThreeDays = new Date(Date.now() + 3 * DAY);
    expect(
      (await loadMembership(t.identity.context.database, id, inThreeDays)).housingCompanies,
    ).toHaveLength(1);
    expect((await loadMembership(t.identity.context.database, id)).housingCompanies).toHaveLength(0);
  });
});

function db() {
  return t.identity.context.db;
}

describe('granting oneself a role', () => {
  const ownGrant = { code: 'IDN_OWN_ROLE_NOT_GRANTABLE', title: 'You cannot grant a role to yourself.' };

  it('refuses a user manager a role of their own with 403, storing nothing; another manager may grant it', async () => {
    const store = t.identity.context.db;
    const manager = await as('manager');
    const managerId = await userId('manager');
    const apartmentRole = { apartmentId: apts['DEMO-2000-B12'], role: 'familyMember' };
    const own = await manager.post(rolesUrl(managerId), apartmentRole);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject(ownGrant);
    const board = await manager.post(hcRolesUrl(managerId), {
      housingCompanyId: hcs['DEMO-2000'],
      role: 'boardMember',
    });
    expect(board.statusCode).toBe(403);
    expect(board.json()).toMatchObject(ownGrant);
    const scheduled = await manager.post(
      `/api/identity/admin/apartments/${apts['DEMO-2000-B12']}/scheduled-changes`,
      {
        role: 'familyMember',
        startDate: null,
        addUserIds: [managerId],
      },
    );
    expect(scheduled.statusCode).toBe(403);
    expect(scheduled.json()).toMatchObject(ownGrant);
    const stored = await store
      .select()
      .from(apartmentRoles)
      .where(
        and(eq(apartmentRoles.userId, managerId), eq(apartmentRoles.apartmentId, apts['DEMO-2000-B12']!)),
      );
    expect(stored).toEqual([]);
    const boardRows = await store
      .select()
      .from(housingCompanyRoles)
      .where(and(eq(housingCompanyRoles.userId, managerId), eq(housingCompanyRoles.role, 'boardMember')));
    expect(boardRows).toEqual([]);

    // Another user manager grants it, and the manager may still give up a role of their own.
    const admin = await as('admin');
    expect((await admin.post(rolesUrl(managerId), apartmentRole)).statusCode).toBe(201);
    const giveUp = await manager.delete(
      `${rolesUrl(managerId)}/${apts['DEMO-2000-B12']}/familyMember?confirm=true`,
    );
    expect(giveUp.statusCode).toBe(204);
  });

  it('refuses a board member a longer validity of their own role', async () => {
    const board = await as('board');
    const boardId = await userId('board');
    const longer = await board.post(hcRolesUrl(boardId), {
      housingCompanyId: hcs['DEMO-2000'],
      role: 'boardMember',
      validUntil: '2099-12-31',
    });
    expect(longer.statusCode).toBe(403);
    expect(longer.json()).toMatchObject(ownGrant);
  });

  it('lets admin remove but not add global roles of their own', async () => {
    const admin = await as('admin');
    const adminId = await userId('admin');
    const url = `/api/identity/admin/users/${adminId}/global-roles`;
    const held = (await admin.get(`/api/identity/admin/users/${adminId}/roles`)).json().global as string[];
    const more = await admin.put(url, { roles: [...held, 'yitMarketing'] });
    expect(more.statusCode).toBe(403);
    expect(more.json()).toMatchObject(ownGrant);
    expect((await admin.put(url, { roles: held })).statusCode).toBe(200);
    expect((await admin.get(`/api/identity/admin/users/${adminId}/roles`)).json().global).toEqual(held);
  });
});
