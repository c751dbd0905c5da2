import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { loadConfig } from '@porta/service-kit';
import { freePort, type OwnServer, startRedisServer } from '@porta/service-kit/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { zGatewayConfig } from './config.js';
import { buildGateway, type Gateway } from './gateway.js';

/*
 * Redis going away under the gateway's rate limit (issue 15, point 6): requests must not wait for
 * its reconnect, the limit must still hold (per gateway process), the fallback must show in the
 * logs and metrics, and the count must be shared again once Redis is back.
 */

const LIMIT = 350;
const REQUESTS = 300;

let redisServer: OwnServer;
let redis: Redis;
const gateways: { gateway: Gateway; address: string }[] = [];

/** A distributed gateway with nothing behind it, its rate limit in the given Redis. */
async function gatewayConfig(redisUrl: string) {
  const unreachable = `http://127.0.0.1:${await freePort()}`;
  return loadConfig(zGatewayConfig, {
    LOG_LEVEL: 'silent',
    MODE: 'distributed',
    IDENTITY_URL: unreachable,
    CONTENT_URL: unreachable,
    NOTIFICATIONS_URL: unreachable,
    COMMUNITY_URL: unreachable,
    SERVICE_REQUESTS_URL: unreachable,
    WEB_RESIDENT_DIR: '/nonexistent',
    WEB_ADMIN_DIR: '/nonexistent',
    REDIS_URL: redisUrl,
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    // Each phase below is its own client, named by X-Forwarded-For.
    TRUST_PROXY: 'loopback',
  });
}

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis(redisServer.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {
    // This test stops the server on purpose.
  });
  for (let i = 0; i < 2; i++) {
    const gateway = await buildGateway(await gatewayConfig(redisServer.url));
    const address = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
    gateways.push({ gateway, address });
  }
});

afterAll(async () => {
  for (const { gateway } of gateways) await gateway.close();
  redis.disconnect();
  await redisServer?.dispose();
});

