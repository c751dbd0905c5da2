import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
