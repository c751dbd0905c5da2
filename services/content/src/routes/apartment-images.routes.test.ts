import { randomUUID } from 'node:crypto';
import type { ApartmentImageList, ApartmentImageUpload } from '@porta/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryApartments } from '../db/schema.js';
import { type ContentTestApp, contentTestApp, loginAs, multipartFile, pngImage } from '../testing/index.js';

describe('apartment images: matched by file name, read by the apartment’s residents', () => {
  let t: ContentTestApp;
  const tokens: Record<string, string> = {};
  /** Linden Court's and Birch Hill's apartments by number. */
  const apt: Record<string, string> = {};
  beforeAll(async () => {
    t = await contentTestApp();
    for (const key of ['admin', 'staff', 'manager', 'othermanager', 'board', 'owner', 'tenant', 'neighbour'])
      tokens[key] = (await loginAs(t.app, key)).accessToken;
    const rows = await t.content.context.db.select().from(directoryApartments);
    for (const row of rows) apt[row.no ?? ''] = row.id;
  }, 120_000);
  afterAll(() => t?.close());

  const as = (key: string) => ({ authorization: `Bearer ${tokens[key]}` });
  const base = (hc: string) => `/api/content/admin/housing-companies/${hc}/apartment-images`;
  const post = (key: string, hc: string, payload: object) =>
    t.app.inject({ method: 'POST', url: base(hc), payload, headers: as(key) });
  const list = async (key: string, hc: string) => {
    const res = await t.app.inject({ method: 'GET', url: base(hc), headers: as(key) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ApartmentImageList>().items;
  };
  const resident = (key: string, apartmentId: string) =>
    t.app.inject({ method: 'GET', url: `/api/content/apartments/${apartmentId}/images`, headers: as(key) });
  async function upload(name: string, purpose = 'image') {
    const { payload, headers } = multipartFile(name, pngImage(800, 600));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/content/admin/assets?purpose=${purpose}`,
      payload,
      headers: { ...headers, ...as('admin') },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  it('knows the apartments’ other identifiers from identity’s directory', async () => {
    const [b12] = await t.content.context.db
      .select()
      .from(directoryApartments)
      .where(eq(directoryApartments.id, apt['B 12']!));
    expect(b12).toMatchObject({ no: 'B 12', apartmentNumber: '12', aptext: 'DEMO-2000-B12' });
  });

  it('stores each file for the apartments its name names and reports the files that match nothing', async () => {
    const both = await upload('b.12__B 14__floor-plan.png');
    const one = await upload('b14__kitchen.png');
    const byAptext = await upload('demo-2000-b12__balcony.png');
    const partly = await upload('B12__Z 99__sauna.png');
    const unknown = await upload('Z 99__nowhere.png');
    const plain = await upload('kitchen.png');
    const empty = await upload('__b12__x.png');
    const otherCompany = await upload('C 1__garden.png');
    const res = await post('admin', t.hc.lindenCourt, {
      assetIds: [both, one, byAptext, partly, unknown, plain, empty, otherCompany],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { files } = res.json<ApartmentImageUpload>();
    expect(files).toEqual([
      {
        assetId: both,
        fileName: 'b.12__B 14__floor-plan.png',
        name: 'floor-plan.png',
        apartments: [
          { id: apt['B 12'], no: 'B 12' },
          { id: apt['B 14'], no: 'B 14' },
        ],
        unmatchedIdentifiers: [],
      },
      {
        assetId: one,
        fileName: 'b14__kitchen.png',
        name: 'kitchen.png',
        apartments: [{ id: apt['B 14'], no: 'B 14' }],
        unmatchedIdentifiers: [],
      },
      {
        assetId: byAptext,
        fileName: 'demo-2000-b12__balcony.png',
        name: 'balcony.png',
        apartments: [{ id: apt['B 12'], no: 'B 12' }],
        unmatchedIdentifiers: [],
      },
      {
        assetId: partly,
        fileName: 'B12__Z 99__sauna.png',
        name: 'sauna.png',
        apartments: [{ id: apt['B 12'], no: 'B 12' }],
        problem: 'unknown_identifiers',
        unmatchedIdentifiers: ['Z 99'],
      },
      {
        assetId: unknown,
        fileName: 'Z 99__nowhere.png',
        name: 'nowhere.png',
        apartments: [],
        problem: 'no_apartment_matched',
        unmatchedIdentifiers: ['Z 99'],
      },
      {
        assetId: plain,
        fileName: 'kitchen.png',
        name: null,
        apartments: [],
        problem: 'no_separator',
        unmatchedIdentifiers: [],
      },
      {
        assetId: empty,
        fileName: '__b12__x.png',
        name: null,
        apartments: [],
        problem: 'empty_part',
        unmatchedIdentifiers: [],
      },
      // Birch Hill's apartment is not Linden Court's.
      {
        assetId: otherCompany,
        fileName: 'C 1__garden.png',
        name: 'garden.png',
        apartments: [],
        problem: 'no_apartment_matched',
        unmatchedIdentifiers: ['C 1'],
      },
    ]);

    const items = await list('manager', t.hc.lindenCourt);
    expect(items.map((i) => [i.apartmentNo, i.name, i.image.id])).toEqual([
      ['B 12', 'balcony.png', byAptext],
      ['B 12', 'floor-plan.png', both],
      ['B 12', 'sauna.png', partly],
      ['B 14', 'floor-plan.png', both],
      ['B 14', 'kitchen.png', one],
    ]);
    expect(items[0]).toMatchObject({
      housingCompanyId: t.hc.lindenCourt,
      apartmentId: apt['B 12'],
      image: { url: `/api/content/assets/${byAptext}`, width: 800, height: 600 },
    });
    expect(await list('admin', t.hc.birchHill)).toEqual([]);
  });

  it('replaces an apartment’s image of the same name', async () => {
    const newer = await upload('B 14__kitchen.png');
    const res = await post('admin', t.hc.lindenCourt, { assetIds: [newer] });
    expect(res.json<ApartmentImageUpload>().files[0]?.apartments).toEqual([{ id: apt['B 14'], no: 'B 14' }]);
    const kitchens = (await list('admin', t.hc.lindenCourt)).filter(
      (i) => i.apartmentNo === 'B 14' && i.name === 'kitchen.png',
    );
    expect(kitchens.map((k) => k.image.id)).toEqual([newer]);
    // Twice in one post: the later file wins.
    const a = await upload('b14__bath.png');
    const b = await upload('B.14__bath.png');
    expect((await post('admin', t.hc.lindenCourt, { assetIds: [a, b] })).statusCode).toBe(200);
    const baths = (await list('admin', t.hc.lindenCourt)).filter((i) => i.name === 'bath.png');
    expect(baths.map((k) => k.image.id)).toEqual([b]);
  });

  it('shows an apartment’s images to its residents and the staff who reach it; others get 404', async () => {
    const tenant = await resident('tenant', apt['B 14']!);
    expect(tenant.statusCode, tenant.body).toBe(200);
    expect(tenant.json().apartmentId).toBe(apt['B 14']);
    expect(tenant.json().items.map((i: { name: string }) => i.name)).toEqual([
      'bath.png',
      'floor-plan.png',
      'kitchen.png',
    ]);
    for (const reader of ['board', 'admin', 'staff', 'manager'])
      expect((await resident(reader, apt['B 14']!)).statusCode, reader).toBe(200);
    // owner owns B 12 in Linden Court, not B 14; the neighbour and Birch Hill's manager are elsewhere.
    for (const reader of ['owner', 'neighbour', 'othermanager']) {
      const res = await resident(reader, apt['B 14']!);
      expect(res.statusCode, reader).toBe(404);
      expect(res.json().code).toBe('CNT_NOT_FOUND');
    }
    expect((await resident('owner', apt['B 12']!)).json().items).toHaveLength(3);
    expect((await resident('neighbour', apt['C 1']!)).json().items).toEqual([]);
    expect((await resident('admin', randomUUID())).statusCode).toBe(404);
  });

  it('removes an image; another company’s or an unknown one answers 404', async () => {
    const [first] = await list('admin', t.hc.lindenCourt);
    const url = (hc: string, id: string) => `${base(hc)}/${id}`;
    const wrongCompany = await t.app.inject({
      method: 'DELETE',
      url: url(t.hc.birchHill, first!.id),
      headers: as('admin'),
    });
    expect(wrongCompany.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: url(t.hc.lindenCourt, first!.id),
      headers: as('admin'),
    });
    expect(removed.statusCode).toBe(204);
    expect((await list('admin', t.hc.lindenCourt)).some((i) => i.id === first!.id)).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: url(t.hc.lindenCourt, first!.id),
      headers: as('admin'),
    });
    expect(again.statusCode).toBe(404);
  });

  it('takes uploaded images only, from the housing-company editors, for a company in reach', async () => {
    const { payload, headers } = multipartFile('b14__minutes.pdf', Buffer.from('%PDF-1.4\n%%EOF'));
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/content/admin/assets?purpose=attachment',
      payload,
      headers: { ...headers, ...as('admin') },
    });
    const notImage = await post('admin', t.hc.lindenCourt, { assetIds: [pdf.json().id] });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().code).toBe('CNT_ASSET_NOT_FOUND');
    expect((await post('admin', t.hc.lindenCourt, { assetIds: [randomUUID()] })).json().code).toBe(
      'CNT_ASSET_NOT_FOUND',
    );
    expect((await post('admin', t.hc.lindenCourt, { assetIds: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => randomUUID());
    expect((await post('admin', t.hc.lindenCourt, { assetIds: tooMany })).statusCode).toBe(400);
    const image = await upload('b14__x.png');
    expect((await post('admin', randomUUID(), { assetIds: [image] })).statusCode).toBe(404);
    // A property manager reads the list but does not add or remove (policy: 403); another company: 404.
    expect((await post('manager', t.hc.lindenCourt, { assetIds: [image] })).statusCode).toBe(403);
    const other = await t.app.inject({
      method: 'GET',
      url: base(t.hc.lindenCourt),
      headers: as('othermanager'),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
  });
});
