import { randomUUID } from 'node:crypto';
import { SERVICE_REQUEST_CHANGE_EVENTS } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  loginAs,
  multipartFile,
  PDF,
  type ServiceRequestsTestApp,
  serviceRequestsTestApp,
} from '../testing/index.js';

/**
 * Changing what was written on a request of Linden Court: the writer of a response edits and
 * deletes it while the request is not closed; admin, the developer's staff and the company's
 * property and maintenance managers delete any response (moderation); the uploader of a file
 * removes it while the request is not closed, and the same managers any. A deleted response keeps
 * its place without content or files. Whoever may not read the request gets 404 as everywhere.
 */

let t: ServiceRequestsTestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const P = '/api/service-requests';

beforeAll(async () => {
  t = await serviceRequestsTestApp();
  await addTestUser(t, {
    key: 'maint',
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'maintenanceManager' }],
  });
  for (const key of ['owner', 'tenant', 'board', 'manager', 'maint', 'neighbour', 'staff', 'admin']) {
    tokens[key] = (await loginAs(t.app, key)).accessToken;
    ids[key] = await t.userId(key);
  }
}, 120_000);
afterAll(() => t?.close());

const call = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${P}${url}`,
    headers: { authorization: `Bearer ${tokens[key]}` },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

interface Detail {
  id: string;
  statusKey: string;
  responseCount: number;
  attachments: { id: string; url: string; canRemove: boolean }[];
  responses: {
    id: string;
    content: string;
    editedAt: string | null;
    isDeleted: boolean;
    canEdit: boolean;
    canDelete: boolean;
    attachments: { id: string; url: string; canRemove: boolean }[];
  }[];
}

async function upload(key: string, name = 'file.pdf') {
  const { payload, headers } = multipartFile(name, PDF);
  const res = await t.app.inject({
    method: 'POST',
    url: `${P}/attachments?housingCompanyId=${t.hc.lindenCourt}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${tokens[key]}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; url: string; canRemove: boolean }>();
}

/** A public request of the tenant (the owner reads it too), with a file. */
async function request(body: Record<string, unknown> = {}) {
  const file = await upload('tenant', 'photo.pdf');
  const res = await call('tenant', 'POST', '/requests', {
    housingCompanyId: t.hc.lindenCourt,
    typeId: 'maintenance_dispatch',
    content: 'The sink leaks',
    public: true,
    attachmentIds: [file.id],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: string }>().id, file };
}

