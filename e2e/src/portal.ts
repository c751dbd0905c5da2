import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const PG_ADMIN_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.E2E_NATS_URL ?? 'nats://127.0.0.1:4222';
export const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}) before ready:\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms:\n${output()}`);
}

/** The manage links' secret of this run (production needs one). */
const MANAGE_LINK_SECRET = randomBytes(32).toString('hex');

function start(script: string, env: Record<string, string>) {
  let log = '';
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', MANAGE_LINK_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += String(d);
  });
  child.stderr?.on('data', (d) => {
    log += String(d);
  });
  return { child, output: () => log.slice(-4000) };
}

/** SIGTERM, then the exit code (SIGKILL and null after 15 s). */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
  if (code === null) child.kill('SIGKILL');
  return code;
}

/** stop(), printing the process's last output when it did not exit cleanly. */
async function stopReporting(process_: { child: ChildProcess; output: () => string }) {
  const code = await stop(process_.child);
  if (code !== 0) console.error(`exit ${code}; last output:\n${process_.output()}`);
  return code;
}

export interface Portal {
  mode: 'embedded' | 'distributed';
  url: string;
  /** Where the portal's mail goes (the file outbox: an .eml and a .json per message). */
  mailDir: string;
  /** Stop the processes with SIGTERM; answers their exit codes (0 when they shut down cleanly). */
  stop(): Promise<(number | null)[]>;
  close(): Promise<void>;
}

/** The built portal in the embedded mode: one process, PGlite in a temporary folder. */
export async function startEmbedded(): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'porta-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const gateway = start('services/gateway/dist/server.js', {
    MODE: 'embedded',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    // Lets journeys move the content service's clock (scheduled publication without waiting).
    NODE_ENV: 'test',
    CLOCK_CONTROL: 'true',
  });
  await waitReady(url, gateway.child, gateway.output);
  return {
    mode: 'embedded',
    url,
    mailDir: join(dataDir, 'mail'),
    stop: async () => [await stopReporting(gateway)],
    async close() {
      await stop(gateway.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built portal in the distributed mode: identity, content, notifications, community,
 * service-requests and the gateway as processes on PostgreSQL, NATS and Redis.
 */
export async function startDistributed(): Promise<Portal> {
  const database = `porta_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const databaseUrl = new URL(PG_ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  const [gatewayPort, identityPort, contentPort, notificationsPort, communityPort, serviceRequestsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // identity and notifications share one folder: both services' mail lands in its outbox.
  const identityDataDir = mkdtempSync(join(tmpdir(), 'porta-e2e-identity-'));
  const contentDataDir = mkdtempSync(join(tmpdir(), 'porta-e2e-content-'));
  const communityDataDir = mkdtempSync(join(tmpdir(), 'porta-e2e-community-'));
  const serviceRequestsDataDir = mkdtempSync(join(tmpdir(), 'porta-e2e-service-requests-'));
  const url = `http://127.0.0.1:${gatewayPort}`;
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const shared = {
    DATABASE_URL: databaseUrl.toString(),
    NATS_URL,
    REDIS_URL,
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
  };
  // Processes started so far: a start that fails stops them again, so none is left answering on NATS.
  const started: ReturnType<typeof start>[] = [];
  const launch = async (script: string, port: number, env: Record<string, string>) => {
    const process_ = start(script, { ...shared, PORT: String(port), ...env });
    started.push(process_);
    await waitReady(`http://127.0.0.1:${port}`, process_.child, process_.output);
    return process_;
  };
  const cleanUp = async () => {
    rmSync(identityDataDir, { recursive: true, force: true });
    rmSync(contentDataDir, { recursive: true, force: true });
    rmSync(communityDataDir, { recursive: true, force: true });
    rmSync(serviceRequestsDataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${database} with (force)`);
    await cleanup.end();
  };
  try {
    await launch('services/identity/dist/server.js', identityPort, {
      TRUST_PROXY: 'loopback',
      SEED_DEMO: 'true',
      DATA_DIR: identityDataDir,
    });
    await launch('services/content/dist/server.js', contentPort, {
      TRUST_PROXY: 'loopback',
      SEED_DEMO: 'true',
      DATA_DIR: contentDataDir,
      IDENTITY_URL: identityUrl,
      NODE_ENV: 'test',
      CLOCK_CONTROL: 'true',
    });
    await launch('services/notifications/dist/server.js', notificationsPort, {
      TRUST_PROXY: 'loopback',
      DATA_DIR: identityDataDir,
      IDENTITY_URL: identityUrl,
    });
    await launch('services/community/dist/server.js', communityPort, {
      TRUST_PROXY: 'loopback',
      DATA_DIR: communityDataDir,
      IDENTITY_URL: identityUrl,
    });
    await launch('services/service-requests/dist/server.js', serviceRequestsPort, {
      TRUST_PROXY: 'loopback',
      DATA_DIR: serviceRequestsDataDir,
      IDENTITY_URL: identityUrl,
    });
    await launch('services/gateway/dist/server.js', gatewayPort, {
      MODE: 'distributed',
      IDENTITY_URL: identityUrl,
      CONTENT_URL: `http://127.0.0.1:${contentPort}`,
      NOTIFICATIONS_URL: `http://127.0.0.1:${notificationsPort}`,
      COMMUNITY_URL: `http://127.0.0.1:${communityPort}`,
      SERVICE_REQUESTS_URL: `http://127.0.0.1:${serviceRequestsPort}`,
    });
  } catch (error) {
    for (const process_ of started.reverse()) await stop(process_.child);
    await cleanUp();
    throw error;
  }
  // Stopped edge first, identity last.
  const processes = [...started].reverse();
  return {
    mode: 'distributed',
    url,
    mailDir: join(identityDataDir, 'mail'),
    stop: async () => {
      const codes: (number | null)[] = [];
      for (const process_ of processes) codes.push(await stopReporting(process_));
      return codes;
    },
    async close() {
      for (const process_ of processes) await stop(process_.child);
      await cleanUp();
    },
  };
}

/** The text of the newest mail to an address in the portal's outbox (waits up to 15 s for it). */
export async function latestMailTo(portal: Portal, address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = existsSync(portal.mailDir)
      ? readdirSync(portal.mailDir).filter((f) => f.endsWith('.json'))
      : [];
    const mine = files
      .sort()
      .reverse()
      .find((f) => {
        const meta = JSON.parse(readFileSync(join(portal.mailDir, f), 'utf8')) as { to: string[] };
        return meta.to.includes(address);
      });
    if (mine) {
      const eml = readFileSync(join(portal.mailDir, mine.replace(/\.json$/, '.eml')), 'utf8');
      // Undo quoted-printable soft line breaks and escapes.
      return eml
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${address} in ${portal.mailDir}`);
}
