import { zAdminPageWrite } from '@porta/contracts';
import { addTestUser } from '@porta/identity/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../db/schema.js';
import {
  type ContentTestApp,
  clientAs,
  contentTestApp,
  multipartFile,
  pngImage,
  writeFields,
} from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

describe('public content pages', () => {
  let t: ContentTestApp;
  let marketing: Client;
  let manager: Client;
  let tenant: Client;
  let image: string;
  const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
  const stored = async () => (await t.content.context.db.select({ n: count() }).from(pages))[0]!.n;

  beforeAll(async () => {
    t = await contentTestApp();
    await addTestUser(t, { key: 'marketing', roles: ['yitMarketing'] });
    marketing = await clientAs(t, 'marketing');
    manager = await clientAs(t, 'manager');
    tenant = await clientAs(t, 'tenant');
    const { payload, headers } = multipartFile('hero.png', pngImage(64, 36));
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/identity/login',
        payload: { email: 'marketing@demo.porta.test', password: 'Demo-Portal-2026' },
      })
    ).json().accessToken as string;
    image = (
      await t.app.inject({
        method: 'POST',
        url: '/api/content/admin/assets?purpose=image',
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      })
    ).json().id as string;
    const db = t.content.context.db;
    await db.insert(pages).values([
      {
        path: 'terms-and-conditions',
        title: 'Käyttöehdot',
        defaultLanguage: 'fi',
        status: 'published',
        imageIds: [image],
        variants: {
          fi: { title: 'Käyttöehdot', html: '<p>Ehdot</p>' },
          en: { title: 'Terms and conditions', html: '<p>Terms</p>' },
        },
      },
      {
        path: 'only-finnish',
        title: 'Vain suomeksi',
        defaultLanguage: 'en',
        status: 'published',
        variants: { fi: { title: 'Vain suomeksi', html: '<p>Suomi</p>' } },
      },
      {
        path: 'unfinished',
        title: 'Unfinished',
        status: 'draft',
        variants: { en: { title: 'Unfinished', html: '<p>Soon</p>' } },
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves a published page by its path without a token, in the language asked for', async () => {
    const res = await anonymous('/api/content/pages?path=%2FTerms-And-Conditions%2F&lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      path: 'terms-and-conditions',
      title: 'Terms and conditions',
      imageUrl: `/api/content/assets/${image}`,
      html: '<p>Terms</p>',
      language: 'en',
    });
    expect((await anonymous('/api/content/pages?path=terms-and-conditions&lang=fi_FI')).json()).toMatchObject(
      {
        title: 'Käyttöehdot',
        language: 'fi',
      },
    );
  });

  it("falls back to the page's default language, then English, then any", async () => {
    for (const lang of ['sv', 'xx', '']) {
      const res = await anonymous(`/api/content/pages?path=terms-and-conditions&lang=${lang}`);
      expect(res.json(), lang).toMatchObject({ title: 'Käyttöehdot', language: 'fi' });
    }
    expect((await anonymous('/api/content/pages?path=terms-and-conditions')).json().language).toBe('fi');
    const res = await anonymous('/api/content/pages?path=only-finnish&lang=sv');
    expect(res.json()).toEqual({
      path: 'only-finnish',
      title: 'Vain suomeksi',
      imageUrl: null,
      html: '<p>Suomi</p>',
      language: 'fi',
    });
  });

  it("answers 404 'Page not found' for drafts and unknown paths", async () => {
    for (const path of ['unfinished', 'no-such-page', 'terms-and-conditions/extra']) {
      const res = await anonymous(`/api/content/pages?path=${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', title: 'Page not found' });
    }
  });

  describe('staff', () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      path: '/Help/Getting-Started/',
      defaultLanguage: 'en',
      variants: {
        en: { title: 'Getting started', html: '<h2>Welcome</h2><script>steal()</script><p style="x">Hi</p>' },
        fi: { title: 'Aloitus', html: '<p>Tervetuloa</p>' },
      },
      imageIds: [image],
      status: 'published',
      ...overrides,
    });

    it('creates a page with a normalised path and sanitised HTML, then serves it', async () => {
      const res = await marketing.post('/api/content/admin/pages', body());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        path: 'help/getting-started',
        title: 'Getting started',
        status: 'published',
        imageIds: [image],
        images: [expect.objectContaining({ id: image })],
      });
      expect(res.json().variants.en.html).toBe('<h2>Welcome</h2><p>Hi</p>');
      const served = await anonymous('/api/content/pages?path=help/getting-started&lang=fi');
      expect(served.json()).toMatchObject({ title: 'Aloitus', html: '<p>Tervetuloa</p>' });
    });

    it('refuses taken or malformed paths and non-editors, storing nothing', async () => {
      const before = await stored();
      const cases: [Client, Record<string, unknown>, number, string][] = [
        [marketing, { path: 'HELP/getting-started' }, 409, 'CNT_PAGE_PATH_IN_USE'],
        [marketing, { path: 'terms-and-conditions/' }, 409, 'CNT_PAGE_PATH_IN_USE'],
        [marketing, { path: 'a b' }, 400, 'VALIDATION_FAILED'],
        [marketing, { path: '../secret' }, 400, 'VALIDATION_FAILED'],
        [marketing, { path: 'ehdot-ä' }, 400, 'VALIDATION_FAILED'],
        [marketing, { path: '///' }, 400, 'VALIDATION_FAILED'],
        [marketing, { variants: { en: { title: '', html: '' } } }, 400, 'VALIDATION_FAILED'],
        [marketing, { path: 'new-page', imageIds: [crypto.randomUUID()] }, 400, 'CNT_ASSET_NOT_FOUND'],
        [manager, { path: 'new-page' }, 403, 'FORBIDDEN'],
      ];
      for (const [client, overrides, status, code] of cases) {
        const res = await client.post('/api/content/admin/pages', body(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
        expect(res.json().code).toBe(code);
      }
      expect(await stored()).toBe(before);
    });

    it('lists pages for the admin area; editors unpublish and delete', async () => {
      const list = await manager.get(
        `/api/content/admin/pages?sort=${encodeURIComponent('["path","ASC"]')}&filter=${encodeURIComponent('{"q":"help"}')}`,
      );
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toBe('pages 0-0/1');
      const [page] = list.json() as { id: string; path: string }[];
      expect(page!.path).toBe('help/getting-started');
      expect((await tenant.get('/api/content/admin/pages')).statusCode).toBe(403);

      const read = (await marketing.get(`/api/content/admin/pages/${page!.id}`)).json();
      const write = writeFields(zAdminPageWrite, read);
      const draft = await marketing.put(`/api/content/admin/pages/${page!.id}`, {
        ...write,
        status: 'draft',
      });
      expect(draft.statusCode).toBe(200);
      expect((await anonymous('/api/content/pages?path=help/getting-started')).statusCode).toBe(404);
      const clash = await marketing.put(`/api/content/admin/pages/${page!.id}`, {
        ...write,
        path: 'only-finnish',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().code).toBe('CNT_PAGE_PATH_IN_USE');
      expect((await marketing.delete(`/api/content/admin/pages/${page!.id}`)).statusCode).toBe(204);
      expect((await marketing.get(`/api/content/admin/pages/${page!.id}`)).statusCode).toBe(404);
    });
  });
});
