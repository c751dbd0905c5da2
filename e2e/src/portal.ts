import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
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
      // Up means every check ok: a gateway answers 200 'degraded' while a service behind it is
      // not ready yet, and a service while its broker is not connected yet.
      const body = (await res.json().catch(() => ({}))) as { status?: unknown };
      if (res.ok && body.status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms:\n${output()}`);
}

/** The manage links' secret of this run (production needs one). */
const MANAGE_LINK_SECRET = randomBytes(32).toString('hex');

interface Started {
  child: ChildProcess;
  output: () => string;
}

function start(script: string, env: Record<string, string>): Started {
  let log = '';
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', MANAGE_LINK_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log = (log + String(d)).slice(-20_000);
  });
  child.stderr?.on('data', (d) => {
    log = (log + String(d)).slice(-20_000);
  });
  return { child, output: () => log.slice(-4000) };
}

/** SIGTERM, then the exit code (SIGKILL and null after 15 s). */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
  if (code === null) child.kill('SIGKILL');
  return code;
}

/** stop(), printing the process's last output when it did not exit cleanly. */
async function stopReporting(process_: Started) {
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
    ...DOCUMENTS_ENV,
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

/** One service's process as the registry declares it (services/gateway/src/deploy.ts). */
interface ProcessEntry {
  name: string;
  script: string;
  urlKey: string;
}

let manifest: ProcessEntry[] | undefined;
/** The services of the registry in their order, read from the built gateway's manifest. */
export function serviceProcesses(): ProcessEntry[] {
  if (!manifest) {
    const run = spawnSync(process.execPath, [join(root, 'services/gateway/dist/manifest.js')], {
      cwd: root,
      encoding: 'utf8',
    });
    if (run.status !== 0)
      throw new Error(`the services' manifest could not be read (build first):\n${run.stderr}`);
    manifest = JSON.parse(run.stdout) as ProcessEntry[];
  }
  return manifest;
}

/** The services journeys and fault tests address by name; any other of the registry is a string. */
export type ServiceName =
  | 'identity'
  | 'content'
  | 'notifications'
  | 'community'
  | 'service-requests'
  | 'gateway'
  | (string & {});

/** An upload's notice a moment after its last file, not half a minute: journeys wait for it. */
const DOCUMENTS_ENV = { DOCUMENTS_ANNOUNCE_DELAY_SECONDS: '2' };

/** What the e2e runs give a service beyond the shared settings (the demo, the content clock). */
const E2E_ENV: Record<string, Record<string, string>> = {
  identity: { SEED_DEMO: 'true' },
  content: { SEED_DEMO: 'true', NODE_ENV: 'test', CLOCK_CONTROL: 'true' },
  documents: DOCUMENTS_ENV,
};

/** One process of the distributed portal, which a fault test may kill and start again. */
export interface ServiceProcess {
  name: ServiceName;
  url: string;
  readonly child: ChildProcess;
  output(): string;
  /** Exits nobody asked for (a crash), counted since the start. */
  readonly crashes: number;
  /** Send a signal and wait for the exit (SIGKILL: a crash the test causes, not counted). */
  kill(signal: 'SIGTERM' | 'SIGKILL' | 'SIGSTOP' | 'SIGCONT'): Promise<void>;
  /** Start it again with the same settings; resolves when it is ready. */
  restart(): Promise<void>;
}

export interface DistributedPortal extends Portal {
  mode: 'distributed';
  processes: Record<ServiceName, ServiceProcess>;
  /** The one database the services share (each in its own schema). */
  databaseUrl: string;
}

export interface DistributedOptions {
  /** The broker and Redis (default: the machine's); a fault test passes its own to stop them. */
  natsUrl?: string;
  redisUrl?: string;
  /** More settings for every process, and per service. */
  env?: Record<string, string>;
  envOf?: Partial<Record<ServiceName, Record<string, string>>>;
}

/**
 * The built portal in the distributed mode: every service of the registry and the gateway as
 * processes on PostgreSQL, NATS and Redis.
 */
