import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { policy } from '../auth/policy.js';
import type { Principal } from '../auth/principal.js';
import { createTokenVerifier, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../auth/verifier.js';
import { BusRequestError } from '../bus/errors.js';
import { loadConfig, zBaseConfig } from '../config.js';
import { AppError } from '../errors.js';
import { counter } from '../telemetry/metrics.js';
import { type App, createService } from './create-service.js';
import { principalOf } from './policy-enforcement.js';

const config = loadConfig(zBaseConfig, { LOG_LEVEL: 'silent' });
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let app: App;

async function token(claims: Record<string, unknown> = {}, expiresIn = '5m') {
  return new SignJWT({
    sid: '11111111-1111-4111-8111-111111111111',
    idp: 'portal',
    name: 'Test User',
    roles: [],
    hcs: {},
    apts: {},
    pcs: [],
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setSubject('22222222-2222-4222-8222-222222222222')
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(keys.privateKey);
}

beforeAll(async () => {
  keys = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256' };
  app = createService({
    name: 'test',
    config,
    verifier: createTokenVerifier({ kind: 'local', keys: async () => ({ keys: [jwk] }) }),
  });
  app.get('/boom', { config: { policy: policy.public('test') } }, async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/identity-away', { config: { policy: policy.public('test') } }, async () => {
    throw new BusRequestError('NO_RESPONDERS', 'rpc.identity.audience.get.v1', 'no responders');
  });
  app.get('/identity-failed', { config: { policy: policy.public('test') } }, async () => {
    throw new BusRequestError('REMOTE', 'rpc.identity.audience.get.v1', 'boom');
  });
  app.get('/refused', { config: { policy: policy.public('test') } }, async () => {
    throw new AppError('FORBIDDEN', { detail: 'Not yours.' });
  });
  app.get('/who', { config: { policy: policy.authenticated() } }, async (request) => ({
    name: principalOf(request).name,
  }));
  app.get('/staff', { config: { policy: policy.staff() } }, async () => ({ ok: true }));
  const notPartner = (p: Principal) => !p.roles.has('partner');
  app.get('/not-partner', { config: { policy: policy.check('not a partner', notPartner) } }, async () => ({
    ok: true,
  }));
  app.get(
    '/not-partner-settings',
    {
      config: {
        policy: policy.check('not a partner', notPartner, { refusal: 'NTF_SETTINGS_NOT_PERMITTED' }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ n: z.number() }) } }, config: { policy: policy.public('test') } },
    async () => ({ n: 'not a number' }) as unknown as { n: number },
  );
  await app.ready();
});
afterAll(() => app.close());

