import { connect } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { policy } from '../auth/policy.js';
import { createTokenVerifier, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../auth/verifier.js';
import { loadConfig, zBaseConfig } from '../config.js';
import { type App, createService } from './create-service.js';

/*
 * Issue 16, points 9 and 10: input that no route's schema sees coming answers 400 problem+json
 * (U+0000 or a lone surrogate in any string, an address that is not UTF-8, headers too long to
 * read), and answers to a signed-in caller are not kept by caches.
 */

const config = loadConfig(zBaseConfig, { LOG_LEVEL: 'silent' });
const FIXED = { 'x-fixed-header': 'on every answer' };
let app: App;
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
const handled: string[] = [];

async function token() {
  return new SignJWT({
    sid: '11111111-1111-4111-8111-111111111111',
    idp: 'portal',
    name: 'Test User',
    roles: [],
    hcs: {},
    apts: {},
    pcs: [],
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setSubject('22222222-2222-4222-8222-222222222222')
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(keys.privateKey);
}

beforeAll(async () => {
  keys = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256' };
  app = createService({
    name: 'test',
    config,
    headers: FIXED,
    verifier: createTokenVerifier({ kind: 'local', keys: async () => ({ keys: [jwk] }) }),
  });
  app.post(
    '/things/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        querystring: z.object({ q: z.string().optional() }).strict(),
        // Loose on purpose: the check does not depend on the route's schema.
        body: z.record(z.string(), z.unknown()),
      },
      config: { policy: policy.public('test') },
    },
    async (request) => {
      handled.push(request.params.id);
      return { ok: true };
    },
  );
  app.get('/mine', { config: { policy: policy.authenticated() } }, async () => ({ mine: true }));
  app.get('/mine/file', { config: { policy: policy.authenticated() } }, async (_request, reply) =>
    reply.header('cache-control', 'private, max-age=3600').send('bytes'),
  );
  app.get('/open', { config: { policy: policy.public('test') } }, async () => ({ open: true }));
  await app.ready();
});
afterAll(() => app.close());

async function post(url: string, payload: unknown) {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
}

describe('text PostgreSQL cannot store', () => {
  it('is refused in the body, at any depth and in keys, naming the field, before the handler runs', async () => {
    handled.length = 0;
    const cases: [unknown, string][] = [
      [{ title: 'a\u0000b' }, 'body.title'],
      [{ items: [{ name: 'ok' }, { name: '\u0000' }] }, 'body.items.1.name'],
      [{ 'key\u0000': 'value' }, 'body.key\\u0000'],
    ];
    for (const [payload, path] of cases) {
      const res = await post('/things/1', payload);
      expect(res.statusCode, path).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ path, message: 'Must not contain the character U+0000' }],
      });
    }
    expect(handled).toEqual([]);
    expect((await post('/things/1', { title: 'fine' })).statusCode).toBe(200);
  });

  it('refuses a lone surrogate, which jsonb cannot store, and takes a whole pair', async () => {
    for (const text of ['a\ud800b', 'a\udc00', '\ud83d']) {
      const res = await post('/things/1', { contact: { name: text } });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'body.contact.name', message: 'Must be well-formed Unicode (a lone surrogate is not)' },
      ]);
    }
    expect((await post('/things/1', { contact: { name: 'a \ud83d\ude00 b' } })).statusCode).toBe(200);
  });

  it('is refused in the query and in path parameters', async () => {
    const query = await post('/things/1?q=%00', {});
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual([{ path: 'querystring.q', message: expect.any(String) }]);
    const param = await post('/things/a%00b', {});
    expect(param.statusCode).toBe(400);
    expect(param.json().errors).toEqual([{ path: 'params.id', message: expect.any(String) }]);
  });

  it('is found under deep nesting without running out of stack', async () => {
    const depth = 20_000;
    const res = await app.inject({
      method: 'POST',
      url: '/things/1',
      headers: { 'content-type': 'application/json' },
      payload: `{"deep":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toMatch(/^body\.deep(\.0)+$/);
  });
});

describe('an address that is not UTF-8 once decoded', () => {
  it('answers 400 problem+json with the fixed headers and a request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/things/%C0%AF' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'params' }] });
    expect(res.headers['x-fixed-header']).toBe('on every answer');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

/** A raw HTTP exchange, so that Node's parser (not inject) reads the request. */
async function raw(address: string, request: string): Promise<{ head: string; body: string }> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', (error) => (received ? undefined : reject(error)));
    socket.on('close', () => {
      const at = received.indexOf('\r\n\r\n');
      resolve({ head: received.slice(0, at), body: received.slice(at + 4) });
    });
  });
}

describe('a request Node refuses before Fastify sees it', () => {
  it('answers 431 problem+json with the fixed headers to a very long header or query', async () => {
    const server = createService({
      name: 'long',
      config,
      headers: FIXED,
      verifier: createTokenVerifier({ kind: 'local', keys: async () => ({ keys: [] }) }),
    });
    const address = await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const long = 'a'.repeat(20_000);
      for (const request of [
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: ${long}\r\n\r\n`,
        `GET /healthz?q=${long} HTTP/1.1\r\nHost: x\r\n\r\n`,
      ]) {
        const { head, body } = await raw(address, request);
        expect(head).toMatch(/^HTTP\/1\.1 431 /);
        expect(head).toMatch(/\r\nContent-Type: application\/problem\+json/i);
        expect(head).toContain('\r\nx-fixed-header: on every answer');
        expect(JSON.parse(body)).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
      }
      const { head, body } = await raw(address, 'NOT AN HTTP REQUEST\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(body)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    } finally {
      await server.close();
    }
  });
});

describe('caching of answers to a signed-in caller', () => {
  it('is refused unless the route chose its own; answers to anonymous callers are left alone', async () => {
    const authorization = `Bearer ${await token()}`;
    const mine = await app.inject({ method: 'GET', url: '/mine', headers: { authorization } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const file = await app.inject({ method: 'GET', url: '/mine/file', headers: { authorization } });
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
    // A refused token is an answer to an authenticated request as well.
    const refused = await app.inject({ method: 'GET', url: '/mine', headers: { authorization: 'Bearer x' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const open = await app.inject({ method: 'GET', url: '/open' });
    expect(open.headers['cache-control']).toBeUndefined();
  });
});
