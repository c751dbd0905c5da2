import { SessionClient } from '@porta/web-kit';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { copyEntityOf, resourceOfCopyEntity } from '../content/copy';
import { article, campaign } from '../content/testing';
import { json, mockFetch, problem, tokens } from '../testing/fetch-mock';
import { CONTENT_API, createDataProvider } from './data-provider';
import { createHttpClient } from './http-client';
import { requestBody, resourceUrl } from './resources';

let session: SessionClient;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

const provider = () => createDataProvider(createHttpClient(session));

describe('content resources', () => {
  it('live under /api/content/admin, by the API names of the spec addresses', () => {
    expect(resourceUrl('news')).toBe('/api/content/admin/articles');
    expect(resourceUrl('calendar')).toBe('/api/content/admin/calendar-entries');
    for (const resource of [
      'contacts',
      'campaigns',
      'steps',
      'faqs',
      'pages',
      'feedback',
      'shop-partners',
      'feeds',
    ]) {
      expect(resourceUrl(resource)).toBe(`/api/content/admin/${resource}`);
    }
    // the service's own names reach the same data; identity's stay where they were
    expect(resourceUrl('articles')).toBe('/api/content/admin/articles');
    expect(resourceUrl('calendar-entries')).toBe('/api/content/admin/calendar-entries');
    expect(resourceUrl('users')).toBe('/api/identity/admin/users');
  });

  it('map the copy entities to the screens (articles → news)', () => {
    expect(copyEntityOf('news')).toBe('articles');
    expect(copyEntityOf('calendar')).toBe('calendar-entries');
    expect(copyEntityOf('faqs')).toBeNull();
    expect(copyEntityOf('users')).toBeNull();
    expect(resourceOfCopyEntity('articles')).toBe('news');
    expect(resourceOfCopyEntity('steps')).toBe('steps');
    expect(resourceOfCopyEntity('pages')).toBeNull();
  });

  it('send only the fields of the request contract', () => {
    const record = article(1, { category: 'water' });
    const body = requestBody('news', 'update', record);
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('author');
    expect(body).not.toHaveProperty('images');
    expect(body).toMatchObject({ defaultLanguage: 'en', category: 'water', imageIds: [], archiveAt: null });
    expect(Object.keys(requestBody('campaigns', 'update', campaign(1)))).not.toContain('copiedFrom');
  });

  it('lists articles with the ra-data-simple-rest query and checks each record against the contract', async () => {
    const rows = [article(1), article(2)];
    const api = mockFetch({
      'GET /api/content/admin/articles': () => json(rows, 200, { 'Content-Range': 'articles 0-1/7' }),
    });

    const result = await provider().getList('news', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'publishAt', order: 'DESC' },
      filter: { status: 'draft', scheduled: true },
    });

    expect(result.total).toBe(7);
    expect(result.data.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    const sent = api.sent[0]!;
    expect(JSON.parse(sent.query.get('filter')!)).toEqual({ status: 'draft', scheduled: true });
    expect(JSON.parse(sent.query.get('range')!)).toEqual([0, 24]);
  });

  it('refuses an answer that does not match the contract (content could not be loaded)', async () => {
    mockFetch({
      'GET /api/content/admin/articles/x': () => json({ id: 'x', title: 'No meta' }),
    });
    const error = await provider()
      .getOne('news', { id: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('porta.common.load_failed');
  });

  it('turns a problem about one field into that field error, in words, keeping the message', async () => {
    mockFetch({
      'POST /api/content/admin/articles': () =>
        problem(
          400,
          'CNT_STICKY_EXPIRY_REQUIRED',
          'A sticky item needs a sticky expiration date that is not before today.',
        ),
      'POST /api/content/admin/campaigns': () => problem(400, 'CNT_PARTNER_REQUIRED', 'Choose a partner.'),
    });

    const articleError = (await provider()
      .create('news', { data: { variants: { en: { title: 'x' } } } })
      .catch((e: unknown) => e)) as HttpError;
    expect(articleError.status).toBe(400);
    expect(articleError.message).toBe(
      'A sticky item needs a sticky expiration date that is not before today.',
    );
    expect(articleError.body).toMatchObject({
      code: 'CNT_STICKY_EXPIRY_REQUIRED',
      errors: { stickyUntil: 'porta.errors.CNT_STICKY_EXPIRY_REQUIRED' },
    });

    const campaignError = (await provider()
      .create('campaigns', { data: { variants: { en: { title: 'x' } } } })
      .catch((e: unknown) => e)) as HttpError;
    expect(campaignError.body).toMatchObject({
      errors: { shopPartnerId: 'porta.errors.CNT_PARTNER_REQUIRED' },
    });
  });

  it('reaches the content service with call, download and upload', async () => {
    const api = mockFetch({
      'POST /api/content/admin/articles/a1/publish': () => json({ ok: true }),
      'POST /api/content/admin/assets': () => json({ id: 'asset' }, 201),
    });
    const dataProvider = provider();

    await dataProvider.call('POST', '/admin/articles/a1/publish', {
      body: { publishAt: null },
      api: CONTENT_API,
    });
    await dataProvider.upload('/admin/assets', new File(['x'], 'a.png', { type: 'image/png' }), {
      query: { purpose: 'article-image' },
      api: CONTENT_API,
    });

    expect(api.sent[0]?.body).toEqual({ publishAt: null });
    const upload = api.sent[1]!;
    expect(upload.query.get('purpose')).toBe('article-image');
    // multipart: the browser sets the content type with its boundary
    expect(upload.headers.get('content-type')).toBeNull();
    expect(upload.headers.get('authorization')).toBe('Bearer access-1');
  });
});