describe('createService', () => {
  it('refuses to register a route without a policy', async () => {
    const other = createService({
      name: 'x',
      config,
      verifier: createTokenVerifier({ kind: 'remote', url: 'http://127.0.0.1:1/jwks' }),
    });
    expect(() => other.get('/open', async () => 'nope')).toThrow(
      'Route GET /open declares no authorization policy',
    );
    // Inside a plugin the registration fails at start.
    const start = async () => {
      await other.register(async (scoped) => {
        scoped.post('/inner', async () => 'nope');
      });
      await other.ready();
    };
    await expect(start()).rejects.toThrow('Route POST /inner declares no authorization policy');
  });

  it('lets an answer in flight finish on close, then closes its connection', async () => {
    const other = createService({
      name: 'closing',
      config,
      verifier: createTokenVerifier({ kind: 'remote', url: 'http://127.0.0.1:1/jwks' }),
    });
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    other.get('/slow', { config: { policy: policy.public('test') } }, async () => {
      arrived();
      await new Promise((r) => setTimeout(r, 300));
      return { done: true };
    });
    const address = await other.listen({ host: '127.0.0.1', port: 0 });
    const answer = fetch(`${address}/slow`);
    // Closed only once the request is being handled (a fixed wait lost the race under load).
    await inFlight;
    const started = Date.now();
    await other.close();
    const res = await answer;
    expect(await res.json()).toEqual({ done: true });
    expect(res.headers.get('connection')).toBe('close');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers 5xx as problem+json without internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'INTERNAL', title: 'Something went wrong', status: 500 });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('stack');
  });

  it('hides a response that does not match its schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not a number');
  });

  it('answers 503 TEMPORARILY_UNAVAILABLE when another service does not answer over the bus, 500 when it failed', async () => {
    const away = await app.inject({ method: 'GET', url: '/identity-away' });
    expect(away.statusCode).toBe(503);
    expect(away.json()).toMatchObject({
      code: 'TEMPORARILY_UNAVAILABLE',
      title: 'This can\u2019t be done right now. Please try again in a moment.',
    });
    expect((await app.inject({ method: 'GET', url: '/identity-failed' })).statusCode).toBe(500);
  });

  it('answers 4xx with the code, message and detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      title: 'Not authorised to see this content.',
      detail: 'Not yours.',
      instance: '/refused',
    });
  });

  it('keeps a sane incoming request id and makes one otherwise', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'edge-1234567' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-1234567');
    const made = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 as problem+json', async () => {
    const res = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('verifies tokens: valid, expired, other key, missing', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: '/who',
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(ok.json()).toEqual({ name: 'Test User' });
    const expired = await app.inject({
      method: 'GET',
      url: '/who',
      headers: { authorization: `Bearer ${await token({}, '-1m')}` },
    });
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
    const other = await generateKeyPair('ES256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(other.privateKey);
    const bad = await app.inject({
      method: 'GET',
      url: '/who',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('UNAUTHENTICATED');
    expect((await app.inject({ method: 'GET', url: '/who' })).statusCode).toBe(401);
  });

  it('remembers a verified token only until it expires', async () => {
    const shortLived = await token({}, '2s');
    const ask = () =>
      app.inject({ method: 'GET', url: '/who', headers: { authorization: `Bearer ${shortLived}` } });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    vi.useFakeTimers({ now: Date.now() + 5000, toFake: ['Date'] });
    try {
      const res = await ask();
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TOKEN_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('applies role policies with aliases: 403 for the wrong role', async () => {
    const resident = await app.inject({
      method: 'GET',
      url: '/staff',
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(resident.statusCode).toBe(403);
    const marketing = await app.inject({
      method: 'GET',
      url: '/staff',
      headers: { authorization: `Bearer ${await token({ roles: ['yitMarketing'] })}` },
    });
    expect(marketing.statusCode).toBe(200);
  });

  it('refuses a failed check with FORBIDDEN, or with the refusal code the check names', async () => {
    const ask = async (url: string, claims?: Record<string, unknown>) =>
      app.inject({
        method: 'GET',
        url,
        headers: claims ? { authorization: `Bearer ${await token(claims)}` } : {},
      });
    const plain = await ask('/not-partner', { roles: ['partner'] });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().code).toBe('FORBIDDEN');
    const named = await ask('/not-partner-settings', { roles: ['partner'] });
    expect(named.statusCode).toBe(403);
    expect(named.json()).toMatchObject({
      code: 'NTF_SETTINGS_NOT_PERMITTED',
      title: 'Partners cannot manage notification settings.',
    });
    // Passing the check, and without a sign-in (401 whatever the refusal).
    expect((await ask('/not-partner-settings', {})).statusCode).toBe(200);
    const anonymous = await ask('/not-partner-settings');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token with the right signature but a wrong shape', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/who',
      headers: { authorization: `Bearer ${await token({ roles: ['emperor'] })}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('stays ready, degraded, when a check that is not critical fails, and is unready when a critical one does', async () => {
    const service = createService({
      name: 'ready',
      config,
      verifier: createTokenVerifier({ kind: 'local', keys: async () => ({ keys: [] }) }),
    });
    let databaseUp = true;
    let busUp = true;
    service.addReadinessCheck('database', async () => {
      if (!databaseUp) throw new Error('database away');
    });
    service.addReadinessCheck(
      'bus',
      async () => {
        if (!busUp) throw new Error('broker away');
      },
      { critical: false },
    );
    try {
      const ask = async () => {
        const res = await service.inject({ method: 'GET', url: '/readyz' });
        return { status: res.statusCode, body: res.json() };
      };
      expect(await ask()).toEqual({
        status: 200,
        body: { status: 'ok', service: 'ready', checks: { database: 'ok', bus: 'ok' } },
      });
      busUp = false;
      expect(await ask()).toEqual({
        status: 200,
        body: { status: 'degraded', service: 'ready', checks: { database: 'ok', bus: 'failed' } },
      });
      databaseUp = false;
      expect(await ask()).toEqual({
        status: 503,
        body: { status: 'unavailable', service: 'ready', checks: { database: 'failed', bus: 'failed' } },
      });
    } finally {
      await service.close();
    }
  });

  it('serves /metrics to this machine, or to a scrape with the token, and 404 to anyone else', async () => {
    counter('porta_test_answers_total', 'Answers of this test', ['kind']).inc({ kind: 'metrics' }, 2);
    const local = await app.inject({ method: 'GET', url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.body).toContain('porta_test_answers_total{kind="metrics"} 2');
    const remote = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);

    const guarded = createService({
      name: 'guarded',
      config: { ...config, METRICS_TOKEN: 'a-token-of-sixteen-chars' },
      verifier: createTokenVerifier({ kind: 'local', keys: async () => ({ keys: [] }) }),
    });
    try {
      const scrape = (authorization?: string) =>
        guarded.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '10.0.0.5',
          ...(authorization ? { headers: { authorization } } : {}),
        });
      expect((await scrape('Bearer a-token-of-sixteen-chars')).statusCode).toBe(200);
      expect((await scrape('Bearer a-token-of-sixteen-chaRs')).statusCode).toBe(404);
      expect((await scrape()).statusCode).toBe(404);
      // With a token, this machine needs it too.
      expect((await guarded.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await guarded.close();
    }
  });
});
