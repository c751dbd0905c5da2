import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { LOGIN_PAIR_FREE_FAILURES } from '@porta/contracts';
import { createIdentity, type Identity, zIdentityConfig } from '@porta/identity';
import {
  type App,
  createService,
  createStorage,
  createTokenVerifier,
  type Database,
  loadConfig,
  MemoryBus,
  openDatabase,
  processConfigSchema,
  type ServiceDefinition,
  serviceUrlKey,
  silentLogger,
} from '@porta/service-kit';
import { freePort } from '@porta/service-kit/testing';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zGatewayConfig } from './config.js';
import { buildGateway, type Gateway } from './gateway.js';
import { SERVICES } from './services.js';

let identityApp: App;
let identityAddress: string;
/** The services' addresses, by name. */
const serviceAddresses: Record<string, string> = {};
let database: Database;
let identity: Identity;
let gateway: Gateway;
/** A second gateway in front of the same services (several gateway processes). */
let otherGateway: Gateway;
const bus = new MemoryBus();
/** What every service process here shares: the bus, a silent logger, no jobs runner of its own. */
const runtimeParts = { bus, logger: silentLogger };
/** What stops the service processes, last started first. */
const stops: (() => Promise<void>)[] = [];

/**
 * A service as its own process would run it, from its declaration: its own database and data
 * folder, identity's directory and answers over the shared bus, tokens checked against identity's
 * JWKS. Answers its address.
 */
