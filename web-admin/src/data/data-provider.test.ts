import { SessionClient } from '@porta/web-kit';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../testing/fake-xhr';
import { adminUser, json, mockFetch, problem, tokens } from '../testing/fetch-mock';
import { createDataProvider, DOCUMENTS_API } from './data-provider';
import { createFileFetch, createHttpClient, createUploadSender } from './http-client';
import { RESOURCE_ROUTES, requestBody, resourceUrl } from './resources';

let session: SessionClient;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
});

describe('resource table', () => {
  it('maps each resource to its service', () => {
    expect(resourceUrl('users')).toBe('/api/identity/admin/users');
    expect(Object.keys(RESOURCE_ROUTES)).toContain('users');
  });

  it('maps the staff resources of issue 3 to identity', () => {
    for (const resource of ['housing-companies', 'apartments', 'partner-companies', 'feature-toggles', 'taxonomy-terms']) {
      expect(resourceUrl(resource)).toBe(`/api/identity/admin/${resource}`);
    }
  });

  it('maps the staff service requests to the service-requests service', () => {
    expect(resourceUrl('service-requests')).toBe('/api/service-requests/admin/requests');
  });

  it('refuses a resource no service serves', () => {
    expect(() => resourceUrl('toString')).toThrow(/No service/);
    expect(() => resourceUrl('posts')).toThrow(/No service/);
  });
});

describe('request bodies', () => {
  it('keep only the fields of the request schema, and null only where the schema takes it', () => {
    const form = { ...adminUser(1), phone: null, locale: null, externalId: null, firstName: 'Anna' };
    expect(requestBody('users', 'update', form)).toEqual({
      firstName: 'Anna',
      lastName: 'Last1',
      phone: null,
      externalId: null,
      publicProfile: false,
    });
    expect(requestBody('users', 'create', { email: 'a@b.fi', firstName: 'A', lastName: 'B', locale: null, id: 'x' })).toEqual({
      email: 'a@b.fi',
      firstName: 'A',
      lastName: 'B',
    });
  });
});

describe('httpClient', () => {
  it('adds the bearer token of the session', async () => {
    session.accept(tokens(7));
    const api = mockFetch({ 'GET /api/identity/admin/users/1': () => json({ id: 1 }) });

    const { json: body } = await createHttpClient(session)('/api/identity/admin/users/1');

    expect(body).toEqual({ id: 1 });
    expect(api.sent[0]?.headers.get('authorization')).toBe('Bearer access-7');
    expect(api.sent[0]?.headers.get('accept')).toBe('application/json');
  });

  it('sends no authorization header without a session', async () => {
    const api = mockFetch({ 'GET /api/identity/admin/users/1': () => json({ id: 1 }) });
    await createHttpClient(session)('/api/identity/admin/users/1');
    expect(api.sent[0]?.headers.has('authorization')).toBe(false);
  });

  it("turns problem details into an HttpError carrying the problem's title and status", async () => {
    session.accept(tokens(1));
    mockFetch({
      'GET /api/identity/admin/users': () => problem(403, 'FORBIDDEN', 'Not authorised to see this content.'),
    });

    const error = await createHttpClient(session)('/api/identity/admin/users').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 403,
      message: 'Not authorised to see this content.',
      body: { code: 'FORBIDDEN' },
    });
    expect(session.read()).not.toBeNull();
  });

  it('hands field errors of a problem to the form by field name, and keeps the detail in the message', async () => {
    session.accept(tokens(1));
    mockFetch({
      'POST /api/identity/admin/users': () =>
        json(
          {
            type: 'about:blank',
            title: 'Error on validating the form. Please check you have entered value on each required field.',
            status: 400,
            code: 'VALIDATION_FAILED',
            detail: 'body.email: Email address is invalid',
            errors: [
              { path: 'body.email', message: 'Email address is invalid' },
              { path: 'body.apartmentRole.validUntil', message: 'The end must not be before the start' },
              { path: 'querystring.sort', message: 'Invalid' },
            ],
          },
          400,
        ),
    });

    const error = await createHttpClient(session)('/api/identity/admin/users', { method: 'POST', body: '{}' }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      message:
        'Error on validating the form. Please check you have entered value on each required field. body.email: Email address is invalid',
      body: {
        code: 'VALIDATION_FAILED',
        errors: {
          email: 'Email address is invalid',
          'apartmentRole.validUntil': 'The end must not be before the start',
        },
      },
    });
  });

  it('marks the session expired and clears it when the server answers 401', async () => {
    session.accept(tokens(1));
    mockFetch({ 'GET /api/identity/admin/users': () => problem(401, 'UNAUTHENTICATED', 'Session expired') });

    await expect(createHttpClient(session)('/api/identity/admin/users')).rejects.toMatchObject({ status: 401 });

    expect(session.read()).toBeNull();
    expect(session.getState()).toBe('expired');
  });

  it('refreshes a token refused as stale (its roles changed) and sends the request once more', async () => {
    session.accept(tokens(1));
    const { sent } = mockFetch({
      'GET /api/identity/admin/users': (request) =>
        request.headers.get('authorization') === 'Bearer access-1'
          ? problem(401, 'TOKEN_EXPIRED', 'Session expired')
          : json([adminUser(1)], 200, { 'Content-Range': 'users 0-0/1' }),
      'POST /api/identity/token/refresh': () => json(tokens(2)),
    });

    const answer = await createHttpClient(session)('/api/identity/admin/users');

    expect(answer.json).toEqual([adminUser(1)]);
    expect(sent.map((r) => `${r.method} ${r.path} ${r.headers.get('authorization') ?? ''}`)).toEqual([
      'GET /api/identity/admin/users Bearer access-1',
      'POST /api/identity/token/refresh ',
      'GET /api/identity/admin/users Bearer access-2',
    ]);
    expect(session.getState()).not.toBe('expired');
  });
});

