import { SERVICE_REQUEST_EVENTS } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  apiClient,
  loginAs,
  type ServiceRequestsTestApp,
  serviceRequestsTestApp,
} from '../testing/index.js';

/**
 * Managing a request by link (ADR 0018): the tenant sends a maintenance request to Linden Court's
 * property and maintenance managers; each gets a manage link of their own in the request's event,
 * with which they read, answer and close it without signing in. A tampered, expired or borrowed
 * link, or the link of someone no longer a recipient, answers one and the same 404 and changes
 * nothing.
 */

let t: ServiceRequestsTestApp;
let tenant: ReturnType<typeof apiClient>;
const ids: Record<string, string> = {};
const P = '/api/service-requests';
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await serviceRequestsTestApp();
  ids.maint = await addTestUser(t, {
    key: 'maint',
    firstName: 'Matti',
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'maintenanceManager' }],
  });
  ids.leaver = await addTestUser(t, {
    key: 'leaver',
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'maintenanceManager' }],
  });
  for (const key of ['tenant', 'manager', 'owner']) ids[key] = await t.userId(key);
  tenant = apiClient(t.app, (await loginAs(t.app, 'tenant')).accessToken);
}, 120_000);
afterAll(() => t?.close());

async function sendRequest(content: string): Promise<string> {
  const res = await tenant.post(`${P}/requests`, {
    housingCompanyId: t.hc.lindenCourt,
    typeId: 'maintenance_dispatch',
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function eventsOf(subject: string, requestId: string) {
  return (await t.events(subject)).filter((e) => e.payload.serviceRequestId === requestId);
}

/** The manage links the request's creation event gave its recipients, by user id. */
async function linksOf(requestId: string): Promise<Record<string, string>> {
  const [event] = await eventsOf(SERVICE_REQUEST_EVENTS.requestCreated, requestId);
  return event!.payload.urlsByUser as Record<string, string>;
}

/** The API address of a link of the resident app. */
const api = (link: string) => `/api${link}`;
const tokenOf = (link: string) => link.split('/').pop()!;

/** Without signing in. */
const anonymous = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}) });

