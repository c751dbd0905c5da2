import { randomBytes } from 'node:crypto';
import { freePort, type ServerProcess, startServer } from './processes.js';
import { type BenchSettings, withDatabase } from './settings.js';
import type { StreamTarget } from './stream.js';

/** One URL loaded by autocannon. */
export interface Target {
  id: string;
  title: string;
  /** What the number says, for the report. */
  measures: string;
  url: string;
  headers?: Record<string, string>;
  /** Checks one answer before the load, so that a wrong setup cannot pass as fast. */
  check(body: unknown): boolean;
  /** Paced (open-loop) load at this many requests per second (default: closed loop). */
  rate?: number;
  /** For a paced target: the closed-loop target of the same request, measured before it. */
  pacedAfter?: string;
  /** The p99 latency the target should stay under, when there is one. */
  p99TargetMs?: number;
  /** Seconds before a request times out (default 10): for targets that queue far longer. */
  timeoutSeconds?: number;
  /** Seconds of warm-up at least (when BENCH_WARMUP is not 0): for a server just started. */
  warmupSeconds?: number;
  /**
   * A page's calls: each connection sends these one after another, over and over (closed loop
   * only), instead of `url` alone; every one is checked to answer 2xx before the load. Throughput
   * and latency are per call.
   */
  cycle?: { url: string; headers?: Record<string, string> }[];
}

/** The same target paced (open loop) at `rate` requests a second, measured after its closed loop. */
export function pacedCopy(target: Target, rate: number): Target {
  return {
    ...target,
    id: `${target.id}-paced`,
    title: `${target.title} @${rate}/s`,
    measures: `${target.measures} Paced: ${rate} requests a second, evenly spaced (open loop).`,
    rate,
    pacedAfter: target.id,
  };
}

/** The targets and, when `rate` is set, each paced after it (a page's cycle of calls: closed loop only). */
export function withPaced(targets: Target[], rate: number): Target[] {
  if (!rate) return targets;
  return targets.flatMap((t) => (t.cycle ? [t] : [t, pacedCopy(t, rate)]));
}

export interface Started {
  targets: Target[];
  /** Streamed downloads measured once each (stream.ts), before the targets. */
  streams?: StreamTarget[];
  servers: ServerProcess[];
  /**
   * Processes the servers need but that are not measured (a private NATS server): stopped after
   * the servers, their CPU not counted (as PostgreSQL's is not).
   */
  infrastructure?: { stop(): Promise<void> }[];
}

/** A set of processes started together and the targets measured against them. */
export interface Scenario {
  ids: string[];
  /** Runs only when BENCH_ONLY names it (or its group), not in the default run. */
  optIn?: boolean;
  start(context: ScenarioContext): Promise<Started>;
  /** After the whole run: remove what the scenario left for later ones (databases, folders). */
  cleanup?(settings: BenchSettings): Promise<void>;
}

export interface ScenarioContext {
  settings: BenchSettings;
  /** A fresh folder for this scenario's DATA_DIR. */
  dataDir: string;
}

const RUN_SECRET = randomBytes(32).toString('hex');

const DEMO_EMAIL = 'owner@demo.porta.test';
const DEMO_PASSWORD = 'Demo-Portal-2026';

export function script(settings: BenchSettings, service: string): string {
  return settings.fromSource ? `services/${service}/src/server.ts` : `services/${service}/dist/server.js`;
}

/** Environment of every Porta process: production logging, no optional infrastructure. */
export function portaEnv(context: ScenarioContext): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: context.settings.logLevel,
    DATA_DIR: context.dataDir,
    // Empty means "not set" to loadConfig: keep a developer's own settings out of the run.
    DATABASE_URL: '',
    NATS_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    // The limit is per client address and every request comes from 127.0.0.1: never trip it.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // Production needs the manage links' secret; a run's own.
    MANAGE_LINK_SECRET: RUN_SECRET,
  };
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isMe = (body: unknown) => isRecord(body) && isRecord(body.user) && body.user.email === DEMO_EMAIL;

/** Sign in through baseUrl (by default as the demo owner) and answer the access token. */
export async function signIn(baseUrl: string, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/identity/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body: unknown = await res.json();
  if (!res.ok || !isRecord(body) || typeof body.accessToken !== 'string') {
    throw new Error(`sign-in of ${email} at ${baseUrl} failed (${res.status}): ${JSON.stringify(body)}`);
  }
  return body.accessToken;
}

