import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentTestApp, contentTestApp, loginAs, multipartFile, pngImage } from '../testing/index.js';

describe('housing company pictures: set by housing-company editors, read by the company’s residents', () => {
  let t: ContentTestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await contentTestApp();
    for (const key of ['admin', 'staff', 'manager', 'owner', 'tenant', 'neighbour'])
      tokens[key] = (await loginAs(t.app, key)).accessToken;
  }, 120_000);
  afterAll(() => t?.close());

  const as = (key: string) => ({ authorization: `Bearer ${tokens[key]}` });
  const read = (key: string, hc: string) =>
    t.app.inject({ method: 'GET', url: `/api/content/housing-companies/${hc}/image`, headers: as(key) });
  const set = (key: string, hc: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/content/admin/housing-companies/${hc}/image`,
      payload,
      headers: as(key),
    });
  const remove = (key: string, hc: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/content/admin/housing-companies/${hc}/image`,
      headers: as(key),
    });
  async function upload(purpose: string, name: string, data: Buffer) {
    const { payload, headers } = multipartFile(name, data);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/content/admin/assets?purpose=${purpose}`,
      payload,
      headers: { ...headers, ...as('admin') },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; url: string }>();
  }

  it('has no picture until one is set; then residents read it and the file is served', async () => {
    const none = await read('owner', t.hc.lindenCourt);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ housingCompanyId: t.hc.lindenCourt, image: null, updatedAt: null });

    const asset = await upload('image', 'linden-court.png', pngImage(1200, 900));
    const res = await set('admin', t.hc.lindenCourt, { imageId: asset.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      housingCompanyId: t.hc.lindenCourt,
      image: { id: asset.id, url: `/api/content/assets/${asset.id}`, width: 1200, height: 900 },
    });

    for (const reader of ['owner', 'tenant', 'manager', 'staff']) {
      const got = await read(reader, t.hc.lindenCourt);
      expect(got.statusCode, reader).toBe(200);
      expect(got.json().image.id, reader).toBe(asset.id);
      expect(typeof got.json().updatedAt).toBe('string');
    }
    const file = await t.app.inject({ method: 'GET', url: asset.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    // The staff app reads it by the admin route too.
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/content/admin/housing-companies/${t.hc.lindenCourt}/image`,
      headers: as('manager'),
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().image.id).toBe(asset.id);
  });

  it('answers another company’s picture with 404, as for a company that does not exist', async () => {
    const asset = await upload('image', 'birch-hill.png', pngImage(800, 600));
    expect((await set('admin', t.hc.birchHill, { imageId: asset.id })).statusCode).toBe(200);

    // tenant and owner live in Linden Court (owner also in Harbour View), not in Birch Hill.
    for (const reader of ['tenant', 'owner']) {
      const res = await read(reader, t.hc.birchHill);
      expect(res.statusCode, reader).toBe(404);
      expect(res.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
      expect(res.body).not.toContain(asset.id);
    }
    // Birch Hill's own resident reads it; the neighbour does not read Linden Court's.
    expect((await read('neighbour', t.hc.birchHill)).json().image.id).toBe(asset.id);
    expect((await read('neighbour', t.hc.lindenCourt)).statusCode).toBe(404);
    // Linden Court's manager does not reach Birch Hill in the staff app either.
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/content/admin/housing-companies/${t.hc.birchHill}/image`,
      headers: as('manager'),
    });
    expect(staff.statusCode).toBe(404);
    expect((await read('staff', randomUUID())).statusCode).toBe(404);
  });

  it('replaces the picture, and removes it so that the company has none', async () => {
    const first = await upload('article-image', 'harbour-1.png', pngImage(1600, 900));
    const second = await upload('image', 'harbour-2.png', pngImage(1000, 1000));
    expect((await set('admin', t.hc.harbourView, { imageId: first.id })).statusCode).toBe(200);
    expect((await set('admin', t.hc.harbourView, { imageId: second.id })).json().image.id).toBe(second.id);
    expect((await read('owner', t.hc.harbourView)).json().image.id).toBe(second.id);

    const removed = await remove('admin', t.hc.harbourView);
    expect(removed.statusCode).toBe(204);
    expect((await read('owner', t.hc.harbourView)).json()).toMatchObject({ image: null, updatedAt: null });
    // Removing again is no error.
    expect((await remove('admin', t.hc.harbourView)).statusCode).toBe(204);
  });

  it('takes only an uploaded image, for a company that exists, from the housing-company editors', async () => {
    const attachment = await upload('attachment', 'minutes.pdf', Buffer.from('%PDF-1.4\n%%EOF'));
    const notImage = await set('admin', t.hc.lindenCourt, { imageId: attachment.id });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().code).toBe('CNT_ASSET_NOT_FOUND');
    const unknown = await set('admin', t.hc.lindenCourt, { imageId: randomUUID() });
    expect(unknown.json().code).toBe('CNT_ASSET_NOT_FOUND');
    const strict = await set('admin', t.hc.lindenCourt, { imageId: randomUUID(), url: 'x' });
    expect(strict.statusCode).toBe(400);
    expect(strict.json().code).toBe('VALIDATION_FAILED');

    const asset = await upload('image', 'nowhere.png', pngImage(800, 600));
    const nowhere = await set('admin', randomUUID(), { imageId: asset.id });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');

    // A property manager reads the picture but does not change it (policy: 403).
    expect((await set('manager', t.hc.lindenCourt, { imageId: asset.id })).statusCode).toBe(403);
    expect((await remove('manager', t.hc.lindenCourt)).statusCode).toBe(403);
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/content/openapi.json' });
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/content/housing-companies/{id}/image'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/content/admin/housing-companies/{id}/image'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
  });
});
