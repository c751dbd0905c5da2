import { SERVICE_REQUEST_EVENTS, SERVICE_REQUEST_TYPES } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  apiClient,
  loginAs,
  type ServiceRequestsTestApp,
  serviceRequestsTestApp,
} from '../testing/index.js';

/**
 * The service requests of Linden Court: the tenant and the owner send, the property manager (and
 * the board member for board matters) get them, answer and close them. Every refused request
 * stores nothing.
 */

let t: ServiceRequestsTestApp;
type Client = ReturnType<typeof apiClient>;
const c: Record<string, Client> = {};
const ids: Record<string, string> = {};
let linden: string;

beforeAll(async () => {
  t = await serviceRequestsTestApp();
  linden = t.hc.lindenCourt;
  await addTestUser(t, { key: 'cotenant', apartments: [{ aptext: 'DEMO-2000-B14', role: 'tenant' }] });
  await addTestUser(t, {
    key: 'maint',
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'maintenanceManager' }],
  });
  for (const key of [
    'owner',
    'tenant',
    'cotenant',
    'board',
    'manager',
    'maint',
    'neighbour',
    'staff',
    'admin',
  ]) {
    c[key] = apiClient(t.app, (await loginAs(t.app, key)).accessToken);
    ids[key] = await t.userId(key);
  }
}, 120_000);
afterAll(() => t?.close());

const count = async (table: string) =>
  (await t.query<{ n: number }>(`select count(*)::int as n from service_requests.${table}`))[0]!.n;

async function send(key: string, body: Record<string, unknown>) {
  return c[key]!.post('/api/service-requests/requests', {
    housingCompanyId: linden,
    content: '<p>Help</p>',
    ...body,
  });
}

