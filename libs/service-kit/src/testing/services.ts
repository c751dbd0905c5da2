import { connect } from 'node:net';

/**
 * Addresses of the real services integration tests run against, from the environment with the
 * local defaults of the CI machine.
 */
export function integrationServiceUrls() {
  const env = process.env;
  return {
    DATABASE_URL: env.TEST_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    NATS_URL: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

const DEFAULT_PORTS: Record<string, number> = {
  'postgres:': 5432,
  'postgresql:': 5432,
  'nats:': 4222,
  'redis:': 6379,
  'rediss:': 6379,
  'smtp:': 25,
  'smtps:': 465,
  'http:': 80,
  'https:': 443,
};

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/** Whether a TCP connection to the URL's host and port opens within the timeout. */
export function probe(url: string, timeoutMs = 3_000): Promise<{ ok: true } | { ok: false; reason: string }> {
  const parsed = new URL(url);
  const port = Number(parsed.port) || DEFAULT_PORTS[parsed.protocol];
  if (!port) return Promise.resolve({ ok: false, reason: `no port for ${parsed.protocol}` });
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: { ok: true } | { ok: false; reason: string }) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done({ ok: false, reason: `no answer within ${timeoutMs} ms` }));
    socket.once('connect', () => done({ ok: true }));
    socket.once('error', (err) => done({ ok: false, reason: err.message }));
  });
}

/**
 * Make sure a service an integration test file needs is reachable. Under CI (`CI=true`) an
 * unreachable service throws, so the file fails instead of skipping; elsewhere it warns and
 * answers false, and the file skips:
 *
 *   const natsUp = await requireService('NATS', urls.NATS_URL);
 *   describe.skipIf(!natsUp)('…', () => { … });
 */
export async function requireService(name: string, url: string, timeoutMs = 3_000): Promise<boolean> {
  const result = await probe(url, timeoutMs);
  if (result.ok) return true;
  const message = `${name} is unreachable at ${redact(url)} (${result.reason})`;
  if (process.env.CI === 'true') {
    throw new Error(`${message}; integration tests need it under CI=true`);
  }
  console.warn(`${message}: skipping its integration tests (under CI=true this fails)`);
  return false;
}