/** One request through the gateway as `client`: a path no service serves (404, no upstream needed). */
async function ask(address: string, client: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${address}/api/nowhere`, {
    headers: { 'x-forwarded-for': client },
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1]!;
}

async function metrics(address: string): Promise<string> {
  return (await fetch(`${address}/metrics`)).text();
}

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const logged = (spy: { mock: { calls: unknown[][] } }, text: string) =>
  spy.mock.calls.filter((call) => call.some((arg) => typeof arg === 'string' && arg.includes(text))).length;

describe('the rate limit while Redis is away', () => {
  it('falls back to a local count within milliseconds, says so, and shares the count again on its return', async () => {
    const [a, b] = gateways as [(typeof gateways)[0], (typeof gateways)[0]];
    const warn = vi.spyOn(a.gateway.app.log, 'warn');
    const info = vi.spyOn(a.gateway.app.log, 'info');
    await redis.connect();
    // Both gateways count in Redis: the first request of a client makes its key there.
    for (const [i, g] of [a, b].entries()) {
      await until(`gateway ${i} to count in Redis`, async () => {
        await ask(g.address, `198.51.100.${i + 1}`);
        return (await redis.exists(`porta-rl:198.51.100.${i + 1}`)) === 1;
      });
    }

    // Redis up.
    const up: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const { status, ms } = await ask(a.address, '198.51.100.10');
      expect(status).toBe(404);
      up.push(ms);
    }
    expect(Number(await redis.get('porta-rl:198.51.100.10'))).toBe(REQUESTS);

    // Redis killed: no request waits for it.
    redis.disconnect();
    await redisServer.stop(true);
    // (Given up after half a minute: requests that wait for the reconnect take seconds each.)
    const down: number[] = [];
    const giveUpAt = Date.now() + 30_000;
    for (let i = 0; i < REQUESTS && Date.now() < giveUpAt; i++) {
      const { status, ms } = await ask(a.address, '198.51.100.11');
      expect(status).toBe(404);
      down.push(ms);
    }
    console.log(
      `rate limit p99 over ${REQUESTS} sequential requests: Redis up ${p99(up).toFixed(1)} ms, ` +
        `Redis down ${p99(down).toFixed(1)} ms (max ${Math.max(...down).toFixed(1)} ms, ` +
        `${down.length} requests)`,
    );
    expect(p99(down)).toBeLessThan(100);
    expect(down).toHaveLength(REQUESTS);

    // The limit still holds, counted in this gateway: the request after the limit is refused.
    for (let i = REQUESTS; i < LIMIT; i++) expect((await ask(a.address, '198.51.100.11')).status).toBe(404);
    const refused = await ask(a.address, '198.51.100.11');
    expect(refused.status).toBe(429);

    // Said once in the logs, and shown in the metrics.
    expect(logged(warn, 'rate limit: Redis unavailable')).toBe(1);
    const during = await metrics(a.address);
    expect(during).toMatch(/^porta_rate_limit_local_fallback 1$/m);
    const counted = Number(/^porta_rate_limit_local_requests_total (\d+)/m.exec(during)?.[1]);
    expect(counted).toBeGreaterThanOrEqual(LIMIT + 1);

    // Redis back, empty: both gateways count in it again, one count for both.
    await redisServer.start();
    await redis.connect();
    await until(
      'the return to Redis to be logged',
      () => logged(info, 'rate limit: Redis available again') === 1,
    );
    expect(await metrics(a.address)).toMatch(/^porta_rate_limit_local_fallback 0$/m);
    await until('gateway 1 to count in Redis again', async () => {
      await ask(b.address, '198.51.100.2');
      return (await redis.exists('porta-rl:198.51.100.2')) === 1;
    });
    for (const g of [a, b, a, b, a]) expect((await ask(g.address, '198.51.100.12')).status).toBe(404);
    expect(Number(await redis.get('porta-rl:198.51.100.12'))).toBe(5);
    expect(logged(warn, 'rate limit: Redis unavailable')).toBe(1);
  });
});

/**
 * A TCP relay in front of Redis that can freeze: while frozen nothing passes either way (the bytes
 * wait, as with a Redis that hangs without dropping its connections), and everything passes on
 * when it thaws.
 */
async function freezableRelay(targetPort: number) {
  const sockets: Socket[] = [];
  const server: Server = createServer((client) => {
    const upstream = connect({ host: '127.0.0.1', port: targetPort });
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    sockets.push(client, upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    freeze: () => {
      for (const socket of sockets) socket.pause();
    },
    thaw: () => {
      for (const socket of sockets) socket.resume();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the rate limit while Redis hangs', () => {
  it('counts locally after one short wait, and in Redis again once it answers', async () => {
    await redisServer.start();
    const relay = await freezableRelay(redisServer.port);
    const gateway = await buildGateway(await gatewayConfig(relay.url));
    try {
      const address = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
      const warn = vi.spyOn(gateway.app.log, 'warn');
      const info = vi.spyOn(gateway.app.log, 'info');
      if (redis.status !== 'ready') await redis.connect();
      await until('the gateway to count in Redis', async () => {
        await ask(address, '198.51.100.20');
        return (await redis.exists('porta-rl:198.51.100.20')) === 1;
      });

      relay.freeze();
      const hung: number[] = [];
      for (let i = 0; i < 100; i++) {
        const { status, ms } = await ask(address, '198.51.100.21');
        expect(status).toBe(404);
        hung.push(ms);
      }
      console.log(
        `rate limit with Redis hung: p99 ${p99(hung).toFixed(1)} ms, max ${Math.max(...hung).toFixed(1)} ms over 100 requests`,
      );
      // Only the request that met the hang waited, for the command timeout.
      expect(hung.filter((ms) => ms >= 100).length).toBeLessThanOrEqual(1);
      expect(Math.max(...hung)).toBeLessThan(500);
      expect(logged(warn, 'rate limit: Redis unavailable')).toBe(1);

      relay.thaw();
      await until(
        'the return to Redis to be logged',
        () => logged(info, 'rate limit: Redis available again') === 1,
      );
      await ask(address, '198.51.100.22');
      expect(Number(await redis.get('porta-rl:198.51.100.22'))).toBe(1);
    } finally {
      relay.thaw();
      await gateway.close();
      await relay.close();
    }
  });
});