/** The features on for the housing company, as the resident app asks at start. */
export async function featuresOn(
  baseUrl: string,
  token: string,
  housingCompanyId: string,
): Promise<Set<string>> {
  const res = await fetch(`${baseUrl}/api/identity/features?${new URLSearchParams({ housingCompanyId })}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(60_000),
  });
  const body: unknown = await res.json();
  if (!res.ok || !isRecord(body) || !isRecord(body.features)) {
    throw new Error(`features of ${housingCompanyId}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return new Set(Object.keys(body.features));
}

const bare: Scenario = {
  ids: ['bare'],
  async start({ settings }) {
    const server = await startServer({
      name: 'bare',
      script: 'bench/src/targets/bare.ts',
      fromSource: settings.fromSource,
      env: {},
      port: await freePort(),
      readyPath: '/',
    });
    return {
      servers: [server],
      targets: [
        {
          id: 'bare',
          title: 'bare Fastify hello-world',
          measures:
            'Fastify 5 with nothing added: GET / answers {hello:"world"}. The ceiling of this machine.',
          url: `${server.url}/`,
          check: (body) => isRecord(body) && body.hello === 'world',
        },
      ],
    };
  },
};

const barePg: Scenario = {
  ids: ['pg'],
  async start({ settings }) {
    const server = await startServer({
      name: 'pg',
      script: 'bench/src/targets/bare-pg.ts',
      fromSource: settings.fromSource,
      env: { DATABASE_URL: withDatabase(settings.postgresUrl, settings.database) },
      port: await freePort(),
      readyPath: '/',
    });
    return {
      servers: [server],
      targets: [
        {
          id: 'pg',
          title: 'bare Fastify + pg query',
          measures:
            'Fastify and node-postgres (pool of 10, as Porta): one single-row select by primary key per request on the real PostgreSQL.',
          url: `${server.url}/`,
          check: (body) => isRecord(body) && body.id === 1,
        },
      ],
    };
  },
};

const stack: Scenario = {
  ids: ['stack'],
  async start(context) {
    const server = await startServer({
      name: 'stack',
      script: 'bench/src/targets/stack.ts',
      fromSource: context.settings.fromSource,
      env: { ...portaEnv(context), MODE: 'embedded', SEED_DEMO: 'false' },
      port: await freePort(),
      readyPath: '/readyz',
    });
    return {
      servers: [server],
      targets: [
        {
          id: 'stack',
          title: 'stub route, full Porta stack',
          measures:
            'GET /api/bench/stub (public, no I/O) in the embedded gateway: createService (request id, pino request logs, policy enforcement, zod serializer, problem errors), helmet, CORS, rate limit, service-plugin encapsulation.',
          url: `${server.url}/api/bench/stub`,
          check: (body) => isRecord(body) && body.ok === true,
        },
      ],
    };
  },
};

const embedded: Scenario = {
  ids: ['embedded-me'],
  async start(context) {
    const gateway = await startServer({
      name: 'gateway-embedded',
      script: script(context.settings, 'gateway'),
      fromSource: context.settings.fromSource,
      env: { ...portaEnv(context), MODE: 'embedded', SEED_DEMO: 'true' },
      port: await freePort(),
      readyPath: '/readyz',
    });
    try {
      const token = await signIn(gateway.url);
      return {
        servers: [gateway],
        targets: [
          {
            id: 'embedded-me',
            title: '/me, embedded gateway (PGlite)',
            measures:
              'GET /api/identity/me with a bearer token in one process: token verification, session check and the user with memberships from PGlite (one in-process connection).',
            url: `${gateway.url}/api/identity/me`,
            headers: { authorization: `Bearer ${token}` },
            check: isMe,
          },
        ],
      };
    } catch (err) {
      await gateway.stop();
      throw err;
    }
  },
};

const distributed: Scenario = {
  ids: ['distributed-me', 'identity-me'],
  async start(context) {
    const { settings } = context;
    const identity = await startServer({
      name: 'identity',
      script: script(settings, 'identity'),
      fromSource: settings.fromSource,
      env: {
        ...portaEnv(context),
        DATABASE_URL: withDatabase(settings.postgresUrl, settings.database),
        SEED_DEMO: 'true',
        TRUST_PROXY: 'loopback',
      },
      port: await freePort(),
      readyPath: '/readyz',
    });
    const servers = [identity];
    try {
      const gateway = await startServer({
        name: 'gateway-distributed',
        script: script(settings, 'gateway'),
        fromSource: settings.fromSource,
        env: { ...portaEnv(context), MODE: 'distributed', IDENTITY_URL: identity.url },
        port: await freePort(),
        // Live, not ready: the services this scenario does not start (notifications…) stay unready.
        readyPath: '/healthz',
      });
      servers.unshift(gateway);
      const token = await signIn(gateway.url);
      const headers = { authorization: `Bearer ${token}` };
      return {
        servers,
        targets: [
          {
            id: 'distributed-me',
            title: '/me, distributed via gateway (PG)',
            measures:
              'The same request through the gateway process (token check, proxy) to the identity process on PostgreSQL (pool of 10), which verifies the token again and runs the queries.',
            url: `${gateway.url}/api/identity/me`,
            headers,
            check: isMe,
          },
          {
            id: 'identity-me',
            title: '/me, identity process direct (PG)',
            measures:
              'For reference: the same request straight to the identity process, without the gateway hop.',
            url: `${identity.url}/api/identity/me`,
            headers,
            check: isMe,
          },
        ],
      };
    } catch (err) {
      for (const server of servers) await server.stop();
      throw err;
    }
  },
};

/** In the order they run. */
export const SCENARIOS: Scenario[] = [bare, barePg, stack, embedded, distributed];
