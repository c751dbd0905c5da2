import { COMMENT_IMAGE_MAX_BYTES } from '@porta/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../db/schema.js';
import { purgeUnattachedImages } from '../domain/images.js';
import {
  type CommunityTestApp,
  communityTestApp,
  loginAs,
  multipartFile,
  pngImage,
} from '../testing/index.js';

let t: CommunityTestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await communityTestApp();
  for (const key of ['owner', 'tenant', 'board', 'neighbour', 'staff', 'partner'])
    tokens[key] = (await loginAs(t.app, key)).accessToken;
}, 60_000);
afterAll(() => t?.close());

const auth = (key: string) => ({ authorization: `Bearer ${tokens[key]}` });

async function upload(as: string, name: string, data: Buffer, housingCompanyId = t.hc.lindenCourt) {
  const { payload, headers } = multipartFile(name, data, 'image/png');
  return t.app.inject({
    method: 'POST',
    url: `/api/community/images?housingCompanyId=${housingCompanyId}`,
    payload,
    headers: { ...headers, ...auth(as) },
  });
}

const get = (as: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: as ? auth(as) : {} });
const post = (as: string, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: auth(as), payload: payload as Record<string, unknown> });

const stored = async () => (await t.community.context.db.select().from(images)).length;

/** A GIF header and a JPEG header: enough for the byte check. */
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
]);

async function discussion() {
  const res = await post('owner', '/api/community/discussions', {
    housingCompanyId: t.hc.lindenCourt,
    title: 'Photos',
    body: 'Look',
  });
  return res.json<{ id: string }>().id;
}

describe('comment images', () => {
  it('takes a png, gif, jpg and jpeg by their bytes, puts them on a comment and serves them to members only', async () => {
    const refs = [];
    for (const [name, data] of [
      ['yard.png', pngImage(40, 30)],
      ['anim.gif', GIF],
      ['photo.jpg', JPEG],
      ['PHOTO.JPEG', JPEG],
    ] as const) {
      const res = await upload('tenant', name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      refs.push(res.json());
    }
    expect(refs.map((r) => r.mimeType)).toEqual(['image/png', 'image/gif', 'image/jpeg', 'image/jpeg']);
    // Before it is on a comment only the uploader sees it.
    expect((await get('tenant', refs[0].url)).statusCode).toBe(200);
    expect((await get('owner', refs[0].url)).statusCode).toBe(404);
    const d = await discussion();
    const res = await post('tenant', `/api/community/discussions/${d}/comments`, {
      body: 'Our yard',
      imageIds: refs.map((r) => r.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().images.map((i: { id: string }) => i.id)).toEqual(refs.map((r) => r.id));
    const served = await get('owner', refs[0].url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(pngImage(40, 30))).toBe(true);
    expect((await get('staff', refs[0].url)).statusCode).toBe(200);
    for (const key of ['neighbour', 'partner'])
      expect((await get(key, refs[0].url)).statusCode, key).toBe(404);
    expect((await get(null, refs[0].url)).statusCode).toBe(401);
    // An image already on a comment cannot be put on another.
    const again = await post('tenant', `/api/community/discussions/${d}/comments`, {
      body: 'Again',
      imageIds: [refs[0].id],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('COM_IMAGE_NOT_FOUND');
  });

  it.each([
    ['text bytes named .png', 'fake.png', Buffer.from('<script>alert(1)</script>'), 'COM_MIME_TYPE'],
    ['a png named .jpg', 'photo.jpg', pngImage(10, 10), 'COM_MIME_TYPE'],
    ['a gif named .png', 'anim.png', GIF, 'COM_MIME_TYPE'],
    ['a pdf', 'minutes.pdf', Buffer.from('%PDF-1.4\n%%EOF'), 'COM_FILE_EXTENSION'],
    ['a webp name', 'photo.webp', pngImage(10, 10), 'COM_FILE_EXTENSION'],
    ['no extension', 'photo', pngImage(10, 10), 'COM_FILE_EXTENSION'],
    ['an empty file', 'empty.png', Buffer.alloc(0), 'COM_FILE_SIZE'],
    ['a backslash in the name', 'a\\b.png', pngImage(10, 10), 'COM_ILLEGAL_CHARACTERS'],
    ['a path in the name', '../../etc/b.png', pngImage(10, 10), 'COM_ILLEGAL_CHARACTERS'],
  ])('refuses %s with %s and stores nothing', async (_what, name, data, code) => {
    const before = await stored();
    const res = await upload('tenant', name, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await stored()).toBe(before);
  });

  it('refuses an image over 35,000,000 bytes and stores nothing', async () => {
    const before = await stored();
    const png = pngImage(10, 10);
    const big = Buffer.alloc(COMMENT_IMAGE_MAX_BYTES + 1);
    png.copy(big);
    const res = await upload('tenant', 'huge.png', big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'COM_FILE_SIZE', title: 'file_size' });
    expect(await stored()).toBe(before);
  });

  it('refuses uploads for another housing company and images of others on a comment', async () => {
    const other = await upload('neighbour', 'x.png', pngImage(10, 10), t.hc.lindenCourt);
    expect(other.statusCode).toBe(404);
    const mine = (await upload('owner', 'mine.png', pngImage(10, 10))).json();
    const d = await discussion();
    const res = await post('tenant', `/api/community/discussions/${d}/comments`, {
      body: 'Not mine',
      imageIds: [mine.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('COM_IMAGE_NOT_FOUND');
    // The refused comment was not stored.
    const list = (await get('owner', `/api/community/discussions/${d}/comments`)).json();
    expect(list.total).toBe(0);
  });

  it('removes the images with a deleted comment, and purges images never used', async () => {
    const ref = (await upload('tenant', 'gone.png', pngImage(10, 10))).json();
    const unused = (await upload('tenant', 'unused.png', pngImage(10, 10))).json();
    const d = await discussion();
    const comment = (
      await post('tenant', `/api/community/discussions/${d}/comments`, {
        body: 'Soon gone',
        imageIds: [ref.id],
      })
    ).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/comments/${comment.id}`,
      headers: auth('tenant'),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().images).toEqual([]);
    expect((await get('tenant', ref.url)).statusCode).toBe(404);
    const { db, storage } = t.community.context;
    expect(await db.select().from(images).where(eq(images.id, ref.id))).toEqual([]);
    expect(await storage.exists(`community/images/${ref.id}`)).toBe(false);
    // The unused one goes with the purge once it is old enough.
    expect(await purgeUnattachedImages(t.community.context, new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await purgeUnattachedImages(t.community.context, new Date(Date.now() + 1000))).toBeGreaterThan(0);
    expect(await db.select().from(images).where(eq(images.id, unused.id))).toEqual([]);
    expect(await storage.exists(`community/images/${unused.id}`)).toBe(false);
  });
});
