import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@porta/service-kit';
import { CALL_TITLE, DASHBOARD_CALLS, type DashboardCall } from './content-calls.js';
import { contentCountsAt, seedLargeContent } from './large/content.js';
import { LARGE_EMAIL_DOMAIN, LARGE_HC_PREFIX, LARGE_PASSWORD, type LargeTarget } from './large/seed.js';
import { freePort, type ServerProcess, startNatsServer, startServer } from './processes.js';
import { type TargetResult, table } from './report.js';
import { cleanupFixture, embeddedFixture, postgresFixture, type ScaleFixture, withDb } from './scale.js';
import {
  featuresOn,
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
import type { BenchSettings } from './settings.js';

/**
 * The content scenarios (issue 4, point 7): the dashboard's content calls of a resident of a large
 * housing company on the large data set with its content (200,000 articles, 100,000 calendar
 * entries at scale 1), through Porta and through bare Fastify on the same database, embedded
 * (PGlite) and distributed (gateway → content process on PostgreSQL); and the timeline's paging
 * measured at several sizes of the content and page depths (the curve).
 *
 * The data set is the scale scenarios' (scale.ts): identity's part is seeded there, the content
 * here, resized per scenario to the fraction it measures.
 */

const P99_TARGET_MS = 50;
const TIMEOUT_SECONDS = 120;
/**
 * Porta's targets are measured right after its processes start (and, for the curve, after the
 * content was resized): a longer warm-up lets V8 and the database caches settle first.
 */
const WARMUP_SECONDS = 3;

type Mode = 'embedded' | 'postgres';
const PREFIX: Record<Mode, string> = { embedded: 'content-embedded', postgres: 'content-pg' };
const MODE_TITLE: Record<Mode, string> = {
  embedded: 'embedded, PGlite',
  postgres: 'distributed, PostgreSQL',
};
const BARE_TITLE: Record<Mode, string> = { embedded: 'bare Fastify + PGlite', postgres: 'bare Fastify + pg' };

/** A resident the dashboard is measured for. */
interface Resident {
  id: string;
  email: string;
  housingCompanyId: string;
  hcExt: string;
  apartmentId: string;
  apartments: number;
  /** The resident's roles in the company (apartment roles only: no aliases apply). */
  roles: string[];
  lang: 'fi';
}

interface Subjects {
  /** An owner in the largest lived-in Finnish housing company of the data set. */
  living: Resident;
  /** An owner in the largest Finnish company under construction with lifecycle steps (the welcome dialog). */
  construction: Resident;
}

/** A registered owner of one apartment in the largest company of its phase, with no other roles. */
async function findResident(db: Database, phase: 'living' | 'construction'): Promise<Resident> {
  const [row] = await db.query<Omit<Resident, 'lang'>>(
    `select u.id, u.email, h.id as "housingCompanyId", h.hc_ext as "hcExt", a.id as "apartmentId",
            h.number_of_apartments as apartments,
            array(select distinct r2.role from identity.apartment_roles r2
                    join identity.apartments a2 on a2.id = r2.apartment_id
                   where r2.user_id = u.id and a2.housing_company_id = h.id
                     and (r2.valid_from is null or r2.valid_from <= current_date)
                     and (r2.valid_until is null or r2.valid_until >= current_date)
                   order by 1) as roles
       from identity.users u
       join identity.apartment_roles r on r.user_id = u.id and r.role = 'owner'
                                      and r.valid_from is null and r.valid_until is null
       join identity.apartments a on a.id = r.apartment_id
       join identity.housing_companies h on h.id = a.housing_company_id
      where u.email like $1 and u.enabled and u.registered and cardinality(u.roles) = 0 and u.locale = 'fi_FI'
        and u.selected_housing_company_id = h.id and h.hc_ext like $2 and h.address_country = 'Finland'
        and case when $3 = 'living' then h.completion_date < current_date
                 else h.completion_date >= current_date and h.lifecycle_steps_active end
        and not exists (select 1 from identity.housing_company_roles hr where hr.user_id = u.id)
        and not exists (select 1 from identity.partner_company_users pu where pu.user_id = u.id)
        and (select count(*) from identity.apartment_roles r3 where r3.user_id = u.id) = 1
      order by h.number_of_apartments desc, h.hc_ext, u.email
      limit 1`,
    [`%@${LARGE_EMAIL_DOMAIN}`, `${LARGE_HC_PREFIX}%`, phase],
  );
  if (!row) throw new Error(`the large data set has no ${phase} resident to sign in as`);
  return { ...row, lang: 'fi' };
}

const subjectsByMode = new Map<Mode, Promise<Subjects>>();

function subjectsOf(mode: Mode, target: LargeTarget): Promise<Subjects> {
  let subjects = subjectsByMode.get(mode);
  if (!subjects) {
    subjects = withDb(target, async (db) => ({
      living: await findResident(db, 'living'),
      construction: await findResident(db, 'construction'),
    }));
    subjectsByMode.set(mode, subjects);
  }
  return subjects;
}

export interface ContentSeeding {
  mode: Mode;
  fraction: number;
  articles: number;
  calendarEntries: number;
  /** Null when nothing had to change. */
  seconds: number | null;
}

const seedings: ContentSeeding[] = [];
/** What the run did to the content, for the report. */
export function contentSeedings(): ContentSeeding[] {
  return seedings;
}

/** Id lists of Porta's answers, so that the bare baseline can be checked to answer the same. */
const portaAnswers = new Map<string, string[]>();
const warned = new Set<string>();

/** The fixture with its content at `fraction` (seeded, grown or shrunk as needed). */
async function contentFixture(mode: Mode, settings: BenchSettings, fraction: number) {
  const fixture = await (mode === 'embedded' ? embeddedFixture(settings) : postgresFixture(settings));
  const counts = contentCountsAt(settings.scale, fraction);
  const where = mode === 'embedded' ? 'PGlite' : `PostgreSQL ${settings.scaleDatabase}`;
  console.log(
    `Content: ${counts.articles} articles, ${counts.calendarEntries} calendar entries (×${fraction}) in ${where}…`,
  );
  const result = await seedLargeContent(fixture.target, {
    scale: settings.scale,
    fraction,
    log: (line) => console.log(line),
  });
  const seconds = result.unchanged ? null : Number((result.totalMs / 1000).toFixed(1));
  console.log(result.unchanged ? 'Content: already there.' : `Content: done in ${seconds} s.`);
  seedings.push({ mode, fraction, ...counts, seconds });
  const subjects = await subjectsOf(mode, fixture.target);
  return { fixture, subjects };
}

/**
 * The Porta processes of a mode on the fixture: the embedded gateway (in-process bus); or identity,
 * content and the gateway, with a private NATS server between identity and content (feature
 * decisions and the directory go over it; a shared one would mix this run's events and replies
 * with others').
 */
async function startPorta(mode: Mode, fixture: ScaleFixture, context: ScenarioContext) {
  const { settings } = context;
  if (mode === 'embedded') {
    const gateway = await startServer({
      name: 'content-gateway-embedded',
      script: script(settings, 'gateway'),
      fromSource: settings.fromSource,
      env: { ...portaEnv(context), DATA_DIR: fixture.dataDir!, MODE: 'embedded', SEED_DEMO: 'true' },
      port: await freePort(),
      readyPath: '/readyz',
    });
    return { servers: [gateway], infrastructure: [], baseUrl: gateway.url };
  }
  const storeDir = join(context.dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const nats = await startNatsServer({
    name: 'content-nats',
    binary: settings.natsServer,
    port: await freePort(),
    storeDir,
  });
  const servers: ServerProcess[] = [];
  try {
    const env = { ...portaEnv(context), DATABASE_URL: fixture.url!, NATS_URL: nats.url };
    const identity = await startServer({
      name: 'content-identity',
      script: script(settings, 'identity'),
      fromSource: settings.fromSource,
      env: { ...env, SEED_DEMO: 'true', TRUST_PROXY: 'loopback' },
      port: await freePort(),
      readyPath: '/readyz',
    });
    servers.push(identity);
    // The directory is in the database already (the seed records a finished sync), so the content
    // process does not pull it on start.
    const content = await startServer({
      name: 'content-content',
      script: script(settings, 'content'),
      fromSource: settings.fromSource,
      env: { ...env, SEED_DEMO: 'true', TRUST_PROXY: 'loopback', IDENTITY_URL: identity.url },
      port: await freePort(),
      readyPath: '/readyz',
    });
    servers.push(content);
    const gateway = await startServer({
      name: 'content-gateway-distributed',
      script: script(settings, 'gateway'),
      fromSource: settings.fromSource,
      env: {
        ...portaEnv(context),
        MODE: 'distributed',
        IDENTITY_URL: identity.url,
        CONTENT_URL: content.url,
      },
      port: await freePort(),
      // Live, not ready: the services this scenario does not start (notifications…) stay unready.
      readyPath: '/healthz',
    });
    servers.unshift(gateway);
    return { servers, infrastructure: [nats], baseUrl: gateway.url };
  } catch (err) {
    for (const server of servers) await server.stop();
    await nats.stop();
    throw err;
  }
}

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

const idsOf = (items: unknown): string[] =>
  Array.isArray(items) ? items.flatMap((i) => (isRecord(i) && typeof i.id === 'string' ? [i.id] : [])) : [];

/** Items of a timeline answer, in order. */
const timelineItems = (body: unknown): unknown[] =>
  isRecord(body) && Array.isArray(body.sections)
    ? body.sections.flatMap((s: unknown) => (isRecord(s) && Array.isArray(s.items) ? s.items : []))
    : [];

/** A list answer with items and total: `count` items (fewer when fewer exist), a total of at least that. */
function isPage(count: number) {
  return (body: unknown) =>
    isRecord(body) &&
    Array.isArray(body.items) &&
    body.items.length > 0 &&
    body.items.length <= count &&
    typeof body.total === 'number' &&
    body.total >= body.items.length;
}

/** Note Porta's answer (item ids) for the bare check; always passes the structure check first. */
function remember(key: string, check: (body: unknown) => boolean, ids: (body: unknown) => string[]) {
  return (body: unknown) => {
    if (!check(body)) return false;
    portaAnswers.set(key, ids(body));
    return true;
  };
}

/** The bare answer must have the structure; a different item list than Porta's is reported once. */
function compare(key: string, check: (body: unknown) => boolean, ids: (body: unknown) => string[]) {
  return (body: unknown) => {
    if (!check(body)) return false;
    const expected = portaAnswers.get(key);
    const got = ids(body);
    if (expected && expected.join() !== got.join() && !warned.has(key)) {
      warned.add(key);
      console.warn(`${key}: bare answered other items than Porta (${got.length} vs ${expected.length})`);
    }
    return true;
  };
}

/** The dashboard's content calls through Porta at baseUrl, as the resident app sends them. */
async function portaTargets(mode: Mode, baseUrl: string, subjects: Subjects): Promise<Target[]> {
  const { living, construction } = subjects;
  const token = await signIn(baseUrl, living.email, LARGE_PASSWORD);
  const builderToken = await signIn(baseUrl, construction.email, LARGE_PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const reader = { housingCompanyId: living.housingCompanyId, lang: living.lang };
  const via = mode === 'embedded' ? 'the embedded gateway' : 'the gateway to the content process';
  const api = `${baseUrl}/api/content`;
  const who = `a resident (owner) of ${living.hcExt} (${living.apartments} apartments)`;
  const target = (
    call: DashboardCall,
    url: string,
    check: (body: unknown) => boolean,
    measures: string,
    extra: Partial<Target> = {},
  ): Target => ({
    id: `${PREFIX[mode]}-${call}`,
    title: `${CALL_TITLE[call]}, ${MODE_TITLE[mode]}`,
    measures: `${measures} Through ${via}.`,
    url,
    headers,
    check,
    p99TargetMs: P99_TARGET_MS,
    timeoutSeconds: TIMEOUT_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    ...extra,
  });
  const key = (call: DashboardCall) => `${mode}:${call}`;
  const on = await featuresOn(baseUrl, token, living.housingCompanyId);
  const calls: Target[] = [
    target(
      'news',
      `${api}/news?${query({ ...reader, mode: 'default', limit: 4 })}`,
      remember(key('news'), isPage(4), (b) => idsOf(isRecord(b) ? b.items : null)),
      `GET /api/content/news?mode=default&limit=4 of ${who}.`,
    ),
    target(
      'calendar',
      `${api}/calendar?${query({ ...reader, limit: 4 })}`,
      remember(key('calendar'), isPage(4), (b) => idsOf(isRecord(b) ? b.items : null)),
      `GET /api/content/calendar?limit=4 (the next entries) of ${who}.`,
    ),
    target(
      'campaigns',
      `${api}/campaigns?${query({ ...reader, apartmentId: living.apartmentId, random: 'true', limit: 6 })}`,
      (b) => Array.isArray(b) && b.length > 0 && b.length <= 6,
      `GET /api/content/campaigns?random=true&limit=6 for the resident's apartment (feature service-lounge), of ${who}.`,
    ),
    target(
      'contacts',
      `${api}/contacts/main?${query(reader)}`,
      (b) => Array.isArray(b) && b.length > 0 && b.length <= 4,
      `GET /api/content/contacts/main (the footer's main contacts) of ${who}.`,
    ),
    target(
      'steps',
      `${api}/steps?${query({ housingCompanyId: construction.housingCompanyId, lang: construction.lang })}`,
      remember(key('steps'), (b) => Array.isArray(b) && b.length > 0, idsOf),
      `GET /api/content/steps (the welcome dialog) of an owner in ${construction.hcExt} (${construction.apartments} apartments, under construction, lifecycle steps active).`,
      { headers: { authorization: `Bearer ${builderToken}` } },
    ),
    target(
      'recommended',
      `${api}/feeds/recommended?${query({ ...reader, limit: 4, offset: 0 })}`,
      remember(key('recommended'), isPage(4), (b) => idsOf(isRecord(b) ? b.items : null)),
      `GET /api/content/feeds/recommended?limit=4 in Finnish (feature atp-feed), of ${who}.`,
    ),
    target(
      'corporate',
      `${api}/feeds/corporate?${query({ ...reader, limit: 4, offset: 0 })}`,
      remember(key('corporate'), isPage(4), (b) => idsOf(isRecord(b) ? b.items : null)),
      `GET /api/content/feeds/corporate?limit=4 (feature yit-corporation-news), of ${who}.`,
    ),
    target(
      'timeline',
      `${api}/timeline?${query(reader)}`,
      remember(
        key('timeline'),
        (b) => timelineItems(b).length > 0,
        (b) => idsOf(timelineItems(b)),
      ),
      `GET /api/content/timeline (the page around today, 50 items) of ${who}.`,
    ),
  ];
  // The dashboard shows a box only when its feature is on for the housing company.
  const asked = calls.filter((t) => {
    const feature = FEATURE_OF[t.id.slice(PREFIX[mode].length + 1) as DashboardCall];
    if (!feature || on.has(feature)) return true;
    console.log(
      `${t.id}: not measured, feature ${feature} is off for ${living.hcExt} (the dashboard does not ask).`,
    );
    return false;
  });
  return [...asked, dashboardTarget(mode, baseUrl, living, headers, asked)];
}

/**
 * The resident's whole dashboard as its calls in turn on every connection (issue 19's target: p99
 * at most 50 ms over the calls together, 50 connections, closed loop): identity's `/me` (with the
 * selected company's quick links) and the features, then the content boxes asked (not the welcome
 * dialog's steps, another resident's, nor the timeline, the news page's).
 */
function dashboardTarget(
  mode: Mode,
  baseUrl: string,
  living: Subjects['living'],
  headers: Record<string, string>,
  asked: Target[],
): Target {
  const identity = `${baseUrl}/api/identity`;
  const company = living.housingCompanyId;
  const boxes = asked.filter((t) => !/-(steps|timeline)$/.test(t.id));
  const cycle = [
    `${identity}/me`,
    `${identity}/features?${query({ housingCompanyId: company, lang: living.lang })}`,
    ...boxes.map((t) => t.url),
  ].map((url) => ({ url, headers }));
  return {
    id: `${PREFIX[mode]}-dashboard`,
    title: `the dashboard's ${cycle.length} calls, ${MODE_TITLE[mode]}`,
    measures: `Each connection asks the resident's dashboard: /me (which carries the quick links), features and ${boxes.length} content boxes, one after another, over and over; figures per call.`,
    url: `${identity}/me`,
    headers,
    check: (body) => isRecord(body) && isRecord(body.user),
    cycle,
    p99TargetMs: P99_TARGET_MS,
    timeoutSeconds: TIMEOUT_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  };
}

/** The feature a dashboard box needs (news, calendar, contacts, steps and the timeline need none). */
const FEATURE_OF: Partial<Record<DashboardCall, string>> = {
  campaigns: 'service-lounge',
  recommended: 'atp-feed',
  corporate: 'yit-corporation-news',
};

/** The same answers from bare Fastify (targets/content-bare.ts). */
function bareTargets(mode: Mode, baseUrl: string, subjects: Subjects): Target[] {
  const { living, construction } = subjects;
  const reader = { hc: living.housingCompanyId, roles: living.roles.join(','), lang: living.lang };
  const key = (call: DashboardCall) => `${mode}:${call}`;
  const target = (call: DashboardCall, url: string, check: (body: unknown) => boolean): Target => ({
    id: `${PREFIX[mode]}-bare-${call}`,
    title: `${CALL_TITLE[call]}, ${BARE_TITLE[mode]}`,
    measures: `Bare Fastify with ${mode === 'embedded' ? 'PGlite' : 'node-postgres (pool of 10)'}: the same answer as one SQL statement.`,
    url,
    check,
    timeoutSeconds: TIMEOUT_SECONDS,
  });
  const page = (call: DashboardCall) =>
    compare(key(call), isPage(4), (b) => idsOf(isRecord(b) ? b.items : null));
  return [
    target('news', `${baseUrl}/news?${query(reader)}`, page('news')),
    target('calendar', `${baseUrl}/calendar?${query(reader)}`, page('calendar')),
    target(
      'campaigns',
      `${baseUrl}/campaigns?${query({ ...reader, apartment: living.apartmentId })}`,
      (b) => Array.isArray(b) && b.length > 0 && b.length <= 6,
    ),
    target(
      'contacts',
      `${baseUrl}/contacts/main?${query(reader)}`,
      (b) => isRecord(b) && Array.isArray(b.partner_contacts) && Array.isArray(b.contacts),
    ),
    target(
      'steps',
      `${baseUrl}/steps?${query({ hc: construction.housingCompanyId, roles: construction.roles.join(','), lang: 'fi' })}`,
      compare(key('steps'), (b) => Array.isArray(b) && b.length > 0, idsOf),
    ),
    target(
      'recommended',
      `${baseUrl}/feeds/recommended?${query({ lang: living.lang })}`,
      page('recommended'),
    ),
    target('corporate', `${baseUrl}/feeds/corporate`, page('corporate')),
    target(
      'timeline',
      `${baseUrl}/timeline?${query(reader)}`,
      compare(
        key('timeline'),
        (b) => isRecord(b) && Array.isArray(b.items) && b.items.length > 0,
        (b) => idsOf(isRecord(b) ? b.items : null),
      ),
    ),
  ];
}

/** `pct` of a fraction for ids: 0.25 → 25. */
const pct = (fraction: number) => String(Math.round(fraction * 1000) / 10).replace('.', '_');

export function curveId(mode: Mode, fraction: number, page: number) {
  return `${PREFIX[mode]}-curve-${pct(fraction)}-p${page}`;
}

/** The measured points of the curve, by target id, in the order they were measured. */
const curvePoints = new Map<
  string,
  { mode: Mode; page: number; articles: number; calendarEntries: number }
>();

/**
 * The timeline's pages at one size of the content: the page around today, and the pages reached
 * by following `earlierCursor` from it (page 10 is nine steps back). A depth beyond the reader's
 * timeline is left out.
 */
async function curveTargets(
  mode: Mode,
  baseUrl: string,
  subjects: Subjects,
  fraction: number,
  settings: BenchSettings,
): Promise<Target[]> {
  const { contentPages: pages } = settings;
  const { articles } = contentCountsAt(settings.scale, fraction);
  const { living } = subjects;
  const token = await signIn(baseUrl, living.email, LARGE_PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const base = `${baseUrl}/api/content/timeline?${query({ housingCompanyId: living.housingCompanyId, lang: living.lang })}`;
  const targets: Target[] = [];
  let url = base;
  let reached = 1;
  const deepest = Math.max(...pages);
  for (let page = 1; page <= deepest; page++) {
    if (page > 1) {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
      const body: unknown = await res.json();
      if (!res.ok || !isRecord(body) || !body.hasEarlier || typeof body.earlierCursor !== 'string') break;
      url = `${base}&${query({ direction: 'earlier', cursor: body.earlierCursor })}`;
      reached = page;
    }
    if (!pages.includes(page)) continue;
    const counts = contentCountsAt(settings.scale, fraction);
    curvePoints.set(curveId(mode, fraction, page), {
      mode,
      page,
      articles: counts.articles,
      calendarEntries: counts.calendarEntries,
    });
    targets.push({
      id: curveId(mode, fraction, page),
      title: `timeline page ${page}, ×${fraction} content, ${MODE_TITLE[mode]}`,
      measures: `GET /api/content/timeline${page > 1 ? `?direction=earlier&cursor=… (page ${page} back from today)` : ' (the page around today)'} with ${articles} articles in the data set.`,
      url,
      headers,
      check: (b) => timelineItems(b).length > 0,
      timeoutSeconds: TIMEOUT_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    });
  }
  if (reached < deepest) console.log(`Content curve ×${fraction}: the timeline ends at page ${reached}.`);
  return targets;
}

function portaScenario(mode: Mode): Scenario {
  const ids = [
    ...DASHBOARD_CALLS.flatMap((call) => [`${PREFIX[mode]}-${call}`, `${PREFIX[mode]}-${call}-paced`]),
    `${PREFIX[mode]}-dashboard`,
  ];
  return {
    ids,
    optIn: true,
    async start(context): Promise<Started> {
      const { fixture, subjects } = await contentFixture(mode, context.settings, 1);
      const { servers, infrastructure, baseUrl } = await startPorta(mode, fixture, context);
      try {
        const targets = await portaTargets(mode, baseUrl, subjects);
        return { servers, infrastructure, targets: withPaced(targets, context.settings.scaleRate) };
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
    ids: DASHBOARD_CALLS.map((call) => `${PREFIX[mode]}-bare-${call}`),
    optIn: true,
    async start(context): Promise<Started> {
      const { fixture, subjects } = await contentFixture(mode, context.settings, 1);
      const server = await startServer({
        name: `content-bare-${mode === 'embedded' ? 'pglite' : 'pg'}`,
        script: 'bench/src/targets/content-bare.ts',
        fromSource: context.settings.fromSource,
        env:
          mode === 'embedded'
            ? { DATA_DIR: fixture.dataDir!, DATABASE_URL: '' }
            : { DATABASE_URL: fixture.url! },
        port: await freePort(),
        readyPath: '/ready',
      });
      return { servers: [server], targets: bareTargets(mode, server.url, subjects) };
    },
    cleanup: (settings) => cleanupFixture(mode, settings),
  };
}

function curveScenario(mode: Mode, fraction: number, settings: BenchSettings): Scenario {
  const ids = settings.contentPages.flatMap((page) => [
    curveId(mode, fraction, page),
    `${curveId(mode, fraction, page)}-paced`,
  ]);
  return {
    ids,
    optIn: true,
    async start(context): Promise<Started> {
      const { fixture, subjects } = await contentFixture(mode, context.settings, fraction);
      const { servers, infrastructure, baseUrl } = await startPorta(mode, fixture, context);
      try {
        const targets = await curveTargets(mode, baseUrl, subjects, fraction, context.settings);
        return { servers, infrastructure, targets: withPaced(targets, context.settings.scaleRate) };
      } catch (err) {
        for (const server of servers) await server.stop();
        for (const process of infrastructure) await process.stop();
        throw err;
      }
    },
    cleanup: (s) => cleanupFixture(mode, s),
  };
}

/**
 * In the order they run, per mode: the curve from the smallest content up (so that a fresh data
 * set is seeded once and grown), then the dashboard through Porta and through bare Fastify at the
 * full size.
 */
export function contentScenarios(settings: BenchSettings): Scenario[] {
  return (['embedded', 'postgres'] as const).flatMap((mode) => [
    ...settings.contentFractions.map((fraction) => curveScenario(mode, fraction, settings)),
    portaScenario(mode),
    bareScenario(mode),
  ]);
}

/**
 * The timeline curve as a table: per mode, content size and page, the closed-loop throughput and
 * latency, the unloaded latency and (when measured) the paced p99. Empty without curve results.
 */
export function formatCurve(results: TargetResult[]): string {
  const byId = new Map(results.map((r) => [r.id, r]));
  const rows = [...curvePoints].flatMap(([id, point]) => {
    const closed = byId.get(id);
    if (!closed) return [];
    const paced = byId.get(`${id}-paced`);
    return [
      [
        MODE_TITLE[point.mode],
        String(point.articles),
        String(point.calendarEntries),
        String(point.page),
        closed.requestsPerSecond.toFixed(0),
        String(closed.latencyMs.p50),
        String(closed.latencyMs.p99),
        closed.unloadedLatencyMs.toFixed(1),
        paced ? String(paced.latencyMs.p99) : '-',
      ],
    ];
  });
  if (rows.length === 0) return '';
  return table(
    [
      'timeline curve',
      'articles',
      'calendar',
      'page',
      'req/s',
      'p50 ms',
      'p99 ms',
      'unloaded ms',
      'paced p99 ms',
    ],
    rows,
    new Set([1, 2, 3, 4, 5, 6, 7, 8]),
  );
}