export async function startDistributed(options: DistributedOptions = {}): Promise<DistributedPortal> {
  const database = `porta_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const databaseUrl = new URL(PG_ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  const services = serviceProcesses();
  const names: ServiceName[] = [...services.map((service) => service.name), 'gateway'];
  const ports: Partial<Record<ServiceName, number>> = {};
  for (const name of names) ports[name] = await freePort();
  const urlOf = (name: ServiceName) => `http://127.0.0.1:${ports[name]}`;
  // One data folder for all, as in the embedded mode: every service's mail lands in its outbox.
  const dataDir = mkdtempSync(join(tmpdir(), 'porta-e2e-distributed-'));
  const url = urlOf('gateway');
  const shared = {
    DATABASE_URL: databaseUrl.toString(),
    NATS_URL: options.natsUrl ?? NATS_URL,
    REDIS_URL: options.redisUrl ?? REDIS_URL,
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...options.env,
  };
  const behind = { TRUST_PROXY: 'loopback', IDENTITY_URL: urlOf('identity') };
  const settings: Partial<Record<ServiceName, [string, Record<string, string>]>> = {
    ...Object.fromEntries(
      services.map((service) => [service.name, [service.script, { ...behind, ...E2E_ENV[service.name] }]]),
    ),
    gateway: [
      'services/gateway/dist/server.js',
      {
        MODE: 'distributed',
        ...Object.fromEntries(services.map((service) => [service.urlKey, urlOf(service.name)])),
      },
    ],
  };
  const processes: Partial<Record<ServiceName, ServiceProcess>> = {};
  const processOf = (name: ServiceName) => {
    const found = processes[name];
    if (!found) throw new Error(`no process ${name}`);
    return found;
  };
  const launch = async (name: ServiceName) => {
    const setting = settings[name];
    if (!setting) throw new Error(`no process ${name}`);
    const [script, env] = setting;
    let current = start(script, { ...shared, PORT: String(ports[name]), ...env, ...options.envOf?.[name] });
    let crashes = 0;
    let expectExit = false;
    const watch = (started: Started) =>
      started.child.once('exit', () => {
        if (!expectExit) crashes += 1;
      });
    watch(current);
    const handle: ServiceProcess = {
      name,
      url: urlOf(name),
      get child() {
        return current.child;
      },
      output: () => current.output(),
      get crashes() {
        return crashes;
      },
      async kill(signal) {
        const { child } = current;
        if (signal === 'SIGSTOP' || signal === 'SIGCONT') {
          child.kill(signal);
          return;
        }
        if (child.exitCode !== null || child.signalCode !== null) return;
        expectExit = true;
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill(signal);
        });
      },
      async restart() {
        await handle.kill('SIGTERM');
        expectExit = false;
        current = start(script, { ...shared, PORT: String(ports[name]), ...env, ...options.envOf?.[name] });
        watch(current);
        await waitReady(urlOf(name), current.child, current.output);
      },
    };
    processes[name] = handle;
    await waitReady(urlOf(name), current.child, current.output);
  };
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${database} with (force)`);
    await cleanup.end();
  };
  // Stopped edge first, identity last.
  const stopOrder = () => [...names].reverse().filter((name) => processes[name]);
  try {
    // Identity first: the other services' demo data asks it over the bus. Then the others and the
    // gateway at once (each waits for its broker and database, the gateway for the services).
    const [first, ...rest] = [...names].sort((a, b) => Number(b === 'identity') - Number(a === 'identity'));
    if (first) await launch(first);
    const launched = await Promise.allSettled(rest.map(launch));
    const failed = launched.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    // Processes started so far are stopped again, so none is left answering on NATS.
    for (const name of stopOrder()) await stop(processOf(name).child);
    await cleanUp();
    throw error;
  }
  return {
    mode: 'distributed',
    url,
    mailDir: join(dataDir, 'mail'),
    // Every service of the registry was launched above; the names tests address are among them.
    processes: processes as Record<ServiceName, ServiceProcess>,
    databaseUrl: databaseUrl.toString(),
    stop: async () => {
      const codes: (number | null)[] = [];
      for (const name of stopOrder()) {
        const p = processOf(name);
        codes.push(await stopReporting({ child: p.child, output: () => p.output() }));
      }
      return codes;
    },
    async close() {
      for (const name of stopOrder()) await stop(processOf(name).child);
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