async function sent(key: string, body: Record<string, unknown>) {
  const res = await send(key, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<
    { id: string; subject: string; recipients: { userId: string }[] } & Record<string, unknown>
  >();
}

describe('request types', () => {
  it('lists the nine types with the partner companies of the housing company', async () => {
    const res = await c.tenant!.get(`/api/service-requests/types?housingCompanyId=${linden}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { key: string }) => i.key)).toEqual([...SERVICE_REQUEST_TYPES]);
    expect(body.partnerCompanies.map((p: { name: string }) => p.name).sort()).toEqual([
      'Demo Huolto Oy',
      'Demo Isännöinti Oy',
    ]);
  });

  it('leaves out the partner type where the housing company has no partner companies', async () => {
    const res = await c.neighbour!.get(`/api/service-requests/types?housingCompanyId=${t.hc.birchHill}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { key: string }) => i.key)).not.toContain('partner');
    expect(res.json().partnerCompanies).toEqual([]);
  });

  it('answers 404 for a housing company the caller is not in', async () => {
    const res = await c.neighbour!.get(`/api/service-requests/types?housingCompanyId=${linden}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SRQ_HOUSING_COMPANY_NOT_FOUND');
  });
});

describe('sending a request', () => {
  it('stores it with the type as the subject, sanitised content and the recipients of its type, who hear of it', async () => {
    const r = await sent('tenant', {
      typeId: 'maintenance_dispatch',
      content: '<p>The sink leaks<script>alert(1)</script></p>',
      urgentRequest: true,
      senderTel: '+358 40 123',
    });
    expect(r).toMatchObject({
      subject: 'Maintenance dispatch',
      content: '<p>The sink leaks</p>',
      statusKey: 'open',
      closed: false,
      public: false,
      urgentRequest: true,
      targetedToUser: false,
      sender: { id: ids.tenant, tel: '+358 40 123', apartment: 'B 14' },
      isOwn: true,
      canEdit: true,
      canDelete: true,
    });
    expect(r.recipients.map((x) => x.userId).sort()).toEqual([ids.manager, ids.maint].sort());
    const [event] = (await t.events(SERVICE_REQUEST_EVENTS.requestCreated)).filter(
      (e) => e.payload.serviceRequestId === r.id,
    );
    expect(event!.payload).toMatchObject({
      type: 'service_request',
      actorId: ids.tenant,
      urgentRequest: true,
      url: `/support/service-requests/${r.id}`,
      titles: expect.objectContaining({ en: 'New service request: Maintenance dispatch' }),
    });
    expect((event!.payload.audience as { userIds: string[] }).userIds.sort()).toEqual(
      [ids.manager, ids.maint].sort(),
    );
  });

  it('sends board matters to the board and rental matters to the property manager when nobody rents', async () => {
    const board = await sent('owner', { typeId: 'housing_association_board', subject: 'Parking rules' });
    expect(board.subject).toBe('Parking rules');
    expect(board.recipients.map((x) => x.userId)).toEqual([ids.board]);
    const rental = await sent('owner', { typeId: 'rental_service' });
    expect(rental.recipients.map((x) => x.userId)).toEqual([ids.manager]);
  });

  it('targets a resident only when private, and the target alone gets it', async () => {
    const r = await sent('owner', {
      typeId: 'common_area_fault',
      targetedToUser: true,
      targetUserId: ids.tenant,
    });
    expect(r).toMatchObject({ targetedToUser: true, targetUserId: ids.tenant });
    expect(r.recipients.map((x) => x.userId)).toEqual([ids.tenant]);
    const open = await sent('owner', {
      typeId: 'common_area_fault',
      public: true,
      targetedToUser: true,
      targetUserId: ids.tenant,
    });
    expect(open).toMatchObject({ public: true, targetedToUser: false, targetUserId: null });
  });

  it('sends a partner request to the users of the partner company chosen', async () => {
    const types = (await c.tenant!.get(`/api/service-requests/types?housingCompanyId=${linden}`)).json();
    const isannointi = types.partnerCompanies.find(
      (p: { name: string }) => p.name === 'Demo Isännöinti Oy',
    ).id;
    const r = await sent('tenant', { typeId: 'partner', partnerCompanyId: isannointi });
    expect(r.partnerCompanyId).toBe(isannointi);
    expect(r.recipients.map((x) => x.userId)).toEqual([ids.manager]);
  });

  it.each([
    ['no content', { typeId: 'fit_out', content: '<p> </p>' }, 400, 'SRQ_CONTENT_REQUIRED'],
    ['only a script', { typeId: 'fit_out', content: '<script>x</script>' }, 400, 'SRQ_CONTENT_REQUIRED'],
    [
      'a resident target without a user',
      { typeId: 'fit_out', targetedToUser: true },
      400,
      'SRQ_TARGET_USER_REQUIRED',
    ],
    [
      'a target of another housing company',
      { typeId: 'fit_out', targetUserId: 'neighbour' },
      400,
      'SRQ_TARGET_USER_INVALID',
    ],
    ['oneself as the target', { typeId: 'fit_out', targetUserId: 'tenant' }, 400, 'SRQ_TARGET_USER_INVALID'],
    ['a partner request without a partner', { typeId: 'partner' }, 400, 'SRQ_PARTNER_REQUIRED'],
    [
      'a partner that does not serve the company',
      { typeId: 'partner', partnerCompanyId: '00000000-0000-4000-8000-000000000001' },
      400,
      'SRQ_PARTNER_REQUIRED',
    ],
    [
      'an apartment not the sender’s',
      { typeId: 'fit_out', apartmentId: 'B12' },
      400,
      'SRQ_APARTMENT_INVALID',
    ],
    ['an unknown type', { typeId: 'plumbing' }, 400, 'VALIDATION_FAILED'],
    [
      'someone else’s upload',
      { typeId: 'fit_out', attachmentIds: ['upload'] },
      400,
      'SRQ_ATTACHMENT_NOT_FOUND',
    ],
  ])('refuses %s and stores nothing', async (_what, raw, status, code) => {
    const body: Record<string, unknown> = { ...raw };
    if (body.targetUserId) body.targetUserId = ids[body.targetUserId as string];
    if (body.apartmentId) {
      const [apt] = await t.query<{ id: string }>(
        "select id from identity.apartments where aptext = 'DEMO-2000-B12'",
      );
      body.apartmentId = apt!.id;
    }
    if (body.attachmentIds) {
      const { multipartFile, PDF } = await import('../testing/index.js');
      const { payload, headers } = multipartFile('a.pdf', PDF);
      const up = await t.app.inject({
        method: 'POST',
        url: `/api/service-requests/attachments?housingCompanyId=${linden}`,
        payload,
        headers: { ...headers, authorization: `Bearer ${(await loginAs(t.app, 'owner')).accessToken}` },
      });
      body.attachmentIds = [up.json().id];
    }
    const before = [await count('requests'), await count('recipients'), await count('outbox')];
    const res = await send('tenant', body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect([await count('requests'), await count('recipients'), await count('outbox')]).toEqual(before);
  });

  it('answers the spec text for a resident target without a user', async () => {
    const res = await send('tenant', { typeId: 'fit_out', targetedToUser: true });
    expect(res.json().title).toBe('Target user must be defined when sending service request to resident');
  });

  it('refuses another housing company with 404', async () => {
    const res = await send('neighbour', { typeId: 'fit_out' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the list', () => {
  let hc: string;
  const mine: string[] = [];
  beforeAll(async () => {
    // Harbour View: only the owner lives there, so the list holds only what this block sends.
    hc = t.hc.harbourView;
    for (let i = 0; i < 12; i++) {
      const res = await c.owner!.post('/api/service-requests/requests', {
        housingCompanyId: hc,
        typeId: i % 2 ? 'fit_out' : 'construction_yard',
        content: `Request ${i}`,
        public: i < 3,
      });
      expect(res.statusCode, res.body).toBe(201);
      mine.push(res.json().id);
    }
    await c.manager!.put(`/api/service-requests/requests/${mine[0]}`, { statusKey: 'closed' });
    await c.manager!.put(`/api/service-requests/requests/${mine[1]}`, { statusKey: 'declined' });
    await c.manager!.put(`/api/service-requests/requests/${mine[2]}`, { statusKey: 'inprogress' });
  });

  const list = (key: string, query: string) =>
    c[key]!.get(`/api/service-requests/requests?housingCompanyId=${hc}&${query}`).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{
        items: { id: string; statusKey: string }[];
        total: number;
        skip: number;
        limit: number;
      }>();
    });

  it('pages 10 at a time, newest first, with the total', async () => {
    const first = await list('owner', '');
    expect(first).toMatchObject({ total: 12, skip: 0, limit: 10 });
    expect(first.items.map((i) => i.id)).toEqual([...mine].reverse().slice(0, 10));
    const second = await list('owner', 'skip=10');
    expect(second.items.map((i) => i.id)).toEqual([mine[1], mine[0]]);
  });

  it('filters closed (closed and declined), pending, public and by type', async () => {
    expect((await list('owner', 'filter=closed')).items.map((i) => i.id).sort()).toEqual(
      [mine[0], mine[1]].sort(),
    );
    const pending = await list('owner', 'filter=pending&limit=100');
    expect(pending.total).toBe(10);
    expect(pending.items.map((i) => i.statusKey)).not.toContain('closed');
    expect((await list('owner', 'filter=public')).items.map((i) => i.id).sort()).toEqual(
      [mine[0], mine[1], mine[2]].sort(),
    );
    expect((await list('owner', 'type=fit_out&limit=100')).total).toBe(6);
    expect((await list('manager', 'filter=all&limit=100')).total).toBe(12);
  });

  it("gives handlers the company's kept totals, which follow every change of a request", async () => {
    /** The manager's total with the filters, checked against the requests the page itself reads. */
    const total = async (query: string) => {
      const page = await list('manager', `${query}&limit=100`);
      expect(page.total, query).toBe(page.items.length);
      return page.total;
    };
    const totals = () =>
      Promise.all(
        ['filter=all', 'filter=closed', 'filter=pending', 'filter=public', 'type=fit_out'].map(total),
      );
    expect(await totals()).toEqual([12, 2, 10, 3, 6]);
    expect(await total('filter=closed&type=fit_out')).toBe(1);

    const extra = await c.owner!.post('/api/service-requests/requests', {
      housingCompanyId: hc,
      typeId: 'fit_out',
      content: 'One more',
    });
    expect(extra.statusCode, extra.body).toBe(201);
    const id = extra.json<{ id: string }>().id;
    expect(await totals()).toEqual([13, 2, 11, 3, 7]);
    const change = (body: object) => c.manager!.put(`/api/service-requests/requests/${id}`, body);
    expect((await change({ statusKey: 'declined', public: true })).statusCode).toBe(200);
    expect(await totals()).toEqual([13, 3, 10, 4, 7]);
    expect((await change({ typeId: 'construction_yard', statusKey: 'open' })).statusCode).toBe(200);
    expect(await totals()).toEqual([13, 2, 11, 4, 6]);
    expect((await c.manager!.delete(`/api/service-requests/requests/${id}`)).statusCode).toBe(204);
    expect(await totals()).toEqual([12, 2, 10, 3, 6]);
  });

  it('shows residents their own, the public ones and those visible in their apartment; handlers all', async () => {
    const privateOne = await sent('owner', { typeId: 'fit_out' });
    const publicOne = await sent('owner', { typeId: 'fit_out', public: true });
    const inFlat = await sent('tenant', { typeId: 'fit_out', visibleInApartment: true });
    const seen = async (key: string) => {
      const page = (
        await c[key]!.get(`/api/service-requests/requests?housingCompanyId=${linden}&limit=100`)
      ).json<{ items: { id: string }[]; total: number }>();
      // The total counts exactly what the caller sees (for residents: read reason by reason).
      expect(page.total, key).toBe(page.items.length);
      return page.items.map((i) => i.id);
    };
    const tenant = await seen('tenant');
    expect(tenant).toContain(publicOne.id);
    expect(tenant).not.toContain(privateOne.id);
    // The board member owns B 14, where the tenant lives, and is a handler anyway.
    const cotenant = await seen('cotenant');
    expect(cotenant).toContain(inFlat.id);
    expect(cotenant).toContain(publicOne.id);
    expect(cotenant).not.toContain(privateOne.id);
    for (const key of ['manager', 'board', 'staff', 'admin']) {
      expect(await seen(key), key).toEqual(expect.arrayContaining([privateOne.id, publicOne.id, inFlat.id]));
    }
    expect((await c.cotenant!.get(`/api/service-requests/requests/${privateOne.id}`)).statusCode).toBe(404);
  });
});

describe('one request', () => {
  it('answers the request with its responses, which the sender and recipients hear of', async () => {
    const r = await sent('tenant', { typeId: 'maintenance_dispatch' });
    const answer = await c.manager!.post(`/api/service-requests/requests/${r.id}/responses`, {
      content: '<p>Coming tomorrow<img src=x onerror=alert(1)></p>',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const detail = answer.json();
    expect(detail.responseCount).toBe(1);
    expect(detail.responses).toEqual([
      expect.objectContaining({
        content: '<p>Coming tomorrow</p>',
        isOwn: true,
        sender: expect.objectContaining({ id: ids.manager }),
      }),
    ]);
    const events = (await t.events(SERVICE_REQUEST_EVENTS.responseCreated)).filter(
      (e) => e.payload.serviceRequestId === r.id,
    );
    expect((events[0]!.payload.audience as { userIds: string[] }).userIds.sort()).toEqual(
      [ids.tenant, ids.maint].sort(),
    );
    const seen = await c.tenant!.get(`/api/service-requests/requests/${r.id}`);
    expect(seen.json().responses).toHaveLength(1);
    expect(seen.json().responses[0].isOwn).toBe(false);
  });

  it('lets residents answer public requests of their housing company, not private ones of others', async () => {
    const pub = await sent('owner', { typeId: 'common_area_fault', public: true });
    const priv = await sent('owner', { typeId: 'common_area_fault' });
    expect(
      (await c.tenant!.post(`/api/service-requests/requests/${pub.id}/responses`, { content: 'Me too' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await c.tenant!.post(`/api/service-requests/requests/${priv.id}/responses`, { content: 'Me too' }))
        .statusCode,
    ).toBe(404);
  });

  it('moves the status: closed and declined count as closed, the sender hears with sendNotification', async () => {
    const r = await sent('tenant', { typeId: 'maintenance_dispatch' });
    const put = (key: string, body: Record<string, unknown>) =>
      c[key]!.put(`/api/service-requests/requests/${r.id}`, body);
    let res = await put('manager', { statusKey: 'inprogress', sendNotification: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statusKey: 'inprogress', closed: false, canEdit: false });
    const changed = (await t.events(SERVICE_REQUEST_EVENTS.statusChanged)).filter(
      (e) => e.payload.serviceRequestId === r.id,
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]!.payload).toMatchObject({
      from: 'open',
      statusKey: 'inprogress',
      audience: { userIds: [ids.tenant] },
    });
    // The sender may not move it on, only close it.
    res = await put('tenant', { statusKey: 'open' });
    expect(res.json().code).toBe('SRQ_NOT_PERMITTED');
    res = await put('manager', { statusKey: 'declined' });
    expect(res.json()).toMatchObject({ statusKey: 'declined', closed: true, canRespond: false });
    expect(res.json().closedAt).not.toBeNull();
    expect(
      (await t.events(SERVICE_REQUEST_EVENTS.statusChanged)).filter(
        (e) => e.payload.serviceRequestId === r.id,
      ),
    ).toHaveLength(1);
    res = await put('manager', { statusKey: 'closed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SRQ_CLOSE_FAILED',
      title: 'Service request could not be closed',
    });
    res = await put('manager', { statusKey: 'inprogress' });
    expect(res.json()).toMatchObject({ code: 'SRQ_STATUS_UPDATE_FAILED', title: 'Status update failed' });
    const answer = await c.tenant!.post(`/api/service-requests/requests/${r.id}/responses`, {
      content: 'Why?',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().title).toBe('Service request not found or already closed');
    res = await put('manager', { statusKey: 'open' });
    expect(res.json()).toMatchObject({ statusKey: 'open', closed: false, closedAt: null });
    res = await put('tenant', { statusKey: 'closed' });
    expect(res.json()).toMatchObject({ statusKey: 'closed', closed: true });
  });

  it('toggles publicity (not of a request to a resident) and lets the sender edit while open', async () => {
    const r = await sent('owner', { typeId: 'fit_out' });
    let res = await c.owner!.put(`/api/service-requests/requests/${r.id}`, { public: true });
    expect(res.json().public).toBe(true);
    res = await c.tenant!.put(`/api/service-requests/requests/${r.id}`, { public: false });
    expect(res.json().code).toBe('SRQ_NOT_PERMITTED');
    res = await c.manager!.put(`/api/service-requests/requests/${r.id}`, {
      public: false,
      internalId: 'PM-42',
    });
    expect(res.json()).toMatchObject({ public: false, internalId: 'PM-42' });
    res = await c.owner!.put(`/api/service-requests/requests/${r.id}`, { content: '<b>Edited</b>' });
    expect(res.json().content).toBe('<b>Edited</b>');
    res = await c.manager!.put(`/api/service-requests/requests/${r.id}`, { content: 'Not mine' });
    expect(res.json().code).toBe('SRQ_NOT_EDITABLE');
    res = await c.owner!.put(`/api/service-requests/requests/${r.id}`, { internalId: 'mine' });
    expect(res.json().code).toBe('SRQ_NOT_PERMITTED');
    // The rights say so beforehand: the handlers set the internal id and the type, the sender does not.
    const rightsOf = async (key: string) => {
      const detail = (await c[key]!.get(`/api/service-requests/requests/${r.id}`)).json();
      return [detail.canChangeInternalId, detail.canChangeType];
    };
    expect(await rightsOf('manager')).toEqual([true, true]);
    expect(await rightsOf('owner')).toEqual([false, false]);
    res = await c.owner!.put(`/api/service-requests/requests/${r.id}`, { typeId: 'common_area_fault' });
    expect(res.json().code).toBe('SRQ_NOT_PERMITTED');
    const targeted = await sent('owner', { typeId: 'fit_out', targetUserId: ids.tenant });
    res = await c.owner!.put(`/api/service-requests/requests/${targeted.id}`, { public: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SRQ_PUBLICITY_UPDATE_FAILED',
      title: 'Publicity update failed',
    });
  });

  it('changes the type, and the new type’s recipients are added and told', async () => {
    const r = await sent('owner', { typeId: 'fit_out' });
    const res = await c.manager!.put(`/api/service-requests/requests/${r.id}`, {
      typeId: 'housing_association_board',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().typeId).toBe('housing_association_board');
    expect(res.json().recipients.map((x: { userId: string }) => x.userId)).toContain(ids.board);
    const added = (await t.events(SERVICE_REQUEST_EVENTS.recipientAdded)).filter(
      (e) => e.payload.serviceRequestId === r.id,
    );
    expect(added[0]!.payload).toMatchObject({ forwarded: false, audience: { userIds: [ids.board] } });
  });

  it('deletes: the sender while open, a manager any time; nobody else', async () => {
    const r = await sent('tenant', { typeId: 'fit_out' });
    expect((await c.owner!.delete(`/api/service-requests/requests/${r.id}`)).statusCode).toBe(404);
    expect((await c.board!.delete(`/api/service-requests/requests/${r.id}`)).json().code).toBe(
      'SRQ_NOT_DELETABLE',
    );
    expect((await c.tenant!.delete(`/api/service-requests/requests/${r.id}`)).statusCode).toBe(204);
    expect((await c.tenant!.get(`/api/service-requests/requests/${r.id}`)).statusCode).toBe(404);
    const other = await sent('tenant', { typeId: 'fit_out' });
    await c.manager!.put(`/api/service-requests/requests/${other.id}`, { statusKey: 'inprogress' });
    expect((await c.tenant!.delete(`/api/service-requests/requests/${other.id}`)).json().code).toBe(
      'SRQ_NOT_DELETABLE',
    );
    expect((await c.manager!.delete(`/api/service-requests/requests/${other.id}`)).statusCode).toBe(204);
  });
});

describe('recipients, forward and reminders', () => {
  it('lets staff add a member or a partner user as a recipient, who is told; not someone of another company', async () => {
    const r = await sent('tenant', { typeId: 'housing_association_board' });
    let res = await c.tenant!.post(`/api/service-requests/requests/${r.id}/recipients`, {
      userId: ids.owner,
    });
    expect(res.json().code).toBe('SRQ_NOT_PERMITTED');
    res = await c.board!.post(`/api/service-requests/requests/${r.id}/recipients`, { userId: ids.neighbour });
    expect(res.json().code).toBe('SRQ_RECIPIENT_INVALID');
    res = await c.board!.post(`/api/service-requests/requests/${r.id}/recipients`, { userId: ids.manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .recipients.map((x: { userId: string }) => x.userId)
        .sort(),
    ).toEqual([ids.board, ids.manager].sort());
    // Again: nothing changes.
    res = await c.staff!.post(`/api/service-requests/requests/${r.id}/recipients`, { userId: ids.manager });
    expect(res.statusCode).toBe(200);
    const added = (await t.events(SERVICE_REQUEST_EVENTS.recipientAdded)).filter(
      (e) => e.payload.serviceRequestId === r.id,
    );
    expect(added).toHaveLength(1);
    expect(added[0]!.payload.audience).toEqual({ userIds: [ids.manager] });
  });

  it('forwards to a target user, who then reads and handles it; a target must be selected', async () => {
    const r = await sent('tenant', { typeId: 'maintenance_dispatch' });
    let res = await c.manager!.post(`/api/service-requests/requests/${r.id}/forward`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'SRQ_FORWARD_TARGET_REQUIRED',
      title: 'A target user must be selected',
    });
    res = await c.manager!.post(`/api/service-requests/requests/${r.id}/forward`, {
      targetUserId: ids.neighbour,
    });
    expect(res.json()).toMatchObject({
      code: 'SRQ_FORWARD_FAILED',
      title: 'Service request forward failed or invalid',
    });
    res = await c.tenant!.post(`/api/service-requests/requests/${r.id}/forward`, { targetUserId: ids.board });
    expect(res.json().code).toBe('SRQ_NOT_PERMITTED');
    expect((await c.owner!.get(`/api/service-requests/requests/${r.id}`)).statusCode).toBe(404);
    res = await c.manager!.post(`/api/service-requests/requests/${r.id}/forward`, {
      targetUserId: ids.owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    const asOwner = await c.owner!.get(`/api/service-requests/requests/${r.id}`);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toMatchObject({ canChangeStatus: true, canForward: true, canAddRecipient: false });
    res = await c.manager!.post(`/api/service-requests/requests/${r.id}/forward`, {
      targetUserId: ids.owner,
    });
    expect(res.json().code).toBe('SRQ_FORWARD_FAILED');
    const forwarded = (await t.events(SERVICE_REQUEST_EVENTS.recipientAdded)).filter(
      (e) => e.payload.serviceRequestId === r.id,
    );
    expect(forwarded.map((e) => e.payload)).toEqual([
      expect.objectContaining({ forwarded: true, audience: { userIds: [ids.owner] } }),
    ]);
  });

  it('reminds the recipients once an hour per request', async () => {
    const r = await sent('tenant', { typeId: 'maintenance_dispatch' });
    let res = await c.owner!.post(`/api/service-requests/requests/${r.id}/reminder`);
    expect(res.statusCode).toBe(404);
    res = await c.tenant!.post(`/api/service-requests/requests/${r.id}/reminder`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recipients).toBe(2);
    const next = new Date(res.json().nextReminderAt).getTime() - new Date(res.json().remindedAt).getTime();
    expect(next).toBe(3_600_000);
    res = await c.manager!.post(`/api/service-requests/requests/${r.id}/reminder`);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('SRQ_REMINDER_TOO_SOON');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    const reminders = (await t.events(SERVICE_REQUEST_EVENTS.reminderSent)).filter(
      (e) => e.payload.serviceRequestId === r.id,
    );
    expect(reminders).toHaveLength(1);
    expect((reminders[0]!.payload.audience as { userIds: string[] }).userIds.sort()).toEqual(
      [ids.manager, ids.maint].sort(),
    );
    // An hour later it may be sent again.
    await t.query(
      "update service_requests.requests set last_reminder_at = now() - interval '61 minutes' where id = $1",
      [r.id],
    );
    expect((await c.tenant!.get(`/api/service-requests/requests/${r.id}`)).json().canRemind).toBe(true);
    expect((await c.tenant!.post(`/api/service-requests/requests/${r.id}/reminder`)).statusCode).toBe(200);
    await c.manager!.put(`/api/service-requests/requests/${r.id}`, { statusKey: 'closed' });
    await t.query('update service_requests.requests set last_reminder_at = null where id = $1', [r.id]);
    expect((await c.tenant!.post(`/api/service-requests/requests/${r.id}/reminder`)).json().code).toBe(
      'SRQ_ALREADY_CLOSED',
    );
  });
});

describe('the feature', () => {
  it('answers 403 FEATURE_NOT_ACTIVATED where service-requests is off', async () => {
    await t.query("delete from identity.feature_toggles where feature_id = 'service-requests'");
    t.identity.context.features.clear();
    t.serviceRequests.context.features.clear();
    try {
      const res = await c.tenant!.get(`/api/service-requests/requests?housingCompanyId=${linden}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_NOT_ACTIVATED');
    } finally {
      await t.query(
        "insert into identity.feature_toggles (feature_id, scope) values ('service-requests', 'global')",
      );
      t.identity.context.features.clear();
      t.serviceRequests.context.features.clear();
    }
  });
});
