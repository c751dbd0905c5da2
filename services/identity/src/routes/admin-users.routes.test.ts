import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apartmentRoles,
  apartments,
  housingCompanies,
  housingCompanyRoles,
  outbox,
  scheduledRoleChanges,
  sessions,
  signatures,
  users,
} from '../db/schema.js';
import { IDENTITY_EVENTS } from '../domain/events.js';
import {
  addTestUser,
  apiClientAs,
  type IdentityTestApp,
  identityTestApp,
  loginAs,
} from '../testing/identity-app.js';

let t: IdentityTestApp;
/** Apartment ids by aptext; housing company ids by hcExt. */
let apts: Record<string, string>;
let hcs: Record<string, string>;

beforeAll(async () => {
  t = await identityTestApp();
  const db = t.identity.context.db;
  apts = Object.fromEntries((await db.select().from(apartments)).map((a) => [a.aptext, a.id]));
  hcs = Object.fromEntries((await db.select().from(housingCompanies)).map((h) => [h.hcExt, h.id]));
});
afterAll(() => t.close());

const NOBODY = '00000000-0000-4000-8000-000000000000';

const as = (who: string) => apiClientAs(t.app, who);

function listUrl(query: Record<string, unknown> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString();
  return `/api/identity/admin/users${qs ? `?${qs}` : ''}`;
}

async function list(who: string, query: Record<string, unknown> = {}) {
  return (await as(who)).get(listUrl(query));
}

const emails = (res: { json(): unknown }) =>
  (res.json() as { email: string }[]).map((u) => u.email.replace('@demo.porta.test', '')).sort();

async function userId(key: string) {
  const [row] = await t.identity.context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `${key}@demo.porta.test`));
  return row!.id;
}

async function userCount() {
  const [row] = await t.identity.context.db.select({ n: count() }).from(users);
  return row!.n;
}

async function events(subject: string) {
  const rows = await t.identity.context.db.select().from(outbox).where(eq(outbox.subject, subject));
  return rows.map((r) => r.payload as Record<string, unknown>);
}

