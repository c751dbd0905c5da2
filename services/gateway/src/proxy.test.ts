import {
  createServer as createHttpServer,
  get,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { loadConfig } from '@porta/service-kit';
import { freePort } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zGatewayConfig } from './config.js';
import { buildGateway, type Gateway } from './gateway.js';

/*
 * The distributed gateway in front of services that fail: small servers of the test's own stand
 * in for the services.
 */

const servers: (Server | TcpServer)[] = [];

async function listen<S extends Server | TcpServer>(server: S): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A service that answers every request 503, counting them. */
const unavailable = { calls: 0 };
/** A service that resets every connection as soon as a request arrives, counting the requests. */
const resetting = { calls: 0 };
/** A service that streams Server-Sent Events and holds the stream open. */
const streaming = { open: 0, closed: 0 };

let gateway: Gateway;
let refusedUrl: string;

function gatewayConfig(urls: Record<string, string>, env: Record<string, string> = {}) {
  return loadConfig(zGatewayConfig, {
    LOG_LEVEL: 'silent',
    MODE: 'distributed',
    // Nothing here needs the web apps; an empty folder answers 404.
    WEB_RESIDENT_DIR: '/nonexistent',
    WEB_ADMIN_DIR: '/nonexistent',
    ...urls,
    ...env,
  });
}

beforeAll(async () => {
  const unavailableUrl = await listen(
    createHttpServer((_req, res) => {
      unavailable.calls += 1;
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 503, code: 'UNAVAILABLE' }));
    }),
  );
  const resettingUrl = await listen(
    createTcpServer((socket) => {
      socket.once('data', () => {
        resetting.calls += 1;
        socket.resetAndDestroy();
      });
    }),
  );
  const streamingUrl = await listen(
    createHttpServer((req, res: ServerResponse) => {
      streaming.open += 1;
      req.on('close', () => {
        streaming.closed += 1;
      });
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.write('retry: 3000\n\n');
      res.write('event: unread\ndata: {"unreadCount":2}\n\n');
      // The service's process dies mid-stream.
      if (req.url?.includes('break')) setTimeout(() => req.socket.destroy(), 50);
    }),
  );
  refusedUrl = `http://127.0.0.1:${await freePort()}`;
  gateway = await buildGateway(
    gatewayConfig({
      IDENTITY_URL: refusedUrl,
      CONTENT_URL: unavailableUrl,
      COMMUNITY_URL: refusedUrl,
      SERVICE_REQUESTS_URL: resettingUrl,
      NOTIFICATIONS_URL: streamingUrl,
    }),
  );
  await gateway.app.ready();
});

afterAll(async () => {
  gateway.app.server.closeAllConnections();
  await gateway.close();
  for (const server of servers) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe('a service that fails behind the gateway', () => {
  it('passes a 503 on at once, asking the service once', async () => {
    unavailable.calls = 0;
    const [res, ms] = await timed(() => gateway.app.inject({ method: 'GET', url: '/api/content/news' }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(unavailable.calls).toBe(1);
    expect(ms).toBeLessThan(500);
  });

  it('answers 503 problem+json with Retry-After when nothing listens on the service’s port', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const [res, ms] = await timed(() =>
        gateway.app.inject({
          method,
          url: '/api/community/discussions',
          ...(method === 'POST' ? { payload: { title: 'x' } } : {}),
        }),
      );
      expect(res.statusCode, method).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
      expect(ms).toBeLessThan(1000);
    }
  });

  it('answers 502 when the connection is reset, retrying a GET once and a POST never', async () => {
    resetting.calls = 0;
    const read = await gateway.app.inject({ method: 'GET', url: '/api/service-requests/requests' });
    expect(read.statusCode).toBe(502);
    expect(read.headers['content-type']).toContain('application/problem+json');
    expect(read.json()).toMatchObject({ status: 502, code: 'UPSTREAM_FAILED' });
    expect(resetting.calls).toBe(2);

    resetting.calls = 0;
    const write = await gateway.app.inject({
      method: 'POST',
      url: '/api/service-requests/requests',
      payload: { title: 'x' },
    });
    expect(write.statusCode).toBe(502);
    expect(write.json()).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect(resetting.calls).toBe(1);
  });
});

describe('live streams through the gateway', () => {
  it('ends them cleanly when the gateway closes, so that close() finishes at once', async () => {
    const own = await buildGateway(
      gatewayConfig({
        IDENTITY_URL: refusedUrl,
        CONTENT_URL: refusedUrl,
        COMMUNITY_URL: refusedUrl,
        SERVICE_REQUESTS_URL: refusedUrl,
        NOTIFICATIONS_URL: `http://127.0.0.1:${(servers[2]!.address() as AddressInfo).port}`,
      }),
    );
    const address = await own.app.listen({ host: '127.0.0.1', port: 0 });
    const closedBefore = streaming.closed;
    let received = '';
    const errors: string[] = [];
    let response: IncomingMessage | undefined;
    const ended = new Promise<'end' | 'close'>((resolve) => {
      const req = get(`${address}/api/notifications/stream`, (res) => {
        response = res;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received += chunk;
        });
        res.on('error', (err) => errors.push(err.message));
        res.on('end', () => resolve('end'));
        res.on('close', () => resolve('close'));
      });
      req.on('error', (err) => errors.push(err.message));
    });
    try {
      const deadline = Date.now() + 5000;
      while (!received.includes('event: unread') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(response?.headers['content-type']).toContain('text/event-stream');
      expect(received).toContain('event: unread');

      // Without ending the stream, close() waits for it until the grace period cuts it.
      const [closed, ms] = await timed(() =>
        Promise.race([
          own.close().then(() => 'closed'),
          new Promise((r) => setTimeout(() => r('hung'), 3000)),
        ]),
      );
      expect(closed).toBe('closed');
      expect(ms).toBeLessThan(1500);
      const how = await Promise.race([ended, new Promise((r) => setTimeout(() => r('open'), 1000))]);
      expect(how).toBe('end');
      expect(errors).toEqual([]);
      expect(response?.complete).toBe(true);
      // The browser is asked to reconnect within a second, after the last complete event.
      expect(received.endsWith('data: {"unreadCount":2}\n\nretry: 1000\n\n')).toBe(true);
      // The service hears that the client is gone, as when a browser leaves.
      const upstreamDeadline = Date.now() + 2000;
      while (streaming.closed === closedBefore && Date.now() < upstreamDeadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(streaming.closed).toBeGreaterThan(closedBefore);
    } finally {
      own.app.server.closeAllConnections();
      await own.close().catch(() => undefined);
    }
  });

  it('ends the client’s stream cleanly when the service’s stream breaks off', async () => {
    const address = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
    const outcome = await new Promise<{ how: string; received: string; complete: boolean }>((resolve) => {
      let received = '';
      const req = get(`${address}/api/notifications/stream?break=1`, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received += chunk;
        });
        res.on('error', (err) => resolve({ how: err.message, received, complete: res.complete }));
        res.on('end', () => resolve({ how: 'end', received, complete: res.complete }));
      });
      req.on('error', (err) => resolve({ how: err.message, received, complete: false }));
    });
    expect(outcome).toEqual({
      how: 'end',
      received: 'retry: 3000\n\nevent: unread\ndata: {"unreadCount":2}\n\n',
      complete: true,
    });
  });
});
