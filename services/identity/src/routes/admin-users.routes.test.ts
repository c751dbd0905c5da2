import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apartments } from '../db/schema.js';
import { type IdentityTestApp, identityTestApp, loginAs } from '../testing/identity-app.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await identityTestApp();
});
afterAll(() => t.close());

async function list(who: string, query: Record<string, unknown> = {}) {
  const { accessToken } = await loginAs(t.app, who);
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/identity/admin/users${qs ? `?${qs}` : ''}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

describe('GET /api/identity/admin/users (react-admin list convention)', () => {
  it('lists users with Content-Range, sorted and ranged', async () => {
    const res = await list('staff', { sort: ['email', 'DESC'], range: [0, 2] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('users 0-2/7');
    expect(res.json().map((u: { email: string }) => u.email)).toEqual([
      'tenant@demo.porta.test',
      'staff@demo.porta.test',
      'partner@demo.porta.test',
    ]);
    const next = await list('staff', { sort: ['email', 'DESC'], range: [3, 5] });
    expect(next.headers['content-range']).toBe('users 3-5/7');
    expect(next.json()[0].email).toBe('owner@demo.porta.test');
  });

  it('filters by free text, role and enabled, and by id for getMany', async () => {
    const q = await list('admin', { filter: { q: 'olivia' } });
    expect(q.json().map((u: { email: string }) => u.email)).toEqual(['owner@demo.porta.test']);
    expect(q.headers['content-range']).toBe('users 0-0/1');
    const role = await list('admin', { filter: { role: 'partner' } });
    expect(role.json().map((u: { email: string }) => u.email)).toEqual(['partner@demo.porta.test']);
    const disabled = await list('admin', { filter: { enabled: false } });
    expect(disabled.json()).toEqual([]);
    expect(disabled.headers['content-range']).toBe('users 0-0/0');
    const ids = role.json().map((u: { id: string }) => u.id);
    const many = await list('admin', { filter: { id: ids } });
    expect(many.json()).toHaveLength(1);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    expect((await list('admin', { filter: { q: '%' } })).json()).toEqual([]);
  });

  it('refuses residents, managers and partners with 403', async () => {
    for (const who of ['owner', 'tenant', 'board', 'manager', 'partner']) {
      const res = await list(who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
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
  });

  it('shows one user, and 404 for an unknown id', async () => {
    const { accessToken } = await loginAs(t.app, 'staff');
    const headers = { authorization: `Bearer ${accessToken}` };
    const [first] = (await list('staff', { range: [0, 0] })).json();
    const one = await t.app.inject({ method: 'GET', url: `/api/identity/admin/users/${first.id}`, headers });
    expect(one.json()).toEqual(first);
    expect(one.json().passwordHash).toBeUndefined();
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/identity/admin/users/00000000-0000-4000-8000-000000000000',
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('staff user administration', () => {
  const NOBODY = '00000000-0000-4000-8000-000000000000';
  let headers: Record<string, string>;
  let apts: Record<string, string>;
  beforeAll(async () => {
    const { accessToken } = await loginAs(t.app, 'staff');
    headers = { authorization: `Bearer ${accessToken}` };
    const rows = await t.identity.context.db.select().from(apartments);
    apts = Object.fromEntries(rows.map((a) => [a.aptext, a.id]));
  });

  const create = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/identity/admin/users', headers, payload });
  const userId = async (key: string) =>
    (await list('admin', { filter: { q: `${key}@demo` } })).json()[0].id as string;

  it('creates a user with a trimmed, lower-cased e-mail; it appears in the list', async () => {
    const res = await create({
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
      lastLoginAt: null,
    });
    expect(user.passwordHash).toBeUndefined();
    const found = await list('admin', { filter: { q: 'new.person' } });
    expect(found.json()).toEqual([user]);
    // No password yet: the user cannot sign in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: 'new.person@example.com', password: 'Demo-Portal-2026' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('validates the new user: e-mail pattern, required names, length and locale', async () => {
    const bad = await create({ email: 'not-an-email', firstName: 'A', lastName: 'B' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'body.email', message: 'Email address is invalid' }]);
    const missing = await create({ email: 'x@example.com', lastName: 'B' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.firstName');
    const long = await create({ email: 'x@example.com', firstName: 'A', lastName: 'B'.repeat(51) });
    expect(long.json().errors[0].path).toBe('body.lastName');
    const locale = await create({ email: 'x@example.com', firstName: 'A', lastName: 'B', locale: 'de_DE' });
    expect(locale.json().errors[0].path).toBe('body.locale');
    const roles = await create({ email: 'x@example.com', firstName: 'A', lastName: 'B', roles: ['admin'] });
    expect(roles.json().errors[0].path).toBe('body.roles');
  });

  it('answers 409 for a taken e-mail and a taken external id', async () => {
    const email = await create({ email: 'OWNER@demo.porta.test', firstName: 'A', lastName: 'B' });
    expect(email.statusCode).toBe(409);
    expect(email.json().code).toBe('IDN_EMAIL_IN_USE');
    const ext = await create({
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
  });

  it('updates a user, keeps the e-mail, and refuses an e-mail change naming body.email', async () => {
    const id = (await create({ email: 'edit.me@example.com', firstName: 'Edit', lastName: 'Me' })).json().id;
    const put = (payload: Record<string, unknown>, to = id) =>
      t.app.inject({ method: 'PUT', url: `/api/identity/admin/users/${to}`, headers, payload });
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
    const cleared = await put({ phone: null, externalId: null });
    expect(cleared.json()).toMatchObject({ phone: null, externalId: null, firstName: 'Edited' });
    const email = await put({ email: 'changed@example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors[0].path).toBe('body.email');
    const taken = await put({ externalId: 'CRM-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('IDN_EXTERNAL_ID_IN_USE');
    expect((await put({ externalId: 'CRM-2' })).statusCode).toBe(200);
    expect((await put({ externalId: 'CRM-2' })).json().externalId).toBe('CRM-2');
    const missing = await put({ firstName: 'X' }, NOBODY);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('IDN_USER_NOT_FOUND');
  });

  it('deactivates a user, ending their sessions, and activates them again', async () => {
    const { refreshToken } = await loginAs(t.app, 'tenant');
    const id = await userId('tenant');
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/identity/admin/users/${id}/deactivate`,
      headers,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/identity/token/refresh',
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(loginAs(t.app, 'tenant')).rejects.toThrow(/403/);
    const on = await t.app.inject({
      method: 'POST',
      url: `/api/identity/admin/users/${id}/activate`,
      headers,
    });
    expect(on.json().enabled).toBe(true);
    await expect(loginAs(t.app, 'tenant')).resolves.toBeTruthy();
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/identity/admin/users/${NOBODY}/deactivate`,
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists, adds and removes apartment roles with validity', async () => {
    const id = (await create({ email: 'resident@example.com', firstName: 'Re', lastName: 'Sident' })).json()
      .id;
    const url = `/api/identity/admin/users/${id}/apartment-roles`;
    expect((await t.app.inject({ method: 'GET', url, headers })).json()).toEqual([]);
    const add = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        apartmentId: apts['DEMO-2000-B12'],
        role: 'owner',
        validFrom: '2026-01-01',
        validUntil: '2030-12-31',
      },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({
      apartmentId: apts['DEMO-2000-B12'],
      apartmentNo: 'B 12',
      aptext: 'DEMO-2000-B12',
      housingCompanyId: expect.any(String),
      housingCompanyName: 'As Oy Demo Linden Court',
      housingCompanyState: 'living',
      role: 'owner',
      validFrom: '2026-01-01',
      validUntil: '2030-12-31',
    });
    const tenant = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { apartmentId: apts['DEMO-1000-A1'], role: 'tenant' },
    });
    expect(tenant.statusCode).toBe(201);
    expect(tenant.json()).toMatchObject({
      housingCompanyState: 'construction',
      validFrom: null,
      validUntil: null,
    });
    // Posting the same role again replaces its validity.
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { apartmentId: apts['DEMO-2000-B12'], role: 'owner', validFrom: '2026-02-01' },
    });
    expect(again.json()).toMatchObject({ validFrom: '2026-02-01', validUntil: null });
    const listed = (await t.app.inject({ method: 'GET', url, headers })).json();
    expect(listed.map((r: { aptext: string; role: string }) => `${r.aptext}/${r.role}`)).toEqual([
      'DEMO-1000-A1/tenant',
      'DEMO-2000-B12/owner',
    ]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${apts['DEMO-2000-B12']}/owner`,
      headers,
    });
    expect(del.statusCode).toBe(204);
    const delTenant = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${apts['DEMO-1000-A1']}/tenant`,
      headers,
    });
    expect(delTenant.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers })).json()).toEqual([]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${apts['DEMO-1000-A1']}/tenant`,
      headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('validates apartment roles: dates, role, unknown apartment and user', async () => {
    const url = `/api/identity/admin/users/${await userId('tenant')}/apartment-roles`;
    const post = (payload: Record<string, unknown>, to = url) =>
      t.app.inject({ method: 'POST', url: to, headers, payload });
    const b14 = apts['DEMO-2000-B14'];
    const order = await post({
      apartmentId: b14,
      role: 'familyMember',
      validFrom: '2026-05-02',
      validUntil: '2026-05-01',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors[0].path).toBe('body.validUntil');
    const format = await post({ apartmentId: b14, role: 'familyMember', validFrom: '01.05.2026' });
    expect(format.json().errors[0].path).toBe('body.validFrom');
    const role = await post({ apartmentId: b14, role: 'chairman' });
    expect(role.json().errors[0].path).toBe('body.role');
    const apt = await post({ apartmentId: NOBODY, role: 'tenant' });
    expect(apt.statusCode).toBe(404);
    expect(apt.json().code).toBe('IDN_APARTMENT_NOT_FOUND');
    const user = await post(
      { apartmentId: b14, role: 'tenant' },
      `/api/identity/admin/users/${NOBODY}/apartment-roles`,
    );
    expect(user.statusCode).toBe(404);
    expect(user.json().code).toBe('IDN_USER_NOT_FOUND');
    const sameDay = await post({
      apartmentId: b14,
      role: 'familyMember',
      validFrom: '2026-05-01',
      validUntil: '2026-05-01',
    });
    expect(sameDay.statusCode).toBe(201);
  });

  it('refuses to add or remove owners in a housing company in construction', async () => {
    const ownerUrl = `/api/identity/admin/users/${await userId('owner')}/apartment-roles`;
    const add = await t.app.inject({
      method: 'POST',
      url: ownerUrl,
      headers,
      payload: { apartmentId: apts['DEMO-1000-A2'], role: 'owner' },
    });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toMatchObject({
      code: 'IDN_OWNERS_LOCKED_IN_CONSTRUCTION',
      title: 'Owners cannot be added or removed in the construction phase.',
    });
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `${ownerUrl}/${apts['DEMO-1000-A1']}/owner`,
      headers,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('IDN_OWNERS_LOCKED_IN_CONSTRUCTION');
    const roles = (await t.app.inject({ method: 'GET', url: ownerUrl, headers })).json();
    expect(roles.map((r: { aptext: string }) => r.aptext).sort()).toEqual(['DEMO-1000-A1', 'DEMO-2000-B12']);
  });

  it('refuses residents, managers and partners with 403 on every new route', async () => {
    const id = await userId('owner');
    const apt = apts['DEMO-2000-B12'];
    const routes: [string, string, Record<string, unknown>?][] = [
      ['POST', '/api/identity/admin/users', { email: 'x@example.com', firstName: 'A', lastName: 'B' }],
      ['PUT', `/api/identity/admin/users/${id}`, { firstName: 'X' }],
      ['POST', `/api/identity/admin/users/${id}/deactivate`],
      ['POST', `/api/identity/admin/users/${id}/activate`],
      ['GET', `/api/identity/admin/users/${id}/apartment-roles`],
      ['POST', `/api/identity/admin/users/${id}/apartment-roles`, { apartmentId: apt, role: 'tenant' }],
      ['DELETE', `/api/identity/admin/users/${id}/apartment-roles/${apt}/owner`],
    ];
    for (const who of ['owner', 'tenant', 'board', 'manager', 'partner']) {
      const { accessToken } = await loginAs(t.app, who);
      for (const [method, url, payload] of routes) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${accessToken}` },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      const anonymous = await t.app.inject({ method: 'GET', url: routes[4]![1] });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await list('admin', { filter: { q: 'owner@demo' } })).json()[0].enabled).toBe(true);
  });
});