describe('GET /api/identity/admin/users (react-admin list convention)', () => {
  it('lists users with Content-Range, sorted and ranged', async () => {
    const res = await list('staff', { sort: ['email', 'DESC'], range: [0, 2] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('users 0-2/10');
    expect(res.json().map((u: { email: string }) => u.email)).toEqual([
      'tenant@demo.porta.test',
      'staff@demo.porta.test',
      'partner@demo.porta.test',
    ]);
    const next = await list('staff', { sort: ['email', 'DESC'], range: [3, 5] });
    expect(next.headers['content-range']).toBe('users 3-5/10');
    expect(next.json()[0].email).toBe('owner@demo.porta.test');
  });

  it('filters by free text, global role and enabled, and by id for getMany', async () => {
    const q = await list('admin', { filter: { q: 'olivia' } });
    expect(emails(q)).toEqual(['owner']);
    expect(q.headers['content-range']).toBe('users 0-0/1');
    expect(emails(await list('admin', { filter: { role: 'partner' } }))).toEqual(['partner']);
    const disabled = await list('admin', { filter: { enabled: false } });
    expect(disabled.json()).toEqual([]);
    expect(disabled.headers['content-range']).toBe('users 0-0/0');
    const ids = [await userId('owner'), await userId('tenant')];
    expect(emails(await list('admin', { filter: { id: ids } }))).toEqual(['owner', 'tenant']);
  });

  it('filters by housing-company and apartment roles, housing company and apartment', async () => {
    const linden = hcs['DEMO-2000'];
    expect(emails(await list('admin', { filter: { role: 'owner' } }))).toEqual([
      'board',
      'neighbour',
      'owner',
    ]);
    expect(emails(await list('admin', { filter: { role: 'propertyManager' } }))).toEqual([
      'manager',
      'othermanager',
    ]);
    expect(emails(await list('admin', { filter: { housingCompanyId: linden } }))).toEqual([
      'board',
      'manager',
      'owner',
      'staff', // the project role of Linden Court
      'tenant',
    ]);
    expect(emails(await list('admin', { filter: { apartmentId: apts['DEMO-2000-B14'] } }))).toEqual([
      'board',
      'tenant',
    ]);
    expect(
      emails(await list('admin', { filter: { housingCompanyId: hcs['DEMO-1000'], role: 'owner' } })),
    ).toEqual(['owner']);
    expect(
      emails(await list('admin', { filter: { apartmentId: apts['DEMO-2000-B14'], role: 'owner' } })),
    ).toEqual(['board']);
    // A role that has ended no longer counts; one that starts later does.
    await t.identity.context.db
      .update(apartmentRoles)
      .set({ validUntil: '2020-12-31' })
      .where(eq(apartmentRoles.userId, await userId('tenant')));
    expect(emails(await list('admin', { filter: { role: 'tenant' } }))).toEqual([]);
    await t.identity.context.db
      .update(apartmentRoles)
      .set({ validFrom: '2999-01-01', validUntil: null })
      .where(eq(apartmentRoles.userId, await userId('tenant')));
    expect(emails(await list('admin', { filter: { role: 'tenant' } }))).toEqual(['tenant']);
    await t.identity.context.db
      .update(apartmentRoles)
      .set({ validFrom: null })
      .where(eq(apartmentRoles.userId, await userId('tenant')));
  });

  it('treats LIKE wildcards in the search as text', async () => {
    expect((await list('admin', { filter: { q: '%' } })).json()).toEqual([]);
  });

  it('shows managers and board members only the users of their housing companies', async () => {
    const manager = await list('manager');
    expect(manager.statusCode).toBe(200);
    expect(emails(manager)).toEqual(['board', 'manager', 'owner', 'tenant']);
    expect(manager.headers['content-range']).toBe('users 0-3/4');
    // The board member of Linden Court: its residents and manager (the owner owns B 12 there).
    expect(emails(await list('board'))).toEqual(['board', 'manager', 'owner', 'tenant']);
    expect(emails(await list('othermanager'))).toEqual(['neighbour', 'othermanager']);
    // Filters narrow within the scope, never beyond it.
    const ids = [await userId('neighbour'), await userId('tenant')];
    expect(emails(await list('manager', { filter: { id: ids } }))).toEqual(['tenant']);
    expect((await list('manager', { filter: { housingCompanyId: hcs['DEMO-3000'] } })).json()).toEqual([]);
  });

  it('refuses residents and partners with 403', async () => {
    for (const who of ['owner', 'tenant', 'partner']) {
      const res = await list(who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await t.app.inject({ method: 'GET', url: listUrl() })).statusCode).toBe(401);
  });

  it('rejects bad list parameters naming them', async () => {
    const sort = await list('admin', { sort: ['passwordHash', 'ASC'] });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors[0].path).toMatch(/^querystring\.sort/);
    const filter = await list('admin', { filter: { password: 'x' } });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors[0].path).toBe('querystring.filter.password');
    const range = await list('admin', { range: [5, 1] });
    expect(range.statusCode).toBe(400);
    const hc = await list('admin', { filter: { housingCompanyId: 'x' } });
    expect(hc.json().errors[0].path).toBe('querystring.filter.housingCompanyId');
  });

  it('shows one user; 404 for an unknown id and for a user out of the caller’s scope', async () => {
    const staff = await as('staff');
    const [first] = (await list('staff', { range: [0, 0] })).json();
    const one = await staff.get(`/api/identity/admin/users/${first.id}`);
    expect(one.json()).toEqual(first);
    expect(one.json().passwordHash).toBeUndefined();
    const missing = await staff.get(`/api/identity/admin/users/${NOBODY}`);
    expect(missing.statusCode).toBe(404);
    const manager = await as('manager');
    expect((await manager.get(`/api/identity/admin/users/${await userId('tenant')}`)).statusCode).toBe(200);
    const other = await manager.get(`/api/identity/admin/users/${await userId('neighbour')}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('IDN_USER_NOT_FOUND');
    const staffMember = await manager.get(`/api/identity/admin/users/${await userId('staff')}`);
    expect(staffMember.statusCode).toBe(404);
    const tenant = await as('tenant');
    expect((await tenant.get(`/api/identity/admin/users/${await userId('owner')}`)).statusCode).toBe(403);
  });
});

describe('creating users', () => {
  const create = async (who: string, payload: Record<string, unknown>) =>
    (await as(who)).post('/api/identity/admin/users', payload);

  it('creates a user with a trimmed, lower-cased e-mail and publishes identity.user.created', async () => {
    const res = await create('admin', {
      email: '  New.Person@Example.COM ',
      firstName: 'New',
      lastName: 'Person',
      phone: '+358 40 123 4567',
      locale: 'fi_FI',
      externalId: 'CRM-1',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      firstName: 'New',
      lastName: 'Person',
      phone: '+358 40 123 4567',
      locale: 'fi_FI',
      externalId: 'CRM-1',
      publicProfile: false,
      registered: false,
      enabled: true,
      roles: [],
      source: 'admin',
      lastLoginAt: null,
    });
    expect(user.passwordHash).toBeUndefined();
    const found = await list('admin', { filter: { q: 'new.person' } });
    expect(found.json()).toEqual([user]);
    expect(await events(IDENTITY_EVENTS.userCreated)).toContainEqual(
      expect.objectContaining({ userId: user.id, email: 'new.person@example.com', externalId: 'CRM-1' }),
    );
    // No password yet: the user cannot sign in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: 'new.person@example.com', password: 'Demo-Portal-2026' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('validates the new user: e-mail pattern, required names, length, locale; nothing stored', async () => {
    const before = await userCount();
    const bad = await create('admin', { email: 'not-an-email', firstName: 'A', lastName: 'B' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'body.email', message: 'Email address is invalid' }]);
    const missing = await create('admin', { email: 'x@example.com', lastName: 'B' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.firstName');
    const long = await create('admin', { email: 'x@example.com', firstName: 'A', lastName: 'B'.repeat(51) });
    expect(long.json().errors[0].path).toBe('body.lastName');
    const locale = await create('admin', {
      email: 'x@example.com',
      firstName: 'A',
      lastName: 'B',
      locale: 'de_DE',
    });
    expect(locale.json().errors[0].path).toBe('body.locale');
    const roles = await create('admin', {
      email: 'x@example.com',
      firstName: 'A',
      lastName: 'B',
      roles: ['admin'],
    });
    expect(roles.json().errors[0].path).toBe('body.roles');
    const order = await create('admin', {
      email: 'x@example.com',
      firstName: 'A',
      lastName: 'B',
      apartmentRole: {
        apartmentId: apts['DEMO-2000-B14'],
        role: 'tenant',
        validFrom: '2026-05-02',
        validUntil: '2026-05-01',
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual([
      { path: 'body.apartmentRole.validUntil', message: 'The end must not be before the start' },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('answers 409 for a taken e-mail and a taken external id, storing nothing', async () => {
    const before = await userCount();
    const createdBefore = (await events(IDENTITY_EVENTS.userCreated)).length;
    const email = await create('admin', { email: 'OWNER@demo.porta.test', firstName: 'A', lastName: 'B' });
    expect(email.statusCode).toBe(409);
    expect(email.json().code).toBe('IDN_EMAIL_IN_USE');
    const ext = await create('admin', {
      email: 'other@example.com',
      firstName: 'A',
      lastName: 'B',
      externalId: 'CRM-1',
    });
    expect(ext.statusCode).toBe(409);
    expect(ext.json()).toMatchObject({
      code: 'IDN_EXTERNAL_ID_IN_USE',
      title: 'Provided external id already in use',
    });
    expect(await userCount()).toBe(before);
    expect((await list('admin', { filter: { q: 'other@example.com' } })).json()).toEqual([]);
    expect(await events(IDENTITY_EVENTS.userCreated)).toHaveLength(createdBefore);
  });

  it('creates a user with a first apartment role in one transaction', async () => {
    const res = await create('admin', {
      email: 'first.role@example.com',
      firstName: 'First',
      lastName: 'Role',
      apartmentRole: { apartmentId: apts['DEMO-2000-B12'], role: 'familyMember', validFrom: '2026-01-01' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const roles = (await (await as('admin')).get(`/api/identity/admin/users/${id}/roles`)).json();
    expect(roles.apartments).toEqual([
      expect.objectContaining({ aptext: 'DEMO-2000-B12', role: 'familyMember', validFrom: '2026-01-01' }),
    ]);
    expect(await events(IDENTITY_EVENTS.membershipChanged)).toContainEqual(
      expect.objectContaining({
        userId: id,
        housingCompanyId: hcs['DEMO-2000'],
        apartmentId: apts['DEMO-2000-B12'],
        role: 'familyMember',
        validFrom: '2026-01-01',
        validUntil: null,
        change: 'added',
      }),
    );
  });

  it('refuses an owner in the construction phase and stores neither user nor role', async () => {
    const before = await userCount();
    const res = await create('admin', {
      email: 'early.owner@example.com',
      firstName: 'Early',
      lastName: 'Owner',
      apartmentRole: { apartmentId: apts['DEMO-1000-A2'], role: 'owner' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IDN_OWNERS_LOCKED_IN_CONSTRUCTION');
    expect(await userCount()).toBe(before);
  });

  it('lets a property manager create users only with a role in their own housing companies', async () => {
    const before = await userCount();
    const person = { email: 'managed@example.com', firstName: 'Man', lastName: 'Aged' };
    const noRole = await create('manager', person);
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().code).toBe('IDN_USER_ROLE_REQUIRED');
    const elsewhere = await create('manager', {
      ...person,
      apartmentRole: { apartmentId: apts['DEMO-3000-C1'], role: 'tenant' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('IDN_APARTMENT_NOT_FOUND');
    const otherCompany = await create('manager', {
      ...person,
      housingCompanyRole: { housingCompanyId: hcs['DEMO-3000'], role: 'boardMember' },
    });
    expect(otherCompany.statusCode).toBe(404);
    const managerRole = await create('manager', {
      ...person,
      housingCompanyRole: { housingCompanyId: hcs['DEMO-2000'], role: 'propertyManager' },
    });
    expect(managerRole.statusCode).toBe(403);
    expect(managerRole.json()).toMatchObject({
      code: 'IDN_ROLE_NOT_PERMITTED',
      title: 'Roles could not be updated',
    });
    expect(await userCount()).toBe(before);

    const ok = await create('manager', {
      ...person,
      apartmentRole: { apartmentId: apts['DEMO-2000-B14'], role: 'tenant' },
    });
    expect(ok.statusCode).toBe(201);
    expect(emails(await list('manager'))).toContain('managed@example.com');
    const board = await create('manager', {
      email: 'new.board@example.com',
      firstName: 'New',
      lastName: 'Board',
      housingCompanyRole: { housingCompanyId: hcs['DEMO-2000'], role: 'boardMember' },
    });
    expect(board.statusCode).toBe(201);
    // A global user manager grants every housing-company role.
    const admin = await create('admin', {
      email: 'new.pm@example.com',
      firstName: 'New',
      lastName: 'Pm',
      housingCompanyRole: { housingCompanyId: hcs['DEMO-2000'], role: 'propertyManager' },
    });
    expect(admin.statusCode).toBe(201);
  });

  it('refuses residents, partners and developer staff without a user-manager role', async () => {
    for (const who of ['owner', 'tenant', 'partner', 'staff']) {
      const res = await create(who, { email: 'x@example.com', firstName: 'A', lastName: 'B' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });
});

describe('updating, deactivating and activating users', () => {
  it('updates a user, keeps the e-mail, refuses an e-mail change naming body.email', async () => {
    const admin = await as('admin');
    const id = (
      await admin.post('/api/identity/admin/users', {
        email: 'edit.me@example.com',
        firstName: 'Edit',
        lastName: 'Me',
      })
    ).json().id;
    const put = (payload: Record<string, unknown>, to = id) =>
      admin.put(`/api/identity/admin/users/${to}`, payload);
    const ok = await put({
      firstName: 'Edited',
      lastName: 'Person',
      phone: '123',
      locale: 'sv_FI',
      externalId: 'CRM-2',
      publicProfile: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      email: 'edit.me@example.com',
      firstName: 'Edited',
      lastName: 'Person',
      phone: '123',
      locale: 'sv_FI',
      externalId: 'CRM-2',
      publicProfile: true,
    });
    expect(await events(IDENTITY_EVENTS.userUpdated)).toContainEqual(
      expect.objectContaining({ userId: id, firstName: 'Edited', externalId: 'CRM-2' }),
    );
    const cleared = await put({ phone: null, externalId: null });
    expect(cleared.json()).toMatchObject({ phone: null, externalId: null, firstName: 'Edited' });
    const email = await put({ email: 'changed@example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors[0].path).toBe('body.email');
    const taken = await put({ externalId: 'CRM-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('IDN_EXTERNAL_ID_IN_USE');
    expect((await put({ externalId: 'CRM-2' })).statusCode).toBe(200);
    const missing = await put({ firstName: 'X' }, NOBODY);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('IDN_USER_NOT_FOUND');
  });

  it('lets a manager edit the users of their housing companies only (404 elsewhere)', async () => {
    const manager = await as('manager');
    const mine = await manager.put(`/api/identity/admin/users/${await userId('tenant')}`, { phone: '555' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().phone).toBe('555');
    const other = await manager.put(`/api/identity/admin/users/${await userId('neighbour')}`, {
      phone: '555',
    });
    expect(other.statusCode).toBe(404);
    const staff = await manager.put(`/api/identity/admin/users/${await userId('staff')}`, { phone: '555' });
    expect(staff.statusCode).toBe(404);
    const tenant = await as('tenant');
    expect(
      (await tenant.put(`/api/identity/admin/users/${await userId('owner')}`, { phone: '1' })).statusCode,
    ).toBe(403);
  });

  it('deactivates a user, ending their sessions, and activates them again', async () => {
    const admin = await as('admin');
    const { refreshToken } = await loginAs(t.app, 'tenant');
    const id = await userId('tenant');
    const off = await admin.post(`/api/identity/admin/users/${id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/identity/token/refresh',
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(loginAs(t.app, 'tenant')).rejects.toThrow(/403/);
    expect(await events(IDENTITY_EVENTS.userDeactivated)).toContainEqual(
      expect.objectContaining({ userId: id }),
    );
    const on = await admin.post(`/api/identity/admin/users/${id}/activate`);
    expect(on.json().enabled).toBe(true);
    await expect(loginAs(t.app, 'tenant')).resolves.toBeTruthy();
    expect(await events(IDENTITY_EVENTS.userActivated)).toContainEqual(
      expect.objectContaining({ userId: id }),
    );
    expect((await admin.post(`/api/identity/admin/users/${NOBODY}/deactivate`)).statusCode).toBe(404);
  });

  it('lets a manager deactivate only users in scope', async () => {
    const manager = await as('manager');
    const other = await manager.post(`/api/identity/admin/users/${await userId('neighbour')}/deactivate`);
    expect(other.statusCode).toBe(404);
    const [row] = await t.identity.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'neighbour@demo.porta.test'));
    expect(row!.enabled).toBe(true);
  });
});