async function startService(definition: ServiceDefinition, identityAddress: string): Promise<string> {
  const { name } = definition;
  const dataDir = mkdtempSync(join(tmpdir(), `porta-gateway-${name}-`));
  const config = loadConfig(processConfigSchema(definition), { LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const serviceDatabase = await openDatabase({ dataDir: 'memory://' });
  const service = definition.create(
    { ...runtimeParts, database: serviceDatabase, storage: createStorage(config) },
    config,
  );
  await service.migrate();
  await service.start();
  const app = createService({
    name,
    config,
    verifier: createTokenVerifier({
      kind: 'remote',
      url: `${identityAddress}/api/identity/.well-known/jwks.json`,
    }),
  });
  await app.register(service.plugin);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  stops.unshift(async () => {
    await app.close();
    await service.stop();
    await serviceDatabase.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return address;
}

beforeAll(async () => {
  const config = loadConfig(zIdentityConfig, { LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' });
  database = await openDatabase({ dataDir: 'memory://' });
  identity = createIdentity({ database, config, bus });
  await identity.migrate();
  await identity.seedDemo();
  await identity.start();
  identityApp = createService({
    name: 'identity',
    config,
    verifier: createTokenVerifier(identity.keySource),
    trustProxy: config.TRUST_PROXY,
  });
  await identityApp.register(identity.plugin);
  const address = await identityApp.listen({ host: '127.0.0.1', port: 0 });
  identityAddress = address;
  // Each service as its own process would run it, on its own database.
  for (const definition of SERVICES.filter((d) => d.name !== 'identity')) {
    serviceAddresses[definition.name] = await startService(definition, address);
  }
  const gatewayConfig = loadConfig(zGatewayConfig, {
    LOG_LEVEL: 'silent',
    MODE: 'distributed',
    IDENTITY_URL: address,
    ...Object.fromEntries(
      SERVICES.filter((d) => d.name !== 'identity').map((d) => [
        serviceUrlKey(d.name),
        serviceAddresses[d.name],
      ]),
    ),
  });
  gateway = await buildGateway(gatewayConfig);
  await gateway.app.ready();
  otherGateway = await buildGateway(gatewayConfig);
});

afterAll(async () => {
  await otherGateway.close();
  await gateway.close();
  for (const stop of stops) await stop();
  await identityApp.close();
  await identity.stop();
  await bus.close();
  await database.close();
});

const login = (email: string, password: string, ip = '192.0.2.1') =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('distributed gateway', () => {
  it('proxies sign-in and /me to the identity process', async () => {
    const res = await login('board@demo.porta.test', 'Demo-Portal-2026');
    expect(res.statusCode).toBe(200);
    const me = await gateway.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${res.json().accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('board@demo.porta.test');
    expect(me.headers['x-request-id']).toBeTruthy();
  });

  it('stops forged tokens at the edge', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k' })
      .sign(privateKey);
    const res = await gateway.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('passes the client address on, so brute-force protection counts per client', async () => {
    // Sign-in throttling slows one account from one address (ADR 0007): the guesser waits, the
    // owner at another address does not, which needs identity to see each client's own address.
    for (let i = 0; i < LOGIN_PAIR_FREE_FAILURES; i++) {
      expect((await login('owner@demo.porta.test', 'Wrong-Password-1', '198.51.100.7')).statusCode).toBe(401);
    }
    expect((await login('owner@demo.porta.test', 'Demo-Portal-2026', '198.51.100.7')).statusCode).toBe(429);
    expect((await login('owner@demo.porta.test', 'Demo-Portal-2026', '198.51.100.8')).statusCode).toBe(200);
  });

  it('merges the services\u2019 OpenAPI documents over the network', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/identity/me',
        '/api/content/news',
        '/api/notifications/inbox',
        '/api/community/discussions',
        '/api/service-requests/requests',
        '/api/documents/folders/{id}/documents',
        '/api/letters/letters/{id}',
      ]),
    );
  });

  it('proxies content requests to the content process, which authorises with identity\u2019s keys', async () => {
    const token = (await login('owner@demo.porta.test', 'Demo-Portal-2026', '203.0.113.9')).json()
      .accessToken;
    const me = await gateway.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${token}` },
    });
    const housingCompanyId = me.json().selectedHousingCompanyId ?? me.json().hcs[0].id;
    const news = await gateway.app.inject({
      method: 'GET',
      url: `/api/content/news?housingCompanyId=${housingCompanyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(news.statusCode).toBe(200);
    const anonymous = await gateway.app.inject({
      method: 'GET',
      url: `/api/content/news?housingCompanyId=${housingCompanyId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    // The service's answer is compressed on its way through the gateway.
    const docs = await gateway.app.inject({
      method: 'GET',
      url: '/api/content/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).paths).toBeTruthy();
  });

  it('reports readiness of the services behind it', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      checks: {
        identity: 'ok',
        content: 'ok',
        notifications: 'ok',
        community: 'ok',
        'service-requests': 'ok',
        documents: 'ok',
        letters: 'ok',
      },
    });
  });

  it('stays ready, degraded, while services behind it are down or hung, and answers within a second or so', async () => {
    // Nothing listens on one port; the other accepts connections and never answers.
    const held: Socket[] = [];
    const hung = createServer((socket) => {
      // Holds the connection without a word.
      held.push(socket);
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const degraded = await buildGateway(
      loadConfig(zGatewayConfig, {
        LOG_LEVEL: 'silent',
        MODE: 'distributed',
        IDENTITY_URL: identityAddress,
        CONTENT_URL: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
        NOTIFICATIONS_URL: serviceAddresses.notifications!,
        COMMUNITY_URL: `http://127.0.0.1:${await freePort()}`,
        SERVICE_REQUESTS_URL: serviceAddresses['service-requests']!,
        DOCUMENTS_URL: serviceAddresses.documents!,
        LETTERS_URL: serviceAddresses.letters!,
      }),
    );
    try {
      const started = performance.now();
      const res = await degraded.app.inject({ method: 'GET', url: '/readyz' });
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'degraded',
        service: 'gateway',
        checks: {
          identity: 'ok',
          content: 'failed',
          notifications: 'ok',
          community: 'failed',
          'service-requests': 'ok',
          documents: 'ok',
          letters: 'ok',
        },
      });
      // The checks run side by side, each for at most a second.
      expect(ms).toBeLessThan(1500);
    } finally {
      await degraded.close();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it('streams live notifications through another gateway than the one the news went through', async () => {
    const ownerToken = (await login('owner@demo.porta.test', 'Demo-Portal-2026', '203.0.113.10')).json()
      .accessToken;
    const managerToken = (await login('manager@demo.porta.test', 'Demo-Portal-2026', '203.0.113.11')).json()
      .accessToken;
    const me = await gateway.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const lindenCourt = me.json().hcs.find((h: { hcExt: string }) => h.hcExt === 'DEMO-2000').id;
    // The browser's stream goes through the second gateway, over the network.
    const otherAddress = await otherGateway.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const res = await fetch(`${otherAddress}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${ownerToken}`, 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // Never compressed: each event must reach the browser as it is written.
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        received += value;
      }
    })();
    // The news goes in through the first gateway.
    const published = await gateway.app.inject({
      method: 'POST',
      url: '/api/content/admin/articles',
      headers: { authorization: `Bearer ${managerToken}` },
      payload: {
        variants: { en: { title: 'Bicycle storage cleared', introduction: 'Intro', content: '<p>Text</p>' } },
        targeting: { housingCompanyIds: [lindenCourt], buildingTaxonomies: [] },
        status: 'published',
      },
    });
    expect(published.statusCode, published.body).toBe(201);
    const deadline = Date.now() + 10_000;
    while (!received.includes('Bicycle storage cleared') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    controller.abort();
    await reading;
    expect(received).toContain('event: unread');
    expect(received).toMatch(/event: notification\ndata: \{[^\n]*"title":"Bicycle storage cleared"/);
  });
});