describe('manage links', () => {
  it('gives each recipient of a new request a link of their own, valid for 14 days', async () => {
    const id = await sendRequest('<p>The sink leaks</p>');
    const links = await linksOf(id);
    expect(Object.keys(links).sort()).toEqual([ids.manager, ids.maint, ids.leaver].sort());
    for (const [userId, link] of Object.entries(links)) {
      expect(link).toMatch(new RegExp(`^/service-requests/manage/${id}/${userId}/\\d+\\.[A-Za-z0-9_-]{43}$`));
      const expiry = Number(tokenOf(link).split('.')[0]) * 1000;
      expect(Math.abs(expiry - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);
    }
    expect(new Set(Object.values(links).map(tokenOf)).size).toBe(3);
  });

  it('reads the request with its responses as its recipient sees it, offering only what the link allows', async () => {
    const id = await sendRequest('<p>The door sticks</p>');
    const res = await anonymous('GET', api((await linksOf(id))[ids.manager!]!));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      content: '<p>The door sticks</p>',
      statusKey: 'open',
      sender: { id: ids.tenant },
      responses: [],
      isOwn: false,
      canRespond: true,
      canChangeStatus: true,
      canEdit: false,
      canChangePublicity: false,
      canDelete: false,
      canAddRecipient: false,
      canForward: false,
      canRemind: false,
      canChangeInternalId: false,
      canChangeType: false,
    });
  });

  it('answers as that recipient: the sender and the other recipients hear of it, the others with their links', async () => {
    const id = await sendRequest('<p>No hot water</p>');
    const link = api((await linksOf(id))[ids.maint!]!);
    const res = await anonymous('POST', `${link}/responses`, { content: '<p>On my way</p>' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().responseCount).toBe(1);
    expect(res.json().responses).toMatchObject([
      // Editing and deleting need signing in, even one's own answer.
      {
        content: '<p>On my way</p>',
        sender: { id: ids.maint, name: 'Matti' },
        isOwn: true,
        canEdit: false,
        canDelete: false,
      },
    ]);
    const [event] = await eventsOf(SERVICE_REQUEST_EVENTS.responseCreated, id);
    expect(event!.payload.actorId).toBe(ids.maint);
    expect((event!.payload.audience as { userIds: string[] }).userIds.sort()).toEqual(
      [ids.tenant, ids.manager, ids.leaver].sort(),
    );
    expect(Object.keys(event!.payload.urlsByUser as object).sort()).toEqual([ids.manager, ids.leaver].sort());
    // The tenant, signed in, sees the answer.
    const seen = await tenant.get(`${P}/requests/${id}`);
    expect(seen.json().responses.map((r: { content: string }) => r.content)).toEqual(['<p>On my way</p>']);
  });

  it('closes it as that recipient, telling the sender when asked; closed, it takes no answer; reopens it', async () => {
    const id = await sendRequest('<p>The lamp is out</p>');
    const link = api((await linksOf(id))[ids.manager!]!);
    const closed = await anonymous('PUT', link, { statusKey: 'closed', sendNotification: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ id, statusKey: 'closed', closed: true, canRespond: false });
    const [event] = await eventsOf(SERVICE_REQUEST_EVENTS.statusChanged, id);
    expect(event!.payload).toMatchObject({
      actorId: ids.manager,
      audience: { userIds: [ids.tenant] },
      from: 'open',
      statusKey: 'closed',
    });
    expect(event!.payload.urlsByUser).toBeUndefined();
    const answer = await anonymous('POST', `${link}/responses`, { content: 'Too late' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('SRQ_ALREADY_CLOSED');
    const again = await anonymous('PUT', link, { statusKey: 'declined' });
    expect(again.json().code).toBe('SRQ_CLOSE_FAILED');
    const reopened = await anonymous('PUT', link, { statusKey: 'open' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ statusKey: 'open', closedAt: null });
    // The body takes the status and the notification only.
    const other = await anonymous('PUT', link, { statusKey: 'open', public: true });
    expect(other.statusCode).toBe(400);
  });

  it('refuses a tampered, expired or borrowed link, or one of a former recipient, with one 404, and changes nothing', async () => {
    const a = await sendRequest('<p>Request A</p>');
    const b = await sendRequest('<p>Request B</p>');
    const linksA = await linksOf(a);
    const linksB = await linksOf(b);
    const managerA = tokenOf(linksA[ids.manager!]!);
    const [expiry, mac] = managerA.split('.') as [string, string];
    const links = t.serviceRequests.context.manageLinks;
    const future = new Date(Date.now() + DAY_MS);
    const manage = (id: string, userId: string, token: string) => `${P}/manage/${id}/${userId}/${token}`;
    // The maintenance manager is no longer a recipient of A; the leaver is no longer a user.
    await t.query('delete from service_requests.recipients where request_id = $1 and user_id = $2', [
      a,
      ids.maint,
    ]);
    await t.query('update identity.users set enabled = false where id = $1', [ids.leaver]);
    const bad: Record<string, string> = {
      'a tampered mac': manage(
        a,
        ids.manager!,
        `${expiry}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      ),
      'a moved expiry': manage(a, ids.manager!, `${Number(expiry) + 86_400}.${mac}`),
      'an expired token': manage(a, ids.manager!, links.token(a, ids.manager!, new Date(Date.now() - 1000))),
      "request A's token on request B": manage(b, ids.manager!, managerA),
      "one user's token with another's id": manage(a, ids.maint!, managerA),
      "a user's token for someone never a recipient": manage(a, ids.owner!, managerA),
      'a signed link of someone never a recipient': manage(a, ids.owner!, links.token(a, ids.owner!, future)),
      'a signed link of a request that does not exist': manage(
        '0193a4b2-0000-7000-8000-000000000001',
        ids.manager!,
        links.token('0193a4b2-0000-7000-8000-000000000001', ids.manager!, future),
      ),
      'a former recipient': api(linksA[ids.maint!]!),
      'a user no longer enabled': api(linksA[ids.leaver!]!),
      'a malformed token': manage(a, ids.manager!, 'garbage'),
      'a malformed id': manage('not-a-request', ids.manager!, managerA),
      'a malformed user id': manage(a, 'not-a-user', managerA),
    };
    const eventsBefore = (await t.events()).length;
    const wrong: string[] = [];
    const answers = new Set<string>();
    for (const [name, url] of Object.entries(bad)) {
      for (const [method, path, payload] of [
        ['GET', url, undefined],
        ['POST', `${url}/responses`, { content: '<p>Hijacked</p>' }],
        ['PUT', url, { statusKey: 'closed', sendNotification: true }],
      ] as const) {
        const res = await anonymous(method, path, payload);
        // Every field but where and which request it answered.
        const body = Object.fromEntries(
          Object.entries(res.json<Record<string, unknown>>()).filter(
            ([key]) => key !== 'instance' && key !== 'requestId',
          ),
        );
        answers.add(JSON.stringify(body));
        if (res.statusCode !== 404 || body.code !== 'SRQ_MANAGE_LINK_INVALID')
          wrong.push(`${method} ${name}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    expect([...answers].map((s) => JSON.parse(s))).toEqual([
      {
        type: 'https://porta.dev/problems/srq-manage-link-invalid',
        title: 'The link is not valid or has expired.',
        status: 404,
        code: 'SRQ_MANAGE_LINK_INVALID',
      },
    ]);
    // Nothing changed: no answer, no status, no event.
    const rows = await t.query<{ id: string; status_key: string; response_count: number }>(
      'select id, status_key, response_count from service_requests.requests where id in ($1, $2)',
      [a, b],
    );
    expect(rows.map((r) => [r.status_key, r.response_count])).toEqual([
      ['open', 0],
      ['open', 0],
    ]);
    expect(
      await t.query('select 1 from service_requests.responses where request_id in ($1, $2)', [a, b]),
    ).toEqual([]);
    expect((await t.events()).length).toBe(eventsBefore);
    // The links that are still good keep working: B's for its maintenance manager.
    expect((await anonymous('GET', api(linksB[ids.maint!]!))).statusCode).toBe(200);
    await t.query('update identity.users set enabled = true where id = $1', [ids.leaver]);
  });
});
