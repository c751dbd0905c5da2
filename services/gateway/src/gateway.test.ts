import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { type Database, loadConfig, openDatabase } from '@porta/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zGatewayConfig } from './config.js';
import { buildGateway, type Gateway } from './gateway.js';

const BIG_SCRIPT = `export const text = ${JSON.stringify('Porta '.repeat(500))};\n`;

function webDirs() {
  const root = mkdtempSync(join(tmpdir(), 'porta-web-'));
  const resident = join(root, 'resident');
  const admin = join(root, 'admin');
  for (const [dir, name] of [
    [resident, 'resident'],
    [admin, 'admin'],
  ] as const) {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${name}</title>`);
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), `console.log('${name}')`);
  }
  // A built file with the copies scripts/precompress.mjs leaves beside it; each copy says which it is.
  const big = join(resident, 'assets', 'big-def456.js');
  writeFileSync(big, BIG_SCRIPT);
  writeFileSync(`${big}.br`, brotliCompressSync(`${BIG_SCRIPT}// br`));
  writeFileSync(`${big}.gz`, gzipSync(`${BIG_SCRIPT}// gz`));
  return { resident, admin };
}

async function embedded(env: Record<string, string> = {}) {
  const dirs = webDirs();
  const database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig(zGatewayConfig, {
    LOG_LEVEL: 'silent',
    // The demo's pictures go to a folder of the test, not ./data of the package.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'porta-gateway-test-')),
    WEB_RESIDENT_DIR: dirs.resident,
    WEB_ADMIN_DIR: dirs.admin,
    ...env,
  });
  const gateway = await buildGateway(config, { database });
  await gateway.app.ready();
  return { gateway, database };
}

let g: Gateway;
let db: Database;
beforeAll(async () => {
  ({ gateway: g, database: db } = await embedded());
});
afterAll(async () => {
  await g.close();
  await db.close();
});

async function login(app: Gateway['app'], who = 'owner') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email: `${who}@demo.porta.test`, password: 'Demo-Portal-2026' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

describe('embedded gateway', () => {
  it('seeds the demo on the first start and signs a demo user in', async () => {
    expect(g.seeded).toBe(true);
    const token = await login(g.app);
    const me = await g.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.user.firstName).toBe('Olivia');
    // The demo housing company (construction) is listed first.
    expect(body.hcs.map((h: { name: string; state: string }) => [h.name, h.state])).toEqual([
      ['As Oy Demo Harbour View', 'construction'],
      ['As Oy Demo Linden Court', 'living'],
    ]);
  });

  it('answers 401 without a token on every route that is not public, and lists the public ones', async () => {
    const publicRoutes: string[] = [];
    for (const route of g.app.routePolicies) {
      // Public routes, and routes that check a secret of their own, are listed and reviewed below.
      if (route.policy.startsWith('public') || route.policy.startsWith('secret')) {
        publicRoutes.push(`${route.method} ${route.url}`);
        continue;
      }
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await g.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    // A new public route must be reviewed and added here.
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /*',
        'GET /api/community/openapi.json',
        'GET /api/content/assets/:id',
        'GET /api/content/openapi.json',
        'GET /api/content/pages',
        'GET /api/documents/downloads/:id',
        'GET /api/documents/openapi.json',
        'GET /api/docs',
        'GET /api/docs/json',
        'GET /api/identity/.well-known/jwks.json',
        'GET /api/identity/first-login/:token',
        'POST /api/identity/first-login/:token',
        'POST /api/identity/email-change/:userId/:code',
        'GET /api/identity/login-options',
        'GET /api/identity/oidc/b2c/start',
        'GET /api/identity/openapi.json',
        'GET /api/letters/openapi.json',
        'GET /api/notifications/openapi.json',
        'GET /api/service-requests/manage/:id/:userId/:token',
        'GET /api/service-requests/openapi.json',
        'POST /api/service-requests/manage/:id/:userId/:token/responses',
        'PUT /api/service-requests/manage/:id/:userId/:token',
        'GET /healthz',
        // A secret's route: answers only this machine or a scrape with METRICS_TOKEN; 404 to anyone else.
        'GET /metrics',
        // The mail server's bounces, with LETTERS_BOUNCE_TOKEN; 404 to anyone else.
        'POST /api/letters/bounces',
        'OPTIONS *',
        'GET /readyz',
        'POST /api/identity/login',
        'POST /api/identity/logout',
        'POST /api/identity/oidc/b2c/token',
        'POST /api/identity/token/refresh',
      ].sort(),
    );
  });

  it('sets security headers: CSP refusing frames, no HSTS without TLS', async () => {
    const res = await g.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const api = await g.app.inject({ method: 'GET', url: '/api/identity/login-options' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-ratelimit-remaining']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('refuses the browser features no page uses to the documents; every answer refuses sources', async () => {
    const get = (url: string) => g.app.inject({ method: 'GET', url });
    for (const res of [await get('/'), await get('/news/some-article')]) {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
        expect(policy).toContain(feature);
      }
    }
    const answers = await Promise.all(
      [
        '/assets/app-abc123.js',
        '/api/identity/login-options',
        '/api/identity/me',
        '/api/nothing/here',
        // Answered by Fastify before any route or hook runs.
        '/api/content/%C0%AF',
      ].map(get),
    );
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBeTruthy();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // API answers are never documents: no permissions policy, a short refuse-everything CSP.
    for (const res of answers.slice(1)) {
      expect(res.headers['permissions-policy']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const badPath = answers[answers.length - 1];
    expect(badPath?.statusCode).toBe(400);
    expect(badPath?.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('keeps answers to a signed-in caller out of caches, and the web apps cached as before', async () => {
    const token = await login(g.app);
    const me = await g.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const expired = await g.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['cache-control']).toBe('no-store');
    const asset = await g.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await g.app.inject({ method: 'GET', url: '/news/1' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('keeps CORS closed by default', async () => {
    const res = await g.app.inject({
      method: 'OPTIONS',
      url: '/api/identity/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves both web apps with SPA fallback and never falls back for the API', async () => {
    const home = await g.app.inject({ method: 'GET', url: '/news/12' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>resident</title>');
    const admin = await g.app.inject({ method: 'GET', url: '/admin/users/1' });
    expect(admin.body).toContain('<title>admin</title>');
    expect((await g.app.inject({ method: 'GET', url: '/admin' })).headers.location).toBe('/admin/');
    const direct = await g.app.inject({ method: 'GET', url: '/index.html' });
    expect(direct.headers['content-security-policy']).toContain("script-src 'self'");
    const asset = await g.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toContain("'resident'");
    const api = await g.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/problem\+json/);
    expect((await g.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const traversal = await g.app.inject({ method: 'GET', url: '/..%2f..%2f..%2fetc%2fpasswd' });
    expect(traversal.body).not.toContain('root:');
  });

  it('sends the built files compressed at build, and API answers compressed on the way', async () => {
    const asset = (encoding?: string) =>
      g.app.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${BIG_SCRIPT}// br`);
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${BIG_SCRIPT}// gz`);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // No copy beside it: the file as it is.
    const small = await g.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe("console.log('resident')");
    // An API answer of more than a kilobyte, in the embedded mode.
    const docs = await g.app.inject({
      method: 'GET',
      url: '/api/identity/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toBeTruthy();
  });

  it('merges the OpenAPI documents at /api/docs', async () => {
    const json = await g.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toEqual(
      expect.arrayContaining(['/api/identity/login', '/api/identity/me', '/api/identity/admin/users']),
    );
    const html = await g.app.inject({ method: 'GET', url: '/api/docs' });
    expect(html.body).toContain('/api/identity/token/refresh');
  });

  it('answers 413 to an oversized body', async () => {
    const res = await g.app.inject({
      method: 'POST',
      url: '/api/identity/token/refresh',
      payload: { refreshToken: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('reports health and readiness', async () => {
    expect((await g.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
      service: 'gateway',
    });
    expect((await g.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'ok',
      checks: { database: 'ok' },
    });
  });
});

describe('edge limits', () => {
  it('rate-limits per address with a problem answer', async () => {
    const { gateway, database } = await embedded({ RATE_LIMIT_PER_MINUTE: '3', SEED_DEMO: 'false' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (await gateway.app.inject({ method: 'GET', url: '/api/identity/login-options' })).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await gateway.close();
      await database.close();
    }
  });

  it('sends HSTS behind TLS', async () => {
    const { gateway, database } = await embedded({ TLS: 'true', SEED_DEMO: 'false' });
    try {
      const res = await gateway.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await gateway.close();
      await database.close();
    }
  });
});

describe('the embedded mode on disk', () => {
  // Two starts of the whole embedded portal, every service migrated and its demo seeded: not a speed test.
  it('keeps its data across a restart and seeds only once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'porta-data-'));
    const dirs = webDirs();
    const config = loadConfig(zGatewayConfig, {
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_RESIDENT_DIR: dirs.resident,
      WEB_ADMIN_DIR: dirs.admin,
    });
    const first = await buildGateway(config);
    expect(first.seeded).toBe(true);
    const token = await login(first.app, 'board');
    await first.close();

    const second = await buildGateway(config);
    try {
      expect(second.seeded).toBe(false);
      // The signing key survived too: a token from before the restart still verifies.
      const me = await second.app.inject({
        method: 'GET',
        url: '/api/identity/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.email).toBe('board@demo.porta.test');
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