async function answer(key: string, id: string, content = 'On it', attachmentIds: string[] = []) {
  const res = await call(key, 'POST', `/requests/${id}/responses`, { content, attachmentIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Detail>().responses.at(-1)!;
}

const detail = async (key: string, id: string) => (await call(key, 'GET', `/requests/${id}`)).json<Detail>();
const close = async (id: string) =>
  expect((await call('manager', 'PUT', `/requests/${id}`, { statusKey: 'closed' })).statusCode).toBe(200);
const stored = async (attachmentId: string) =>
  (
    await t.query<{ n: number }>(
      'select count(*)::int as n from service_requests.attachments where id = $1',
      [attachmentId],
    )
  )[0]!.n;

describe('editing a response', () => {
  it('lets its writer edit it while the request is not closed, sanitised, marked as edited and recorded', async () => {
    const { id } = await request();
    const mine = await answer('tenant', id, 'First words');
    expect(mine).toMatchObject({ canEdit: true, canDelete: true, editedAt: null, isDeleted: false });
    const res = await call('tenant', 'PUT', `/requests/${id}/responses/${mine.id}`, {
      content: '<p>Better words<script>alert(1)</script></p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<Detail>().responses.find((r) => r.id === mine.id)!;
    expect(edited.content).toBe('<p>Better words</p>');
    expect(edited.editedAt).not.toBeNull();
    const events = (await t.events(SERVICE_REQUEST_CHANGE_EVENTS.responseUpdated)).filter(
      (e) => e.payload.responseId === mine.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      actorId: ids.tenant,
      authorId: ids.tenant,
      serviceRequestId: id,
    });
    // In progress is not closed.
    await call('manager', 'PUT', `/requests/${id}`, { statusKey: 'inprogress' });
    expect(
      (await call('tenant', 'PUT', `/requests/${id}/responses/${mine.id}`, { content: 'Again' })).statusCode,
    ).toBe(200);
    // Content is required once sanitised, as when answering.
    const blank = await call('tenant', 'PUT', `/requests/${id}/responses/${mine.id}`, {
      content: '<p> </p>',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe('SRQ_CONTENT_REQUIRED');
  });

  it('refuses everyone else with 403, managers and admin included', async () => {
    const { id } = await request();
    const theirs = await answer('tenant', id, 'Mine');
    for (const key of ['owner', 'manager', 'staff', 'admin']) {
      const res = await call(key, 'PUT', `/requests/${id}/responses/${theirs.id}`, { content: 'Changed' });
      expect(res.statusCode, key).toBe(403);
      expect(res.json().code, key).toBe('SRQ_RESPONSE_NOT_EDITABLE');
    }
    expect((await detail('manager', id)).responses[0]).toMatchObject({
      content: 'Mine',
      canEdit: false,
      canDelete: true,
    });
    expect((await detail('owner', id)).responses[0]).toMatchObject({ canEdit: false, canDelete: false });
  });

  it('refuses its writer once the request is closed', async () => {
    const { id } = await request();
    const mine = await answer('tenant', id, 'Mine');
    await close(id);
    expect((await detail('tenant', id)).responses[0]).toMatchObject({ canEdit: false, canDelete: false });
    const res = await call('tenant', 'PUT', `/requests/${id}/responses/${mine.id}`, { content: 'Late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SRQ_ALREADY_CLOSED');
    const del = await call('tenant', 'DELETE', `/requests/${id}/responses/${mine.id}`);
    expect(del.statusCode).toBe(409);
    expect((await detail('tenant', id)).responses[0]!.content).toBe('Mine');
  });

  it('answers 404 for a request the caller may not read, an unknown one, or a response not on it', async () => {
    const { id } = await request({ public: false });
    const response = await answer('manager', id);
    const other = await request();
    for (const [key, url, code] of [
      ['neighbour', `/requests/${id}/responses/${response.id}`, 'SRQ_NOT_FOUND'],
      ['owner', `/requests/${id}/responses/${response.id}`, 'SRQ_NOT_FOUND'],
      ['tenant', `/requests/${randomUUID()}/responses/${response.id}`, 'SRQ_NOT_FOUND'],
      ['tenant', `/requests/${id}/responses/${randomUUID()}`, 'SRQ_RESPONSE_NOT_FOUND'],
      ['manager', `/requests/${other.id}/responses/${response.id}`, 'SRQ_RESPONSE_NOT_FOUND'],
    ] as const) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await call(key, method, url, method === 'PUT' ? { content: 'x' } : undefined);
        expect(res.statusCode, `${method} ${url} as ${key}`).toBe(404);
        expect(res.json().code).toBe(code);
        expect(res.body).not.toContain('On it');
      }
    }
    expect((await detail('manager', id)).responses[0]).toMatchObject({ content: 'On it', isDeleted: false });
  });
});

describe('deleting a response', () => {
  it('lets its writer delete it: it keeps its place without content or files', async () => {
    const { id } = await request();
    const file = await upload('tenant', 'reply.pdf');
    const mine = await answer('tenant', id, 'Delete me', [file.id]);
    await answer('manager', id, 'After it');
    const res = await call('tenant', 'DELETE', `/requests/${id}/responses/${mine.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Detail>();
    expect(after.responseCount).toBe(2);
    expect(after.responses.map((r) => r.isDeleted)).toEqual([true, false]);
    expect(after.responses[0]).toMatchObject({
      content: '',
      attachments: [],
      canEdit: false,
      canDelete: false,
    });
    expect(await stored(file.id)).toBe(0);
    expect((await call('tenant', 'GET', `/attachments/${file.id}`)).statusCode).toBe(404);
    const seen = await detail('manager', id);
    expect(seen.responses[0]).toMatchObject({ isDeleted: true, content: '' });
    // A deleted response is done with.
    const edit = await call('tenant', 'PUT', `/requests/${id}/responses/${mine.id}`, { content: 'Back' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('SRQ_RESPONSE_DELETED');
    expect((await call('manager', 'DELETE', `/requests/${id}/responses/${mine.id}`)).json().code).toBe(
      'SRQ_RESPONSE_DELETED',
    );
    const [event] = (await t.events(SERVICE_REQUEST_CHANGE_EVENTS.responseDeleted)).filter(
      (e) => e.payload.responseId === mine.id,
    );
    expect(event!.payload).toMatchObject({ actorId: ids.tenant, authorId: ids.tenant });
  });

  it("lets the company's property and maintenance managers, the developer's staff and admin delete any, closed too", async () => {
    const { id } = await request();
    const written: Detail['responses'] = [];
    for (let i = 0; i < 4; i++) written.push(await answer('tenant', id, `Reply ${i}`));
    await close(id);
    for (const [i, key] of ['manager', 'maint', 'staff', 'admin'].entries()) {
      const res = await call(key, 'DELETE', `/requests/${id}/responses/${written[i]!.id}`);
      expect(res.statusCode, key).toBe(200);
    }
    expect((await detail('tenant', id)).responses.every((r) => r.isDeleted)).toBe(true);
    const [event] = (await t.events(SERVICE_REQUEST_CHANGE_EVENTS.responseDeleted)).filter(
      (e) => e.payload.responseId === written[0]!.id,
    );
    expect(event!.payload).toMatchObject({ actorId: ids.manager, authorId: ids.tenant });
  });

  it('refuses other readers, handlers without moderation (the board) included', async () => {
    const { id } = await request();
    const theirs = await answer('manager', id, 'From the manager');
    for (const key of ['tenant', 'owner', 'board']) {
      const res = await call(key, 'DELETE', `/requests/${id}/responses/${theirs.id}`);
      expect(res.statusCode, key).toBe(403);
      expect(res.json().code).toBe('SRQ_RESPONSE_NOT_DELETABLE');
    }
    expect((await detail('board', id)).responses[0]).toMatchObject({ isDeleted: false, canDelete: false });
  });
});

describe('removing an attachment', () => {
  it('lets the uploader remove one from their request and from their response while not closed', async () => {
    const { id, file } = await request();
    expect((await detail('tenant', id)).attachments).toEqual([
      expect.objectContaining({ id: file.id, canRemove: true }),
    ]);
    expect((await detail('owner', id)).attachments[0]!.canRemove).toBe(false);
    const res = await call('tenant', 'DELETE', `/requests/${id}/attachments/${file.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Detail>().attachments).toEqual([]);
    expect(await stored(file.id)).toBe(0);
    const again = await call('tenant', 'DELETE', `/requests/${id}/attachments/${file.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('SRQ_ATTACHMENT_MISSING');

    const doc = await upload('tenant', 'more.pdf');
    const mine = await answer('tenant', id, 'See the file', [doc.id]);
    expect(mine.attachments[0]!.canRemove).toBe(true);
    // On the response, not on the request.
    expect((await call('tenant', 'DELETE', `/requests/${id}/attachments/${doc.id}`)).statusCode).toBe(404);
    const removed = await call(
      'tenant',
      'DELETE',
      `/requests/${id}/responses/${mine.id}/attachments/${doc.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Detail>().responses[0]).toMatchObject({ content: 'See the file', attachments: [] });
    const [event] = (await t.events(SERVICE_REQUEST_CHANGE_EVENTS.attachmentRemoved)).filter(
      (e) => e.payload.attachmentId === doc.id,
    );
    expect(event!.payload).toMatchObject({ actorId: ids.tenant, authorId: ids.tenant, responseId: mine.id });
  });

  it('refuses other readers and the uploader once closed; managers remove any, closed too', async () => {
    const { id, file } = await request();
    const doc = await upload('manager', 'answer.pdf');
    const theirs = await answer('manager', id, 'Report attached', [doc.id]);
    for (const key of ['owner', 'board']) {
      const res = await call(key, 'DELETE', `/requests/${id}/attachments/${file.id}`);
      expect(res.statusCode, key).toBe(403);
      expect(res.json().code).toBe('SRQ_ATTACHMENT_NOT_REMOVABLE');
    }
    const notMine = await call(
      'tenant',
      'DELETE',
      `/requests/${id}/responses/${theirs.id}/attachments/${doc.id}`,
    );
    expect(notMine.json().code).toBe('SRQ_ATTACHMENT_NOT_REMOVABLE');
    await close(id);
    const late = await call('tenant', 'DELETE', `/requests/${id}/attachments/${file.id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('SRQ_ALREADY_CLOSED');
    expect((await detail('tenant', id)).attachments[0]!.canRemove).toBe(false);
    expect((await call('staff', 'DELETE', `/requests/${id}/attachments/${file.id}`)).statusCode).toBe(200);
    expect(
      (await call('manager', 'DELETE', `/requests/${id}/responses/${theirs.id}/attachments/${doc.id}`))
        .statusCode,
    ).toBe(200);
    const after = await detail('tenant', id);
    expect(after.attachments).toEqual([]);
    expect(after.responses[0]!.attachments).toEqual([]);
  });

  it('answers 404 to those who may not read the request, and for a file of another request', async () => {
    const { id, file } = await request({ public: false });
    const other = await request();
    for (const [key, url] of [
      ['neighbour', `/requests/${id}/attachments/${file.id}`],
      ['owner', `/requests/${id}/attachments/${file.id}`],
      ['manager', `/requests/${other.id}/attachments/${file.id}`],
      ['tenant', `/requests/${id}/attachments/${randomUUID()}`],
    ] as const) {
      expect((await call(key, 'DELETE', url)).statusCode, `${url} as ${key}`).toBe(404);
    }
    expect(await stored(file.id)).toBe(1);
  });
});
