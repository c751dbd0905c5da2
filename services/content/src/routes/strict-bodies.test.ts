import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentTestApp, contentTestApp, loginAs } from '../testing/index.js';

/**
 * The staff routes' bodies are strict objects, as everywhere in Porta (docs/architecture.md, "A
 * request"): a field the route does not know, at the top or inside the targeting, a language
 * variant or a related link, is refused with 400 VALIDATION_FAILED naming the field, and nothing
 * is stored; the same body without it is taken.
 */

let t: ContentTestApp;
let token: string;

beforeAll(async () => {
  t = await contentTestApp();
  token = (await loginAs(t.app, 'admin')).accessToken;
}, 120_000);
afterAll(() => t?.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

const everyone = { housingCompanyIds: [], buildingTaxonomies: [] };

/** A body each route takes, by route; `where` names the nested object an unknown field goes into. */
function bodies(): { route: string; body: Record<string, unknown>; nested: string[] }[] {
  const lindenCourt = { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] };
  return [
    {
      route: 'POST /api/content/admin/articles',
      body: { variants: { en: { title: 'Strict' } }, targeting: everyone },
      nested: ['targeting', 'variants.en'],
    },
    {
      route: 'POST /api/content/admin/calendar-entries',
      body: {
        variants: { en: { title: 'Strict' } },
        startAt: '2030-01-01T10:00:00.000Z',
        targeting: everyone,
      },
      nested: ['targeting', 'variants.en'],
    },
    {
      route: 'POST /api/content/admin/contacts',
      body: { name: 'Strict', variants: { en: { title: 'Caretaker' } }, targeting: lindenCourt },
      nested: ['targeting', 'variants.en'],
    },
    {
      route: 'POST /api/content/admin/faqs',
      body: { variants: { en: { question: 'Strict?', answer: '<p>Yes</p>' } }, targeting: everyone },
      nested: ['targeting', 'variants.en'],
    },
    {
      route: 'POST /api/content/admin/pages',
      body: { path: 'strict-page', variants: { en: { title: 'Strict', html: '<p>Page</p>' } } },
      nested: ['variants.en'],
    },
    {
      route: 'POST /api/content/admin/steps',
      body: { variants: { en: { title: 'Strict' } }, targeting: lindenCourt, related: [] },
      nested: ['targeting', 'variants.en'],
    },
  ];
}

/** The body with `surprise: 1` added at the path ('' the top). */
function withUnknown(body: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const key of path.split('.').filter(Boolean)) node = node[key] as Record<string, unknown>;
  node.surprise = 1;
  return copy;
}

describe('strict bodies of the content staff routes', () => {
  it('refuses an unknown field anywhere in a create with 400 VALIDATION_FAILED, and takes the body without it', async () => {
    for (const { route, body, nested } of bodies()) {
      const [method, url] = route.split(' ') as ['POST', string];
      for (const path of ['', ...nested]) {
        const res = await send(method, url, withUnknown(body, path));
        expect(res.statusCode, `${route} ${path}: ${res.body}`).toBe(400);
        expect(res.json(), route).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: [{ path: ['body', path, 'surprise'].filter(Boolean).join('.'), message: 'Unknown field' }],
        });
      }
      const res = await send(method, url, body);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(201);
    }
  });

  it('refuses an unknown field in a replace, a related link and a publish', async () => {
    const article = await send('POST', '/api/content/admin/articles', {
      variants: { en: { title: 'To replace' } },
    });
    const { id } = article.json<{ id: string }>();
    const put = await send('PUT', `/api/content/admin/articles/${id}`, {
      variants: { en: { title: 'Replaced' } },
      id,
      createdAt: '2030-01-01T00:00:00.000Z',
    });
    expect(put.statusCode).toBe(400);
    expect(
      put
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.createdAt', 'body.id']);
    const step = await send('POST', '/api/content/admin/steps', {
      variants: { en: { title: 'Related' } },
      targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
      related: [{ type: 'article', id, title: 'Shown in the form' }],
    });
    expect(step.statusCode).toBe(400);
    expect(step.json().errors).toEqual([{ path: 'body.related.0.title', message: 'Unknown field' }]);
    const publish = await send('POST', `/api/content/admin/articles/${id}/publish`, {
      publishAt: null,
      now: true,
    });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().errors).toEqual([{ path: 'body.now', message: 'Unknown field' }]);
    // Without them: taken (the publish of a made-up id gets as far as its 404).
    expect(
      (await send('POST', `/api/content/admin/articles/${id}/publish`, { publishAt: null })).statusCode,
    ).toBe(200);
    expect(
      (await send('POST', `/api/content/admin/articles/${randomUUID()}/publish`, { publishAt: null }))
        .statusCode,
    ).toBe(404);
  });
});
