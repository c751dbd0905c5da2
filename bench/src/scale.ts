import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@porta/service-kit';
import pg from 'pg';
import {
  countsAt,
  existingLargeData,
  LARGE_EMAIL_DOMAIN,
  LARGE_PASSWORD,
  type LargeTarget,
  seedLarge,
} from './large/seed.js';
import { freePort, type ServerProcess, startServer } from './processes.js';
import {
  isRecord,
  portaEnv,
  type Scenario,
  type ScenarioContext,
  type Started,
  script,
  signIn,
  type Target,
  withPaced,
} from './scenarios.js';
import { type BenchSettings, RESULTS_DIR, withDatabase } from './settings.js';

/**
 * The scale scenarios (issue 3): /me, the features of a housing company and the staff user search
 * on the large data set, through Porta and through bare Fastify on the same database, embedded
 * (PGlite) and on PostgreSQL. The data set is seeded once per database and run (or kept with
 * BENCH_SCALE_REUSE=true), before the servers start.
 */

const ADMIN_EMAIL = 'admin@demo.porta.test';
const ADMIN_PASSWORD = 'Demo-Portal-2026';
const P99_TARGET_MS = 50;
/** The user search on PGlite queues for tens of seconds at 50 connections: measure, do not time out. */
const TIMEOUT_SECONDS = 120;

/** What the measured requests are about, found in the seeded data. */
interface Subjects {
  resident: { id: string; email: string; housingCompanyId: string; housingCompanies: number };
  /** Users the staff search finds (its Content-Range total). */
  searchMatches: number;
}

export interface ScaleFixture {
  mode: 'embedded' | 'postgres';
  target: LargeTarget;
  /** DATA_DIR of the embedded gateway. */
  dataDir?: string;
  /** DATABASE_URL of the PostgreSQL processes. */
  url?: string;
  subjects: Subjects;
  seeding: { reused: boolean; seconds: number | null; counts: Record<string, number> | null; where: string };
  /** PostgreSQL's version, for the report. */
  serverVersion?: string;
}

const fixtures = new Map<'embedded' | 'postgres', Promise<ScaleFixture>>();

/** Seeding of the run's fixtures, for the report. */
export async function scaleSeedings(): Promise<ScaleFixture[]> {
  const settled = await Promise.allSettled(fixtures.values());
  return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
}