describe('dataProvider', () => {
  it('lists users from the identity service with sort, range and filter, counted by Content-Range', async () => {
    session.accept(tokens(4));
    const rows = [adminUser(26), adminUser(27)];
    const api = mockFetch({
      'GET /api/identity/admin/users': () => json(rows, 200, { 'Content-Range': 'users 25-26/27' }),
    });
    const dataProvider = createDataProvider(createHttpClient(session));

    const result = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'lastName', order: 'DESC' },
      filter: { q: 'anna', enabled: true },
    });

    expect(result).toEqual({ data: rows, total: 27 });
    const sent = api.sent[0];
    expect(sent?.path).toBe('/api/identity/admin/users');
    expect(sent?.headers.get('authorization')).toBe('Bearer access-4');
    expect(JSON.parse(sent?.query.get('sort') ?? '')).toEqual(['lastName', 'DESC']);
    expect(JSON.parse(sent?.query.get('range') ?? '')).toEqual([25, 49]);
    expect(JSON.parse(sent?.query.get('filter') ?? '')).toEqual({ q: 'anna', enabled: true });
  });

  it('reads one user and several users by id from the same service', async () => {
    session.accept(tokens(1));
    const user = adminUser(1);
    const api = mockFetch({
      [`GET /api/identity/admin/users/${user.id}`]: () => json(user),
      'GET /api/identity/admin/users': () => json([user], 200, { 'Content-Range': 'users 0-0/1' }),
    });
    const dataProvider = createDataProvider(createHttpClient(session));

    await expect(dataProvider.getOne('users', { id: user.id })).resolves.toEqual({ data: user });
    await expect(dataProvider.getMany('users', { ids: [user.id] })).resolves.toEqual({ data: [user] });
    expect(JSON.parse(api.sent[1]?.query.get('filter') ?? '')).toEqual({ id: [user.id] });
  });

  it('creates and updates with only the fields the service takes', async () => {
    session.accept(tokens(1));
    const user = adminUser(1);
    const api = mockFetch({
      'POST /api/identity/admin/users': () => json(user, 201),
      [`PUT /api/identity/admin/users/${user.id}`]: () => json(user),
    });
    const dataProvider = createDataProvider(createHttpClient(session));

    await dataProvider.create('users', {
      data: { email: 'x@y.fi', firstName: 'X', lastName: 'Y', roles: ['admin'], apartmentRole: { apartmentId: 'a', role: 'owner' } },
    });
    await dataProvider.update('users', { id: user.id, data: { ...user, firstName: 'Z' }, previousData: user });

    expect(api.sent[0]?.body).toEqual({
      email: 'x@y.fi',
      firstName: 'X',
      lastName: 'Y',
      apartmentRole: { apartmentId: 'a', role: 'owner' },
    });
    expect(api.sent[1]?.body).toEqual({
      firstName: 'Z',
      lastName: 'Last1',
      phone: null,
      locale: 'en_US',
      externalId: null,
      publicProfile: false,
    });
  });

  it('answers a delete the service confirms with 204 with the deleted record', async () => {
    session.accept(tokens(1));
    const term = { id: '3c2b1a09-8f7e-4d6c-9b5a-000000000001', name: 'Uusimaa' };
    mockFetch({ [`DELETE /api/identity/admin/taxonomy-terms/${term.id}`]: () => new Response(null, { status: 204 }) });
    const dataProvider = createDataProvider(createHttpClient(session));

    await expect(dataProvider.delete('taxonomy-terms', { id: term.id, previousData: term })).resolves.toEqual({ data: term });
  });

  it('makes the calls beyond CRUD under identity, with query and body', async () => {
    session.accept(tokens(1));
    const api = mockFetch({
      'DELETE /api/identity/admin/users/u1/apartment-roles/a1/owner': () => new Response(null, { status: 204 }),
      'POST /api/identity/admin/users/u1/bans': () => json({ id: 'b1' }, 201),
    });
    const dataProvider = createDataProvider(createHttpClient(session));

    await dataProvider.call('DELETE', '/admin/users/u1/apartment-roles/a1/owner', { query: { confirm: 'true' } });
    await expect(
      dataProvider.call('POST', '/admin/users/u1/bans', { body: { expiryDate: '2026-12-31', housingCompanyId: null } }),
    ).resolves.toEqual({ id: 'b1' });

    expect(api.sent[0]?.query.get('confirm')).toBe('true');
    expect(api.sent[1]?.body).toEqual({ expiryDate: '2026-12-31', housingCompanyId: null });
    expect(api.sent[1]?.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('sends a PATCH with its body (the documents service changes folders and files with it)', async () => {
    session.accept(tokens(1));
    const api = mockFetch({ 'PATCH /api/documents/documents/d1': () => json({ id: 'd1', name: 'Plan.pdf' }) });
    const dataProvider = createDataProvider(createHttpClient(session));

    await expect(
      dataProvider.call('PATCH', '/documents/d1', { body: { name: 'Plan.pdf' }, api: DOCUMENTS_API }),
    ).resolves.toEqual({ id: 'd1', name: 'Plan.pdf' });
    expect(api.sent[0]?.body).toEqual({ name: 'Plan.pdf' });
  });

  it('uploads a file with the token, telling how far it is, and says by code why one is refused', async () => {
    stubXhr();
    session.accept(tokens(1));
    const api = mockFetch({
      'POST /api/documents/folders/f1/documents': (request) =>
        (request.form?.get('file') as File).name === 'big.dwg'
          ? problem(413, 'DOC_FILE_SIZE', 'File is too large')
          : json({ uploadBatchId: 'b1', documents: [] }, 201),
    });
    const dataProvider = createDataProvider(createHttpClient(session), createFileFetch(session), createUploadSender(session));
    const progress: number[] = [];

    await expect(
      dataProvider.uploadWithProgress('/folders/f1/documents', new File(['1234'], 'plan.pdf'), {
        api: DOCUMENTS_API,
        query: { tags: 'a,b' },
        onProgress: (share) => progress.push(share),
      }),
    ).resolves.toEqual({ uploadBatchId: 'b1', documents: [] });
    expect(progress).toEqual([0.5, 1, 1]);
    expect(api.sent[0]?.query.get('tags')).toBe('a,b');
    expect(api.sent[0]?.headers.get('authorization')).toBe('Bearer access-1');

    const refused = await dataProvider
      .uploadWithProgress('/folders/f1/documents', new File(['1'], 'big.dwg'), { api: DOCUMENTS_API })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(413);
    expect((refused as HttpError).body).toMatchObject({ code: 'DOC_FILE_SIZE' });
  });

  it('refreshes a stale token of an upload and sends the file once more', async () => {
    stubXhr();
    session.accept(tokens(1));
    const { sent } = mockFetch({
      'POST /api/documents/folders/f1/documents': (request) =>
        request.headers.get('authorization') === 'Bearer access-1'
          ? problem(401, 'TOKEN_EXPIRED', 'Session expired')
          : json({ uploadBatchId: 'b1', documents: [] }, 201),
      'POST /api/identity/token/refresh': () => json(tokens(2)),
    });
    const send = createUploadSender(session);

    await expect(send('/api/documents/folders/f1/documents', new File(['1'], 'plan.pdf'))).resolves.toEqual({
      uploadBatchId: 'b1',
      documents: [],
    });
    expect(sent.map((r) => `${r.method} ${r.path} ${r.headers.get('authorization') ?? ''}`)).toEqual([
      'POST /api/documents/folders/f1/documents Bearer access-1',
      'POST /api/identity/token/refresh ',
      'POST /api/documents/folders/f1/documents Bearer access-2',
    ]);
  });

  it('saves a file served to signed-in users, fetched with the token, and says why one is refused', async () => {
    session.accept(tokens(2));
    const url = '/api/service-requests/attachments/0195f0a0-0000-7000-8000-000000000501';
    const api = mockFetch({
      [`GET ${url}`]: () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }),
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:file');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      const dataProvider = createDataProvider(createHttpClient(session), createFileFetch(session));
      await dataProvider.saveFile(url, 'meter.png');
      expect(saved).toEqual(['meter.png']);
      expect(api.sent[0]?.headers.get('authorization')).toBe('Bearer access-2');
      expect(createObjectURL.mock.calls[0]?.[0].size).toBe(3);

      mockFetch({ [`GET ${url}`]: () => problem(404, 'NOT_FOUND', 'Page not found') });
      const refused = await dataProvider.saveFile(url, 'meter.png').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(HttpError);
      expect((refused as HttpError).message).toBe('Page not found');
      expect((refused as HttpError).status).toBe(404);

      mockFetch({ [`GET ${url}`]: () => problem(401, 'UNAUTHENTICATED', 'Session expired') });
      await expect(dataProvider.saveFile(url, 'meter.png')).rejects.toBeInstanceOf(HttpError);
      expect(session.read()).toBeNull();
      expect(session.getState()).toBe('expired');
    } finally {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('rejects a resource that is not in the table', async () => {
    const api = mockFetch({});
    const dataProvider = createDataProvider(createHttpClient(session));
    await expect(
      dataProvider.getList('posts', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toThrow(/No service/);
    expect(api.sent).toHaveLength(0);
  });
});
