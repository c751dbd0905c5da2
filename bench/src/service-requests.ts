import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_REQUEST_CSV_COLUMNS } from '@porta/contracts';
import type { Database } from '@porta/service-kit';
import { LARGE_EMAIL_DOMAIN, LARGE_PASSWORD } from './large/seed.js';
import { BUSY_COMPANY, seedServiceRequests } from './large/service-requests.js';
import { freePort, type ServerProcess, startNatsServer, startServer } from './processes.js';
import { cleanupFixture, embeddedFixture, postgresFixture, type ScaleFixture, withDb } from './scale.js';
import {
  featuresOn,
  isRecord,
  pacedCopy,
  portaEnv,
  type Scenario,
  type ScenarioContext,
  type Started,
  script,
  signIn,
  type Target,
} from './scenarios.js';
import type { BenchSettings } from './settings.js';
import type { StreamTarget } from './stream.js';

/**
 * The service-requests scenarios (issue 6 §7): on the large data set with 500,000 service
 * requests, the resident's and the property manager's list and detail through Porta and through
 * bare Fastify on the same database (p99 under 50 ms at 50 concurrent users), and the CSV export
 * streamed whole (at least 50,000 rows a second, the serving process's RSS growing less than
 * 100 MB), embedded (PGlite) and distributed (gateway → service-requests process on PostgreSQL).
 *
 * The data set is the scale scenarios' (scale.ts: identity's part); the requests are seeded here
 * (large/service-requests.ts), after it, once per database.
 */

const P99_TARGET_MS = 50;
const ROWS_PER_SECOND_TARGET = 50_000;
const RSS_GROWTH_TARGET_MB = 100;
const TIMEOUT_SECONDS = 120;
/** Porta has just started: a longer warm-up lets V8 and the caches settle first. */
const WARMUP_SECONDS = 3;

type Mode = 'embedded' | 'postgres';
const PREFIX: Record<Mode, string> = { embedded: 'srq-embedded', postgres: 'srq-pg' };
const MODE_TITLE: Record<Mode, string> = { embedded: 'embedded, PGlite', postgres: 'distributed, PG' };
const BARE_TITLE: Record<Mode, string> = { embedded: 'bare Fastify + PGlite', postgres: 'bare Fastify + pg' };

/** The calls loaded with autocannon, and the exports streamed. */
const CALLS = ['list', 'manager-list', 'detail', 'manager-detail', 'staff-list'] as const;
type Call = (typeof CALLS)[number];
const BARE_CALLS = ['list', 'manager-list', 'detail'] as const;
const EXPORTS = ['export', 'export-all'] as const;

const CALL_TITLE: Record<Call, string> = {
  list: 'srq list, resident',
  'manager-list': 'srq list, manager',
  detail: 'srq detail, resident',
  'manager-detail': 'srq detail, manager',
  'staff-list': 'srq staff list, manager',
};
const EXPORT_TITLE: Record<(typeof EXPORTS)[number], string> = {
  export: 'srq CSV, company',
  'export-all': 'srq CSV, all',
};

/** Who and what the measured requests are about, found in the seeded data. */
interface Subjects {
  busy: { id: string; hcExt: string; apartments: number; requests: number };
  /** A registered owner of one apartment in the busy company, with no other roles. */
  resident: { id: string; email: string; apartmentIds: string[]; own: number; sees: number };
  /** The busy company's property manager (handles many companies). */
  manager: { id: string; email: string; companies: number; sees: number };
  /** A staff user with the role yitUser: every company's requests. */
  staff: { id: string; email: string };
  /** The resident's newest own request with two or more responses. */
  request: { id: string; responses: number };
  total: number;
  /** A housing company with few requests (the baseline's warm-up). */
  small: string;
}