export async function withDb<T>(target: LargeTarget, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase(
    target.url ? { url: target.url, poolSize: 2 } : { dataDir: target.dataDir ?? '' },
  );
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A typical resident: a registered owner living in the company they have selected. */
async function findSubjects(db: Database, q: string): Promise<Subjects> {
  const [resident] = await db.query<{ id: string; email: string; housing_company_id: string }>(
    `select u.id, u.email, a.housing_company_id
       from identity.users u
       join identity.apartment_roles r on r.user_id = u.id
       join identity.apartments a on a.id = r.apartment_id
       join identity.housing_companies h on h.id = a.housing_company_id
      where u.email like $1 and u.enabled and u.registered and r.role = 'owner'
        and r.valid_from is null and r.valid_until is null and h.completion_date < current_date
        and u.selected_housing_company_id = a.housing_company_id
      order by u.email
      limit 1`,
    [`%@${LARGE_EMAIL_DOMAIN}`],
  );
  if (!resident) throw new Error('the large data set has no resident to sign in as');
  const [companies] = await db.query<{ n: number }>(
    `select count(distinct a.housing_company_id)::int as n from identity.apartment_roles r
       join identity.apartments a on a.id = r.apartment_id where r.user_id = $1`,
    [resident.id],
  );
  const [matches] = await db.query<{ n: number }>(
    `select count(*)::int as n from identity.users where email ilike $1 or first_name ilike $1
        or last_name ilike $1 or (first_name || ' ' || last_name) ilike $1`,
    [likePattern(q)],
  );
  return {
    resident: {
      id: resident.id,
      email: resident.email,
      housingCompanyId: resident.housing_company_id,
      housingCompanies: companies?.n ?? 0,
    },
    searchMatches: matches?.n ?? 0,
  };
}

/**
 * Seed unless reusing data of the right size; answer what was done. The database must exist
 * (PostgreSQL) or may be new (PGlite).
 */
async function ensureSeeded(target: LargeTarget, settings: BenchSettings, where: string) {
  const expected = countsAt(settings.scale);
  if (settings.scaleReuse) {
    const existing = await withDb(target, async (db) => {
      const [table] = await db.query<{ ok: boolean }>(
        `select to_regclass('identity.housing_companies') is not null as ok`,
      );
      return table?.ok ? existingLargeData(db) : { housingCompanies: 0, users: 0 };
    });
    if (existing.housingCompanies === expected.housingCompanies && existing.users >= expected.users) {
      console.log(`Scale: reusing the large data set in ${where}.`);
      return { reused: true, seconds: null, counts: null, where };
    }
  }
  console.log(`Scale: seeding the large data set (scale ${settings.scale}) into ${where}…`);
  const result = await seedLarge(target, {
    scale: settings.scale,
    password: LARGE_PASSWORD,
    reset: true,
    log: (line) => console.log(line),
  });
  console.log(`Scale: seeded in ${(result.totalMs / 1000).toFixed(1)} s.`);
  return { reused: false, seconds: Number((result.totalMs / 1000).toFixed(1)), counts: result.counts, where };
}

export function embeddedFixture(settings: BenchSettings): Promise<ScaleFixture> {
  let fixture = fixtures.get('embedded');
  if (!fixture) {
    fixture = (async () => {
      let dataDir: string;
      if (settings.scaleReuse) {
        dataDir = join(RESULTS_DIR, `scale-pglite-${settings.scale}`);
        mkdirSync(dataDir, { recursive: true });
      } else {
        dataDir = mkdtempSync(join(tmpdir(), 'porta-scale-'));
      }
      const target = { dataDir: join(dataDir, 'pglite') };
      const seeding = await ensureSeeded(target, settings, `PGlite ${target.dataDir}`);
      const subjects = await withDb(target, (db) => findSubjects(db, settings.scaleQuery));
      return { mode: 'embedded' as const, target, dataDir, subjects, seeding };
    })();
    fixtures.set('embedded', fixture);
  }
  return fixture;
}

export async function postgresFixture(settings: BenchSettings): Promise<ScaleFixture> {
  let fixture = fixtures.get('postgres');
  if (!fixture) {
    fixture = (async () => {
      const admin = new pg.Client({ connectionString: settings.postgresUrl });
      await admin.connect();
      let serverVersion: string | undefined;
      try {
        const version = await admin.query<{ server_version: string }>('show server_version');
        serverVersion = version.rows[0]?.server_version;
        const { rows } = await admin.query('select 1 from pg_database where datname = $1', [
          settings.scaleDatabase,
        ]);
        if (!settings.scaleReuse || rows.length === 0) {
          // The name is checked to be a plain identifier (settings.ts).
          await admin.query(`drop database if exists ${settings.scaleDatabase} with (force)`);
          await admin.query(`create database ${settings.scaleDatabase}`);
        }
      } finally {
        await admin.end();
      }
      const url = withDatabase(settings.postgresUrl, settings.scaleDatabase);
      const target = { url };
      const seeding = await ensureSeeded(target, settings, `PostgreSQL database ${settings.scaleDatabase}`);
      const subjects = await withDb(target, (db) => findSubjects(db, settings.scaleQuery));
      return {
        mode: 'postgres' as const,
        target,
        url,
        subjects,
        seeding,
        ...(serverVersion ? { serverVersion } : {}),
      };
    })();
    fixtures.set('postgres', fixture);
  }
  return fixture;
}

/** Remove the run's data (unless it is kept for reuse). */
export async function cleanupFixture(mode: 'embedded' | 'postgres', settings: BenchSettings) {
  const fixture = fixtures.get(mode);
  if (!fixture || settings.scaleReuse) return;
  const value = await fixture.catch(() => null);
  if (mode === 'embedded' && value?.dataDir) rmSync(value.dataDir, { recursive: true, force: true });
  if (mode === 'postgres') {
    const admin = new pg.Client({ connectionString: settings.postgresUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${settings.scaleDatabase} with (force)`);
    } finally {
      await admin.end();
    }
  }
  fixtures.delete(mode);
}

const MODE_TITLE = { embedded: 'embedded, PGlite', postgres: 'PostgreSQL' } as const;

const isFeatures = (body: unknown) =>
  isRecord(body) &&
  isRecord(body.features) &&
  isRecord(body.features.news) &&
  isRecord(body.features.calendar);

/** A page of the search: 25 users (or all when fewer match), each matching the text. */
function isSearchPage(q: string, matches: number) {
  const needle = q.toLowerCase();
  return (body: unknown) =>
    Array.isArray(body) &&
    body.length === Math.min(25, matches) &&
    body.every((u: unknown) => {
      if (!isRecord(u)) return false;
      const [email, first, last] = [
        u.email ?? '',
        u.firstName ?? u.first_name ?? '',
        u.lastName ?? u.last_name ?? '',
      ];
      return [email, first, last, `${first} ${last}`].some((s) => String(s).toLowerCase().includes(needle));
    });
}

/** The three measured requests through Porta at baseUrl. */
async function portaTargets(
  mode: 'embedded' | 'postgres',
  baseUrl: string,
  fixture: ScaleFixture,
  settings: BenchSettings,
): Promise<Target[]> {
  const { resident, searchMatches } = fixture.subjects;
  const residentToken = await signIn(baseUrl, resident.email, LARGE_PASSWORD);
  const adminToken = await signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const prefix = mode === 'embedded' ? 'scale-embedded' : 'scale-pg';
  const via = mode === 'embedded' ? 'the embedded gateway' : 'the gateway to the identity process';
  const q = settings.scaleQuery;
  const filter = encodeURIComponent(JSON.stringify({ q }));
  const range = encodeURIComponent('[0,24]');
  return withPaced(
    [
      {
        id: `${prefix}-me`,
        title: `scale /me, ${MODE_TITLE[mode]}`,
        measures: `GET /api/identity/me of a resident (owner in ${resident.housingCompanies} housing company) through ${via}, on the large data set.`,
        url: `${baseUrl}/api/identity/me`,
        headers: { authorization: `Bearer ${residentToken}` },
        check: (body) => isRecord(body) && isRecord(body.user) && body.user.email === resident.email,
        p99TargetMs: P99_TARGET_MS,
        timeoutSeconds: TIMEOUT_SECONDS,
      },
      {
        id: `${prefix}-features`,
        title: `scale features, ${MODE_TITLE[mode]}`,
        measures: `GET /api/identity/features?housingCompanyId=… of the resident's housing company through ${via}.`,
        url: `${baseUrl}/api/identity/features?housingCompanyId=${resident.housingCompanyId}`,
        headers: { authorization: `Bearer ${residentToken}` },
        check: isFeatures,
        p99TargetMs: P99_TARGET_MS,
        timeoutSeconds: TIMEOUT_SECONDS,
      },
      {
        id: `${prefix}-users`,
        title: `scale user search, ${MODE_TITLE[mode]}`,
        measures: `GET /api/identity/admin/users?filter={"q":"${q}"}&range=[0,24] as the demo admin through ${via} (${searchMatches} of the users match).`,
        url: `${baseUrl}/api/identity/admin/users?filter=${filter}&range=${range}`,
        headers: { authorization: `Bearer ${adminToken}` },
        check: isSearchPage(q, searchMatches),
        p99TargetMs: P99_TARGET_MS,
        timeoutSeconds: TIMEOUT_SECONDS,
      },
    ],
    settings.scaleRate,
  );
}

/** The same three answers from bare Fastify on the same database. */
function bareTargets(
  mode: 'embedded' | 'postgres',
  baseUrl: string,
  fixture: ScaleFixture,
  q: string,
): Target[] {
  const { resident, searchMatches } = fixture.subjects;
  const prefix = mode === 'embedded' ? 'scale-embedded-bare' : 'scale-pg-bare';
  const driver = mode === 'embedded' ? 'PGlite' : 'node-postgres (pool of 10)';
  return [
    {
      id: `${prefix}-me`,
      title: `scale /me, bare Fastify + ${mode === 'embedded' ? 'PGlite' : 'pg'}`,
      measures: `Bare Fastify with ${driver}: the resident with housing companies, apartments and roles in one indexed query (no token, no session check).`,
      url: `${baseUrl}/me?userId=${resident.id}`,
      check: (body) => isRecord(body) && isRecord(body.user) && body.user.email === resident.email,
    },
    {
      id: `${prefix}-features`,
      title: `scale features, bare Fastify + ${mode === 'embedded' ? 'PGlite' : 'pg'}`,
      measures: `Bare Fastify with ${driver}: the toggles of the company's taxonomy chain and the global ones in one query; nearest scope decides.`,
      url: `${baseUrl}/features?housingCompanyId=${resident.housingCompanyId}`,
      check: isFeatures,
    },
    {
      id: `${prefix}-users`,
      title: `scale user search, bare Fastify + ${mode === 'embedded' ? 'PGlite' : 'pg'}`,
      measures: `Bare Fastify with ${driver}: the same search as Porta's (ILIKE on e-mail and names, ordered by e-mail, 25 rows) and its count.`,
      url: `${baseUrl}/users?q=${encodeURIComponent(q)}`,
      check: isSearchPage(q, searchMatches),
      timeoutSeconds: TIMEOUT_SECONDS,
    },
  ];
}

async function stopAll(servers: ServerProcess[]) {
  for (const server of servers) await server.stop();
}

const scaleEmbedded: Scenario = {
  ids: ['scale-embedded-me', 'scale-embedded-features', 'scale-embedded-users'].flatMap((id) => [
    id,
    `${id}-paced`,
  ]),
  optIn: true,
  async start(context: ScenarioContext): Promise<Started> {
    const fixture = await embeddedFixture(context.settings);
    const gateway = await startServer({
      name: 'scale-gateway-embedded',
      script: script(context.settings, 'gateway'),
      fromSource: context.settings.fromSource,
      env: { ...portaEnv(context), DATA_DIR: fixture.dataDir!, MODE: 'embedded', SEED_DEMO: 'true' },
      port: await freePort(),
      readyPath: '/readyz',
    });
    try {
      return {
        servers: [gateway],
        targets: await portaTargets('embedded', gateway.url, fixture, context.settings),
      };
    } catch (err) {
      await gateway.stop();
      throw err;
    }
  },
};

const scaleEmbeddedBare: Scenario = {
  ids: ['scale-embedded-bare-me', 'scale-embedded-bare-features', 'scale-embedded-bare-users'],
  optIn: true,
  async start(context: ScenarioContext): Promise<Started> {
    const fixture = await embeddedFixture(context.settings);
    const server = await startServer({
      name: 'scale-bare-pglite',
      script: 'bench/src/targets/scale-bare.ts',
      fromSource: context.settings.fromSource,
      env: { DATA_DIR: fixture.dataDir!, DATABASE_URL: '' },
      port: await freePort(),
      readyPath: '/ready',
    });
    return {
      servers: [server],
      targets: bareTargets('embedded', server.url, fixture, context.settings.scaleQuery),
    };
  },
  cleanup: (settings) => cleanupFixture('embedded', settings),
};

const scalePostgres: Scenario = {
  ids: ['scale-pg-me', 'scale-pg-features', 'scale-pg-users'].flatMap((id) => [id, `${id}-paced`]),
  optIn: true,
  async start(context: ScenarioContext): Promise<Started> {
    const { settings } = context;
    const fixture = await postgresFixture(settings);
    const identity = await startServer({
      name: 'scale-identity',
      script: script(settings, 'identity'),
      fromSource: settings.fromSource,
      env: { ...portaEnv(context), DATABASE_URL: fixture.url!, SEED_DEMO: 'true', TRUST_PROXY: 'loopback' },
      port: await freePort(),
      readyPath: '/readyz',
    });
    const servers = [identity];
    try {
      const gateway = await startServer({
        name: 'scale-gateway-distributed',
        script: script(settings, 'gateway'),
        fromSource: settings.fromSource,
        env: { ...portaEnv(context), MODE: 'distributed', IDENTITY_URL: identity.url },
        port: await freePort(),
        // Live, not ready: the services this scenario does not start (notifications…) stay unready.
        readyPath: '/healthz',
      });
      servers.unshift(gateway);
      return { servers, targets: await portaTargets('postgres', gateway.url, fixture, settings) };
    } catch (err) {
      await stopAll(servers);
      throw err;
    }
  },
};

const scalePostgresBare: Scenario = {
  ids: ['scale-pg-bare-me', 'scale-pg-bare-features', 'scale-pg-bare-users'],
  optIn: true,
  async start(context: ScenarioContext): Promise<Started> {
    const fixture = await postgresFixture(context.settings);
    const server = await startServer({
      name: 'scale-bare-pg',
      script: 'bench/src/targets/scale-bare.ts',
      fromSource: context.settings.fromSource,
      env: { DATABASE_URL: fixture.url! },
      port: await freePort(),
      readyPath: '/ready',
    });
    return {
      servers: [server],
      targets: bareTargets('postgres', server.url, fixture, context.settings.scaleQuery),
    };
  },
  cleanup: (settings) => cleanupFixture('postgres', settings),
};

/** In the order they run: each Porta run, then its baseline on the same data. */
export const SCALE_SCENARIOS: Scenario[] = [
  scaleEmbedded,
  scaleEmbeddedBare,
  scalePostgres,
  scalePostgresBare,
];
