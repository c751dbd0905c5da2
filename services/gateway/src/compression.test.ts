import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  type App,
  createService,
  createTokenVerifier,
  loadConfig,
  policy,
  zBaseConfig,
} from '@porta/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, compression } from './compression.js';

const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Announcement ${i % 7}` }));
const events = rows.map((row) => `event: notification\ndata: ${JSON.stringify(row)}\n\n`).join('');

let app: App;
beforeAll(async () => {
  app = createService({
    name: 'compression-test',
    config: loadConfig(zBaseConfig, { LOG_LEVEL: 'silent' }),
    verifier: createTokenVerifier({ kind: 'local', keys: async () => ({ keys: [] }) }),
  });
  await compression(app);
  const open = { config: { policy: policy.public('test') } };
  app.get('/list', open, async () => rows);
  app.get('/small', open, async () => ({ ok: true }));
  app.get('/refused', open, async (_request, reply) =>
    reply
      .code(404)
      .type('application/problem+json')
      .send({ code: 'NOT_FOUND', detail: 'x'.repeat(2000) }),
  );
  app.get('/stream', open, async (_request, reply) =>
    reply.type('text/event-stream; charset=utf-8').send(Readable.from([events])),
  );
  app.get('/photo', open, async (_request, reply) => reply.type('image/png').send(Buffer.alloc(8192, 1)));
  app.get('/download', open, async (_request, reply) =>
    reply.type('application/octet-stream').send(Buffer.alloc(8192, 1)),
  );
  app.post('/echo', open, async (request) => ({ body: request.body }));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compression of answers', () => {
  it('compresses a JSON answer above the threshold with what the client prefers, and says so', async () => {
    expect(JSON.stringify(rows).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await get('/list', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(rows);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(rows).length / 4);
    const gzip = await get('/list', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(rows);
    const refused = await get('/refused', 'br');
    expect(refused.headers['content-encoding']).toBe('br');
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('sends as they are: answers to clients that accept no encoding, small answers, images and files', async () => {
    const plain = await get('/list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(rows);
    for (const url of ['/small', '/photo', '/download']) {
      expect((await get(url, 'br, gzip')).headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('never compresses a live event stream, which must reach the browser event by event', async () => {
    const stream = await get('/stream', 'br, gzip');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body).toBe(events);
  });

  it('does not decompress request bodies', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"a":1}',
    });
    expect(res.json()).toEqual({ body: { a: 1 } });
  });
});