async function findSubjects(db: Database): Promise<Subjects> {
  const [busy] = await db.query<{ id: string; hcExt: string; apartments: number }>(BUSY_COMPANY);
  if (!busy) throw new Error('the large data set has no busy company');
  const domain = `%@${LARGE_EMAIL_DOMAIN}`;
  const [resident] = await db.query<{ id: string; email: string; apartment_id: string }>(
    `select u.id, u.email, a.id as apartment_id
       from identity.users u
       join identity.apartment_roles r on r.user_id = u.id and r.role = 'owner'
                                      and r.valid_from is null and r.valid_until is null
       join identity.apartments a on a.id = r.apartment_id and a.housing_company_id = $1
      where u.email like $2 and u.enabled and u.registered and cardinality(u.roles) = 0
        and u.selected_housing_company_id = $1
        and not exists (select 1 from identity.housing_company_roles hr where hr.user_id = u.id)
        and not exists (select 1 from identity.partner_company_users pu where pu.user_id = u.id)
        and (select count(*) from identity.apartment_roles r3 where r3.user_id = u.id) = 1
        and exists (select 1 from service_requests.requests q where q.sender_id = u.id and q.response_count >= 2)
      order by u.email
      limit 1`,
    [busy.id, domain],
  );
  if (!resident) throw new Error(`no resident of ${busy.hcExt} to sign in as`);
  const apartmentIds = [resident.apartment_id];
  const [manager] = await db.query<{ id: string; email: string; companies: number }>(
    `select u.id, u.email,
            (select count(distinct h2.housing_company_id)::int from identity.housing_company_roles h2
              where h2.user_id = u.id) as companies
       from identity.housing_company_roles hr join identity.users u on u.id = hr.user_id
      where hr.housing_company_id = $1 and hr.role = 'propertyManager' and u.enabled and u.registered
      order by u.email limit 1`,
    [busy.id],
  );
  if (!manager) throw new Error(`no property manager of ${busy.hcExt}`);
  const [staff] = await db.query<{ id: string; email: string }>(
    `select id, email from identity.users
      where email like $1 and roles = array['yitUser']::text[] and enabled and registered order by email limit 1`,
    [domain],
  );
  if (!staff) throw new Error('no yitUser in the large data set');
  const [request] = await db.query<{ id: string; responses: number }>(
    `select id, response_count as responses from service_requests.requests
      where housing_company_id = $1 and sender_id = $2 and response_count >= 2 order by id desc limit 1`,
    [busy.id, resident.id],
  );
  if (!request) throw new Error('the resident has no request with responses');
  const [counts] = await db.query<{
    busy: number;
    total: number;
    own: number;
    sees: number;
    manager: number;
  }>(
    `select (select count(*)::int from service_requests.requests where housing_company_id = $1) as busy,
            (select count(*)::int from service_requests.requests) as total,
            (select count(*)::int from service_requests.requests where housing_company_id = $1 and sender_id = $2) as own,
            (select count(*)::int from service_requests.requests r where r.housing_company_id = $1
               and (r.sender_id = $2 or r.target_user_id = $2 or r.is_public
                    or exists (select 1 from service_requests.recipients c where c.request_id = r.id and c.user_id = $2)
                    or (r.visible_in_apartment and r.apartment_id = any($3::uuid[])))) as sees,
            (select count(*)::int from service_requests.requests where housing_company_id = $1) as manager`,
    [busy.id, resident.id, apartmentIds],
  );
  const [small] = await db.query<{ id: string }>(
    `select housing_company_id as id from service_requests.requests group by 1 order by count(*), 1 limit 1`,
  );
  return {
    small: small?.id ?? busy.id,
    busy: { ...busy, requests: counts?.busy ?? 0 },
    resident: {
      id: resident.id,
      email: resident.email,
      apartmentIds,
      own: counts?.own ?? 0,
      sees: counts?.sees ?? 0,
    },
    manager: { ...manager, sees: counts?.manager ?? 0 },
    staff,
    request,
    total: counts?.total ?? 0,
  };
}

export interface SrqSeeding {
  mode: Mode;
  requests: number;
  /** Null when the requests were there already. */
  seconds: number | null;
  counts: Record<string, number>;
  subjects: Subjects;
}

const seedings = new Map<Mode, Promise<{ fixture: ScaleFixture; subjects: Subjects; seeding: SrqSeeding }>>();
const done: SrqSeeding[] = [];

/** What the run seeded and measured for, for the report. */
export function srqSeedings(): SrqSeeding[] {
  return done;
}

/** The scale fixture of the mode with the service requests seeded (once per run and mode). */
function srqFixture(mode: Mode, settings: BenchSettings) {
  let fixture = seedings.get(mode);
  if (!fixture) {
    fixture = (async () => {
      const scale = await (mode === 'embedded' ? embeddedFixture(settings) : postgresFixture(settings));
      const where = mode === 'embedded' ? 'PGlite' : `PostgreSQL ${settings.scaleDatabase}`;
      console.log(`Service requests: ${settings.srqRequests} in ${where}…`);
      const result = await seedServiceRequests(scale.target, {
        requests: settings.srqRequests,
        busyShare: settings.srqShare,
        log: (line) => console.log(line),
      });
      const seconds = result.unchanged ? null : Number((result.totalMs / 1000).toFixed(1));
      console.log(
        result.unchanged ? 'Service requests: already there.' : `Service requests: done in ${seconds} s.`,
      );
      const subjects = await withDb(scale.target, findSubjects);
      const { busy, resident, manager } = subjects;
      console.log(
        `Service requests: ${busy.hcExt} (${busy.apartments} apartments) has ${busy.requests} of ${subjects.total}; ` +
          `the resident sees ${resident.sees} (${resident.own} their own), the manager handles ${manager.companies} companies.`,
      );
      const seeding = { mode, requests: settings.srqRequests, seconds, counts: result.counts, subjects };
      done.push(seeding);
      return { fixture: scale, subjects, seeding };
    })();
    seedings.set(mode, fixture);
  }
  return fixture;
}