describe('POST /api/identity/admin/users/:id/password (03 §7 changeUserPassword)', () => {
  const NEW_PASSWORD = 'Vaahtera!Kuja7Z';
  const setPassword = async (who: string, id: string, newPassword: string) =>
    (await as(who)).post(`/api/identity/admin/users/${id}/password`, { newPassword });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/identity/token/refresh', payload: { refreshToken } });

  it('lets an admin set the password: the old one stops working, the new one works, sessions end', async () => {
    const id = await addTestUser(t, {
      key: 'pw-admin',
      apartments: [{ aptext: 'DEMO-2000-B14', role: 'familyMember' }],
    });
    const { refreshToken } = await loginAs(t.app, 'pw-admin');
    const res = await setPassword('admin', id, NEW_PASSWORD);
    expect(res.statusCode, res.body).toBe(204);
    await expect(loginAs(t.app, 'pw-admin')).rejects.toThrow(/401/);
    await expect(loginAs(t.app, 'pw-admin', NEW_PASSWORD)).resolves.toBeTruthy();
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const ended = await t.identity.context.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(ended.filter((s) => s.revokedReason === 'password-changed')).toHaveLength(1);
  });

  it("lets a manager of the user's housing company set it, and answers 404 to a manager of another", async () => {
    const id = await addTestUser(t, {
      key: 'pw-managed',
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    const other = await setPassword('othermanager', id, NEW_PASSWORD);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('IDN_USER_NOT_FOUND');
    await expect(loginAs(t.app, 'pw-managed')).resolves.toBeTruthy();
    const mine = await setPassword('manager', id, NEW_PASSWORD);
    expect(mine.statusCode, mine.body).toBe(204);
    await expect(loginAs(t.app, 'pw-managed', NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('refuses residents and staff without a user-manager role (403)', async () => {
    const id = await userId('owner');
    for (const who of ['tenant', 'partner', 'staff']) {
      const res = await setPassword(who, id, NEW_PASSWORD);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('checks the rules of the self-service change and names the field', async () => {
    const id = await addTestUser(t, {
      key: 'pw-rules',
      firstName: 'Aurora',
      apartments: [{ aptext: 'DEMO-2000-B14', role: 'familyMember' }],
    });
    const cases: [string, string][] = [
      ['short1A', 'IDN_PASSWORD_FORMAT'],
      ['lowercase1', 'IDN_PASSWORD_FORMAT'],
      ['Password1!', 'IDN_PASSWORD_TOO_COMMON'],
      ['Aurora2024!', 'IDN_PASSWORD_TOO_COMMON'],
    ];
    for (const [password, code] of cases) {
      const res = await setPassword('admin', id, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().code, password).toBe(code);
      expect(res.json().errors, password).toEqual([
        { path: 'body.newPassword', message: expect.any(String) },
      ]);
    }
    const missing = await (await as('admin')).post(`/api/identity/admin/users/${id}/password`, {});
    expect(missing.statusCode).toBe(400);
    await expect(loginAs(t.app, 'pw-rules')).resolves.toBeTruthy();
  });

  it('refuses the own password (My settings is the place), consumer-login-only users and unknown users', async () => {
    const self = await setPassword('admin', await userId('admin'), NEW_PASSWORD);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('IDN_OWN_PASSWORD_IN_SETTINGS');
    const oidc = await addTestUser(t, { key: 'pw-oidc', password: null });
    await t.identity.context.db.update(users).set({ b2cSubject: 'b2c-subject-1' }).where(eq(users.id, oidc));
    const consumer = await setPassword('admin', oidc, NEW_PASSWORD);
    expect(consumer.statusCode).toBe(409);
    expect(consumer.json().code).toBe('IDN_PASSWORD_SIGN_IN_NOT_USED');
    // A user created by staff who has not set a password yet (no consumer login) may get one.
    const invited = await addTestUser(t, { key: 'pw-invited', password: null });
    expect((await setPassword('admin', invited, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await setPassword('admin', NOBODY, NEW_PASSWORD)).statusCode).toBe(404);
  });

  it('refuses to hand over an account with roles beyond the caller (403)', async () => {
    await addTestUser(t, { key: 'pw-marketing', roles: ['yitMarketing'] });
    const marketing = await apiClientAs(t.app, 'pw-marketing');
    const admin = await marketing.post(`/api/identity/admin/users/${await userId('admin')}/password`, {
      newPassword: NEW_PASSWORD,
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('IDN_PASSWORD_NOT_SETTABLE');
    // A resident of Linden Court who also lives in Birch Hill: not the Linden manager's to hand over.
    const both = await addTestUser(t, {
      key: 'pw-both',
      apartments: [
        { aptext: 'DEMO-2000-B12', role: 'familyMember' },
        { aptext: 'DEMO-3000-C2', role: 'tenant' },
      ],
    });
    const res = await setPassword('manager', both, NEW_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('IDN_PASSWORD_NOT_SETTABLE');
    expect(
      (await marketing.post(`/api/identity/admin/users/${both}/password`, { newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(204);
  });
});

describe('DELETE /api/identity/admin/users/:id (03 §7 DELETE /user?id)', () => {
  const remove = async (who: string, id: string, confirm = true) =>
    (await as(who)).delete(`/api/identity/admin/users/${id}${confirm ? '?confirm=true' : ''}`);

  it('deletes a user: roles, sessions and personal data go, the id stays anonymous, an event tells', async () => {
    const id = await addTestUser(t, {
      key: 'del-me',
      apartments: [{ aptext: 'DEMO-2000-B14', role: 'familyMember' }],
      housingCompanies: [{ hcExt: 'DEMO-2000', role: 'boardMember' }],
    });
    const { refreshToken } = await loginAs(t.app, 'del-me');
    await t.identity.context.db.insert(signatures).values({ userId: id, name: 'Mine', content: 'Regards' });
    const tenantId = await userId('tenant');
    const [shared, alone] = await t.identity.context.db
      .insert(scheduledRoleChanges)
      .values([
        {
          apartmentId: apts['DEMO-2000-B14']!,
          role: 'owner',
          startDate: '2999-01-01',
          addUserIds: [id, tenantId],
          previousValidity: { [id]: { validFrom: null, validUntil: null } },
        },
        { apartmentId: apts['DEMO-2000-B14']!, role: 'tenant', startDate: '2999-01-01', removeUserIds: [id] },
      ])
      .returning();

    const unconfirmed = await remove('admin', id, false);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().code).toBe('IDN_USER_DELETE_CONFIRM_REQUIRED');

    const res = await remove('admin', id);
    expect(res.statusCode, res.body).toBe(204);
    const admin = await as('admin');
    expect((await admin.get(`/api/identity/admin/users/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/identity/admin/users/${id}/gdpr-report`)).statusCode).toBe(404);
    expect(emails(await list('admin', { filter: { q: 'del-me' } }))).toEqual([]);
    expect((await list('admin', { filter: { id: [id] } })).json()).toEqual([]);
    await expect(loginAs(t.app, 'del-me')).rejects.toThrow(/401/);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/identity/token/refresh',
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    const db = t.identity.context.db;
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      email: `deleted-${id}@deleted.invalid`,
      firstName: '',
      lastName: '',
      passwordHash: null,
      enabled: false,
      roles: [],
      source: 'deleted',
    });
    expect(await db.select().from(apartmentRoles).where(eq(apartmentRoles.userId, id))).toEqual([]);
    expect(await db.select().from(housingCompanyRoles).where(eq(housingCompanyRoles.userId, id))).toEqual([]);
    expect(await db.select().from(signatures).where(eq(signatures.userId, id))).toEqual([]);
    const [kept] = await db
      .select()
      .from(scheduledRoleChanges)
      .where(eq(scheduledRoleChanges.id, shared!.id));
    expect(kept).toMatchObject({ addUserIds: [tenantId], removeUserIds: [], previousValidity: {} });
    expect(
      await db.select().from(scheduledRoleChanges).where(eq(scheduledRoleChanges.id, alone!.id)),
    ).toEqual([]);
    await db.delete(scheduledRoleChanges).where(eq(scheduledRoleChanges.id, shared!.id));
    const userSessions = await db.select().from(sessions).where(eq(sessions.userId, id));
    expect(userSessions.length).toBeGreaterThan(0);
    expect(userSessions.every((s) => s.revokedAt !== null && s.ip === null && s.userAgent === null)).toBe(
      true,
    );

    expect(await events(IDENTITY_EVENTS.userDeleted)).toContainEqual({
      userId: id,
      by: await userId('admin'),
      deletedAt: expect.any(String),
    });
    const removed = (await events(IDENTITY_EVENTS.membershipChanged)).filter(
      (e) => e.userId === id && e.change === 'removed',
    );
    expect(removed.map((e) => e.role).sort()).toEqual(['boardMember', 'familyMember']);
    // Deleting again: the user is no longer there.
    expect((await remove('admin', id)).statusCode).toBe(404);
    // Nor for any other staff route: the anonymous row is not a user any more.
    expect((await admin.post(`/api/identity/admin/users/${id}/activate`)).statusCode).toBe(404);
    expect((await admin.put(`/api/identity/admin/users/${id}`, { firstName: 'Back' })).statusCode).toBe(404);
    expect((await admin.get(`/api/identity/admin/users/${id}/roles`)).statusCode).toBe(404);
  });

  it('lets global user managers delete; company managers, staff and residents get 403', async () => {
    await addTestUser(t, { key: 'del-bizadmin', roles: ['yitBusinessAdmin'] });
    const id = await addTestUser(t, {
      key: 'del-them',
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    for (const who of ['manager', 'board', 'staff', 'tenant']) {
      const res = await remove(who, id);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code, who).toBe('FORBIDDEN');
    }
    const bizadmin = await apiClientAs(t.app, 'del-bizadmin');
    expect((await bizadmin.delete(`/api/identity/admin/users/${id}?confirm=true`)).statusCode).toBe(204);
    // Only an admin deletes an admin.
    const admin = await bizadmin.delete(`/api/identity/admin/users/${await userId('admin')}?confirm=true`);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('IDN_ADMIN_NOT_DELETABLE');
    const another = await addTestUser(t, { key: 'del-admin2', roles: ['admin'] });
    expect((await remove('admin', another)).statusCode).toBe(204);
  });

  it('refuses deleting oneself and unknown users', async () => {
    const self = await remove('admin', await userId('admin'));
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('IDN_USER_DELETE_SELF');
    const missing = await remove('admin', NOBODY);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('IDN_USER_NOT_FOUND');
  });
});
