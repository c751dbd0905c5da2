import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, type ServiceRequestsTestApp, serviceRequestsTestApp } from '../testing/index.js';

/**
 * The staff app's list and detail across housing companies, the export without a housing company,
 * and the residents a private request can be sent to.
 */

let t: ServiceRequestsTestApp;
type Client = ReturnType<typeof apiClient>;
const c: Record<string, Client> = {};
const ids: Record<string, string> = {};
const P = '/api/service-requests';

const list = (as: Client, filter: Record<string, unknown> = {}, extra = '') =>
  as.get(`${P}/admin/requests?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`);
const idsOf = (res: { json: () => unknown }) => (res.json() as { id: string }[]).map((r) => r.id);

beforeAll(async () => {
  t = await serviceRequestsTestApp();
  for (const key of ['tenant', 'owner', 'manager', 'board', 'staff', 'othermanager', 'neighbour', 'admin']) {
    c[key] = apiClient(t.app, (await loginAs(t.app, key)).accessToken);
  }
  const send = async (key: string, body: Record<string, unknown>) => {
    const res = await c[key]!.post(`${P}/requests`, { content: '<p>Please</p>', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  ids.lindenLeak = await send('tenant', {
    housingCompanyId: t.hc.lindenCourt,
    typeId: 'maintenance_dispatch',
    subject: 'Leaking tap',
  });
  ids.lindenBikes = await send('tenant', {
    housingCompanyId: t.hc.lindenCourt,
    typeId: 'housing_association_board',
    subject: 'Bike racks',
    public: true,
  });
  ids.harbour = await send('owner', {
    housingCompanyId: t.hc.harbourView,
    typeId: 'construction_yard',
    subject: 'Dust on the yard',
  });
  ids.birch = await send('neighbour', {
    housingCompanyId: t.hc.birchHill,
    typeId: 'common_area_fault',
    subject: 'Sauna door',
  });
  const closed = await c.manager!.put(`${P}/requests/${ids.lindenLeak}`, { statusKey: 'closed' });
  expect(closed.statusCode, closed.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

describe('the staff list across housing companies', () => {
  it('lists every company the caller handles, newest first, with Content-Range', async () => {
    const staff = await list(c.staff!);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(idsOf(staff)).toEqual([ids.birch, ids.harbour, ids.lindenBikes, ids.lindenLeak]);
    expect(staff.headers['content-range']).toBe('service-requests 0-3/4');
    expect(idsOf(await list(c.manager!))).toEqual([ids.harbour, ids.lindenBikes, ids.lindenLeak]);
    expect(idsOf(await list(c.othermanager!))).toEqual([ids.birch]);
    // A board member handles Linden Court only.
    expect(idsOf(await list(c.board!))).toEqual([ids.lindenBikes, ids.lindenLeak]);
    const page = await list(c.admin!, {}, '&range=[1,2]');
    expect(idsOf(page)).toEqual([ids.harbour, ids.lindenBikes]);
    expect(page.headers['content-range']).toBe('service-requests 1-2/4');
  });

  it('filters by housing company, view, type, status and words, and sorts', async () => {
    expect(idsOf(await list(c.manager!, { housingCompanyId: t.hc.lindenCourt }))).toEqual([
      ids.lindenBikes,
      ids.lindenLeak,
    ]);
    expect(idsOf(await list(c.staff!, { view: 'closed' }))).toEqual([ids.lindenLeak]);
    expect(idsOf(await list(c.staff!, { view: 'public' }))).toEqual([ids.lindenBikes]);
    expect(idsOf(await list(c.staff!, { view: 'pending', typeId: 'construction_yard' }))).toEqual([
      ids.harbour,
    ]);
    expect(idsOf(await list(c.staff!, { statusKey: 'closed' }))).toEqual([ids.lindenLeak]);
    expect(idsOf(await list(c.staff!, { q: 'sauna' }))).toEqual([ids.birch]);
    expect(idsOf(await list(c.staff!, { q: 'timo' }))).toEqual([ids.lindenBikes, ids.lindenLeak]);
    // Words are words, not patterns.
    expect(idsOf(await list(c.staff!, { q: '%' }))).toEqual([]);
    expect(idsOf(await list(c.staff!, { id: [ids.harbour, ids.birch] }))).toEqual([ids.birch, ids.harbour]);
    const bySubject = await list(c.staff!, {}, `&sort=${encodeURIComponent('["subject","ASC"]')}`);
    expect(idsOf(bySubject)).toEqual([ids.lindenBikes, ids.harbour, ids.lindenLeak, ids.birch]);
    expect((await list(c.staff!, { view: 'everything' })).statusCode).toBe(400);
  });

  it('filters overdue requests: pending and not updated for 7 days, with their total', async () => {
    expect(idsOf(await list(c.staff!, { overdue: true }))).toEqual([]);
    // Linden Court's bike racks and Birch Hill's sauna door were last touched 8 days ago, the leak
    // (closed) too: only the pending ones are overdue.
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await t.query('update service_requests.requests set updated_at = $1 where id = any($2)', [
      eightDaysAgo,
      [ids.lindenBikes, ids.birch, ids.lindenLeak],
    ]);
    const overdue = await list(c.staff!, { overdue: true }, '&range=[0,0]');
    expect(idsOf(overdue)).toEqual([ids.birch]);
    expect(overdue.headers['content-range']).toBe('service-requests 0-0/2');
    expect(idsOf(await list(c.manager!, { overdue: true }))).toEqual([ids.lindenBikes]);
    expect(idsOf(await list(c.staff!, { overdue: false }))).toEqual([ids.harbour, ids.lindenLeak]);
    // A response makes it current again.
    const answer = await c.othermanager!.post(`${P}/requests/${ids.birch}/responses`, { content: 'Fixed' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(idsOf(await list(c.staff!, { overdue: true }))).toEqual([ids.lindenBikes]);
    expect((await list(c.staff!, { overdue: 'yes' })).statusCode).toBe(400);
  });

  it('answers 404 for a company the caller does not handle and 403 to those who handle none', async () => {
    const other = await list(c.othermanager!, { housingCompanyId: t.hc.lindenCourt });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Leaking tap');
    for (const key of ['tenant', 'owner', 'neighbour']) {
      const res = await list(c[key]!);
      expect(res.statusCode, key).toBe(403);
      expect(res.body).not.toContain('Leaking tap');
    }
  });

  it('shows one request with its responses to those who handle its company only', async () => {
    const answer = await c.board!.post(`${P}/requests/${ids.lindenBikes}/responses`, {
      content: 'On the agenda',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const one = await c.manager!.get(`${P}/admin/requests/${ids.lindenBikes}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: ids.lindenBikes,
      subject: 'Bike racks',
      canChangeStatus: true,
      canChangePublicity: true,
      responses: [{ content: 'On the agenda' }],
    });
    expect((await c.othermanager!.get(`${P}/admin/requests/${ids.lindenBikes}`)).statusCode).toBe(404);
    expect((await c.tenant!.get(`${P}/admin/requests/${ids.lindenBikes}`)).statusCode).toBe(403);
  });
});

describe('the export without a housing company', () => {
  it('streams every company the caller handles', async () => {
    const staff = await c.staff!.get(`${P}/requests/export`);
    expect(staff.statusCode, staff.body).toBe(200);
    for (const id of Object.values(ids)) expect(staff.body).toContain(id);
    const other = await c.othermanager!.get(`${P}/requests/export?filter=pending`);
    expect(other.body).toContain(ids.birch);
    expect(other.body).not.toContain(ids.lindenBikes);
    // The staff list's status and words narrow it too.
    const narrowed = await c.staff!.get(
      `${P}/requests/export?statusKey=open&q=${encodeURIComponent('sauna')}`,
    );
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const rows = narrowed.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .slice(1);
    expect(rows.map((r) => r.split(',')[0])).toEqual([ids.birch]);
    const tenant = await c.tenant!.get(`${P}/requests/export`);
    expect(tenant.statusCode).toBe(403);
    expect(tenant.json().code).toBe('SRQ_EXPORT_NOT_PERMITTED');
  });
});

describe('the residents a request can be sent to', () => {
  it("lists the company's members with a public profile but not the caller, with their apartments", async () => {
    const res = await c.tenant!.get(`${P}/targets?housingCompanyId=${t.hc.lindenCourt}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: { userId: string; name: string; apartment: string | null }[] }>().items;
    const tenantId = await t.userId('tenant');
    const ownerId = await t.userId('owner');
    expect(items.some((i) => i.userId === tenantId)).toBe(false);
    expect(items.find((i) => i.userId === ownerId)).toMatchObject({ name: 'Olivia' });
    await t.query('update identity.users set public_profile = false where id = $1', [ownerId]);
    const after = (await c.tenant!.get(`${P}/targets?housingCompanyId=${t.hc.lindenCourt}`)).json();
    expect(after.items.some((i: { userId: string }) => i.userId === ownerId)).toBe(false);
    // Sending to a resident needs the resident.
    const sent = await c.tenant!.post(`${P}/requests`, {
      housingCompanyId: t.hc.lindenCourt,
      typeId: 'maintenance_dispatch',
      content: 'x',
      targetedToUser: true,
    });
    expect(sent.statusCode, sent.body).toBe(400);
    expect(sent.json().title).toBe('Target user must be defined when sending service request to resident');
    expect((await c.neighbour!.get(`${P}/targets?housingCompanyId=${t.hc.lindenCourt}`)).statusCode).toBe(
      404,
    );
  });
});