/**
 * The Porta processes of a mode on the fixture: the embedded gateway; or identity, service-requests
 * and the gateway, with a private NATS server (service-requests asks identity for the directory,
 * members and feature decisions over it).
 */
async function startPorta(mode: Mode, fixture: ScaleFixture, context: ScenarioContext) {
  const { settings } = context;
  if (mode === 'embedded') {
    const gateway = await startServer({
      name: 'srq-gateway-embedded',
      script: script(settings, 'gateway'),
      fromSource: settings.fromSource,
      env: { ...portaEnv(context), DATA_DIR: fixture.dataDir!, MODE: 'embedded', SEED_DEMO: 'true' },
      port: await freePort(),
      readyPath: '/readyz',
    });
    return { servers: [gateway], serving: [gateway], infrastructure: [], baseUrl: gateway.url };
  }
  const storeDir = join(context.dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const nats = await startNatsServer({
    name: 'srq-nats',
    binary: settings.natsServer,
    port: await freePort(),
    storeDir,
  });
  const servers: ServerProcess[] = [];
  try {
    const env = { ...portaEnv(context), DATABASE_URL: fixture.url!, NATS_URL: nats.url };
    const identity = await startServer({
      name: 'srq-identity',
      script: script(settings, 'identity'),
      fromSource: settings.fromSource,
      env: { ...env, SEED_DEMO: 'true', TRUST_PROXY: 'loopback' },
      port: await freePort(),
      readyPath: '/readyz',
    });
    servers.push(identity);
    const serviceRequests = await startServer({
      name: 'srq-service-requests',
      script: script(settings, 'service-requests'),
      fromSource: settings.fromSource,
      env: { ...env, TRUST_PROXY: 'loopback', IDENTITY_URL: identity.url },
      port: await freePort(),
      readyPath: '/readyz',
    });
    servers.push(serviceRequests);
    const gateway = await startServer({
      name: 'srq-gateway-distributed',
      script: script(settings, 'gateway'),
      fromSource: settings.fromSource,
      env: {
        ...portaEnv(context),
        MODE: 'distributed',
        IDENTITY_URL: identity.url,
        SERVICE_REQUESTS_URL: serviceRequests.url,
      },
      port: await freePort(),
      // Live, not ready: the services this scenario does not start (content…) stay unready.
      readyPath: '/healthz',
    });
    servers.unshift(gateway);
    return { servers, serving: [serviceRequests, gateway], infrastructure: [nats], baseUrl: gateway.url };
  } catch (err) {
    for (const server of servers) await server.stop();
    await nats.stop();
    throw err;
  }
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** A page of the list: 10 items (fewer when fewer exist), newest first, and the expected total. */
function isPage(total: number) {
  return (body: unknown) => {
    if (!isRecord(body) || !Array.isArray(body.items) || body.total !== total) return false;
    const ids = body.items.map((i: unknown) => (isRecord(i) ? String(i.id) : ''));
    return ids.length === Math.min(10, total) && ids.every((id, i) => i === 0 || ids[i - 1]! > id);
  };
}

const isDetail = (request: Subjects['request']) => (body: unknown) =>
  isRecord(body) &&
  body.id === request.id &&
  Array.isArray(body.responses) &&
  body.responses.length === request.responses &&
  Array.isArray(body.recipients);

const CSV_HEADER = SERVICE_REQUEST_CSV_COLUMNS.join(',');

/** The measured calls and exports through Porta at baseUrl. */
async function portaTargets(
  mode: Mode,
  baseUrl: string,
  subjects: Subjects,
  serving: ServerProcess[],
  settings: BenchSettings,
): Promise<{ targets: Target[]; streams: StreamTarget[] }> {
  const { busy, resident, manager, staff, request } = subjects;
  const residentToken = await signIn(baseUrl, resident.email, LARGE_PASSWORD);
  const managerToken = await signIn(baseUrl, manager.email, LARGE_PASSWORD);
  const staffToken = await signIn(baseUrl, staff.email, LARGE_PASSWORD);
  if (!(await featuresOn(baseUrl, residentToken, busy.id)).has('service-requests')) {
    throw new Error(`the feature service-requests is off for ${busy.hcExt}`);
  }
  const api = `${baseUrl}/api/service-requests`;
  const via = mode === 'embedded' ? 'the embedded gateway' : 'the gateway to the service-requests process';
  const asResident = { authorization: `Bearer ${residentToken}` };
  const asManager = { authorization: `Bearer ${managerToken}` };
  const who = `in ${busy.hcExt} (${busy.requests} requests)`;
  const target = (
    call: Call,
    url: string,
    headers: Record<string, string>,
    check: Target['check'],
    measures: string,
  ) => ({
    id: `${PREFIX[mode]}-${call}`,
    title: `${CALL_TITLE[call]}, ${MODE_TITLE[mode]}`,
    measures: `${measures} Through ${via}.`,
    url,
    headers,
    check,
    p99TargetMs: P99_TARGET_MS,
    timeoutSeconds: TIMEOUT_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
  const list = `${api}/requests?${query({ housingCompanyId: busy.id })}`;
  const targets: Target[] = [
    target(
      'list',
      list,
      asResident,
      isPage(resident.sees),
      `GET /api/service-requests/requests?housingCompanyId=… (first page of 10, with the total) of a resident (owner) ${who}: the ${resident.sees} they see.`,
    ),
    target(
      'manager-list',
      list,
      asManager,
      isPage(manager.sees),
      `The same list of the company's property manager (a handler: all ${manager.sees} requests; they manage ${manager.companies} companies).`,
    ),
    target(
      'detail',
      `${api}/requests/${request.id}`,
      asResident,
      isDetail(request),
      `GET /api/service-requests/requests/:id of the resident's own request with ${request.responses} responses.`,
    ),
    target(
      'manager-detail',
      `${api}/requests/${request.id}`,
      asManager,
      isDetail(request),
      'The same request read by the property manager.',
    ),
    target(
      'staff-list',
      `${api}/admin/requests?${query({ sort: '["createdAt","DESC"]', range: '[0,24]' })}`,
      asManager,
      (body) => Array.isArray(body) && body.length === 25,
      `GET /api/service-requests/admin/requests?sort=["createdAt","DESC"]&range=[0,24] (the staff app's first page) of the property manager: the requests of their ${manager.companies} companies.`,
    ),
  ];
  const paced = settings.srqRate
    ? targets.filter((t) => !t.id.endsWith('staff-list')).map((t) => pacedCopy(t, settings.srqRate))
    : [];
  // Warm-up: the company's requests of a rare type (about 1 %), the same route and statements.
  const warmupUrl = `${api}/requests/export?${query({ housingCompanyId: busy.id, type: 'sanitary_studio' })}`;
  const stream = (
    id: (typeof EXPORTS)[number],
    url: string,
    token: string,
    rows: number,
    measures: string,
  ) => ({
    id: `${PREFIX[mode]}-${id}`,
    warmupUrl,
    title: `${EXPORT_TITLE[id]}, ${MODE_TITLE[mode]}`,
    measures: `${measures} Through ${via}.`,
    url,
    headers: { authorization: `Bearer ${token}` },
    header: CSV_HEADER,
    expectedRows: rows,
    watch: serving,
    rowsPerSecondTarget: ROWS_PER_SECOND_TARGET,
    rssGrowthTargetMb: RSS_GROWTH_TARGET_MB,
    baseline: `${PREFIX[mode]}-bare-${id}`,
    timeoutSeconds: 600,
  });
  const streams: StreamTarget[] = [
    stream(
      'export',
      `${api}/requests/export?${query({ housingCompanyId: busy.id })}`,
      managerToken,
      busy.requests,
      `GET /api/service-requests/requests/export?housingCompanyId=… as the property manager: every request of ${busy.hcExt}.`,
    ),
    stream(
      'export-all',
      `${api}/requests/export`,
      staffToken,
      subjects.total,
      'GET /api/service-requests/requests/export as a yitUser (the developer’s staff): every request of every company.',
    ),
  ];
  return { targets: [...targets, ...paced], streams };
}

/** The same answers from bare Fastify (targets/service-requests-bare.ts). */
function bareTargets(mode: Mode, baseUrl: string, subjects: Subjects, server: ServerProcess) {
  const { busy, resident, manager, request } = subjects;
  const driver = mode === 'embedded' ? 'PGlite' : 'node-postgres (pool of 10)';
  const target = (
    call: (typeof BARE_CALLS)[number],
    url: string,
    check: Target['check'],
    measures: string,
  ) => ({
    id: `${PREFIX[mode]}-bare-${call}`,
    title: `${CALL_TITLE[call]}, ${BARE_TITLE[mode]}`,
    measures: `Bare Fastify with ${driver}: ${measures}`,
    url,
    check,
    timeoutSeconds: TIMEOUT_SECONDS,
  });
  const targets: Target[] = [
    target(
      'list',
      `${baseUrl}/list?${query({ hc: busy.id, user: resident.id, apartments: resident.apartmentIds.join(',') })}`,
      isPage(resident.sees),
      "the resident's first page with recipients and attachments and the total, as one statement (the service's visibility rule).",
    ),
    target(
      'manager-list',
      `${baseUrl}/list?${query({ hc: busy.id })}`,
      isPage(manager.sees),
      "the company's first page with recipients and attachments and the total, as one statement.",
    ),
    target(
      'detail',
      `${baseUrl}/detail?${query({ id: request.id })}`,
      isDetail(request),
      'the request with recipients, attachments and responses as one statement.',
    ),
  ];
  const stream = (
    id: (typeof EXPORTS)[number],
    url: string,
    rows: number,
    measures: string,
  ): StreamTarget => ({
    id: `${PREFIX[mode]}-bare-${id}`,
    // Warm-up: a small company's export (the same statements).
    warmupUrl: `${baseUrl}/export?${query({ hc: subjects.small })}`,
    title: `${EXPORT_TITLE[id]}, ${BARE_TITLE[mode]}`,
    measures: `Bare Fastify with ${driver}: ${measures}`,
    url,
    header: CSV_HEADER,
    expectedRows: rows,
    watch: [server],
    timeoutSeconds: 600,
  });
  const streams = [
    stream(
      'export',
      `${baseUrl}/export?${query({ hc: busy.id })}`,
      busy.requests,
      `the same CSV of ${busy.hcExt}: the service's statements (keyset batches of 2,000 by id) and bytes, the CSV written by hand.`,
    ),
    stream('export-all', `${baseUrl}/export`, subjects.total, 'the same CSV of every request.'),
  ];
  return { targets, streams };
}

function portaScenario(mode: Mode): Scenario {
  const ids = [
    ...EXPORTS.map((e) => `${PREFIX[mode]}-${e}`),
    ...CALLS.flatMap((call) => [`${PREFIX[mode]}-${call}`, `${PREFIX[mode]}-${call}-paced`]),
  ];
  return {
    ids,
    optIn: true,
    async start(context): Promise<Started> {
      const { fixture, subjects } = await srqFixture(mode, context.settings);
      const { servers, serving, infrastructure, baseUrl } = await startPorta(mode, fixture, context);
      try {
        const { targets, streams } = await portaTargets(mode, baseUrl, subjects, serving, context.settings);
        return { servers, infrastructure, targets, streams };
      } catch (err) {
        for (const server of servers) await server.stop();
        for (const process of infrastructure) await process.stop();
        throw err;
      }
    },
    cleanup: (settings) => cleanupFixture(mode, settings),
  };
}

function bareScenario(mode: Mode): Scenario {
  return {
    ids: [...EXPORTS, ...BARE_CALLS].map((call) => `${PREFIX[mode]}-bare-${call}`),
    optIn: true,
    async start(context): Promise<Started> {
      const { fixture, subjects } = await srqFixture(mode, context.settings);
      const server = await startServer({
        name: `srq-bare-${mode === 'embedded' ? 'pglite' : 'pg'}`,
        script: 'bench/src/targets/service-requests-bare.ts',
        fromSource: context.settings.fromSource,
        env:
          mode === 'embedded'
            ? { DATA_DIR: fixture.dataDir!, DATABASE_URL: '' }
            : { DATABASE_URL: fixture.url! },
        port: await freePort(),
        readyPath: '/ready',
      });
      const { targets, streams } = bareTargets(mode, server.url, subjects, server);
      return { servers: [server], targets, streams };
    },
    cleanup: (settings) => cleanupFixture(mode, settings),
  };
}

/** Per mode, in the order they run: Porta, then its baseline on the same data. */
export function serviceRequestScenarios(): Scenario[] {
  return (['embedded', 'postgres'] as const).flatMap((mode) => [portaScenario(mode), bareScenario(mode)]);
}
