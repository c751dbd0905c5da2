import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  integrationServiceUrls,
  type OwnServer,
  requireService,
  startNatsServer,
  startRedisServer,
} from '@porta/service-kit/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DistributedPortal, PG_ADMIN_URL, serviceProcesses, startDistributed } from './portal.js';
import { type PortalApi, portalApi } from './portal-api.js';

/*
 * Issue 15's fault suite against the distributed portal as an operator runs it: the built
 * processes on PostgreSQL, a NATS and a Redis of this test's own (so that it may stop them), and the
 * file mail outbox. One portal goes through the operator's worst week in turn: connections
 * dropped under traffic, the broker away, Redis away and back empty, identity away for longer than
 * an event's delivery budget, and the notifications service killed in the middle of a fan-out to
 * 6,000 residents. Each part prints what it measured (docs/operations.md keeps the figures).
 *
 * The delivery budget is shortened (retries every 100–400 ms, 20 deliveries: about 7 s) and the
 * dead letters replayed every 2 s, so that an outage "longer than the budget" takes 20 s here
 * instead of a quarter of an hour; the mechanism is the same. PORTA_FAULTS_FULL=true runs it as
 * production is set (no shortened budget; the broker away a minute, identity twenty minutes):
 * about half an hour, by hand.
 */
const FULL = process.env.PORTA_FAULTS_FULL === 'true';
const BROKER_OUTAGE_MS = FULL ? 60_000 : 20_000;
const IDENTITY_OUTAGE_MS = FULL ? 20 * 60_000 : 20_000;

const CROWD = 6_000;
// PostgreSQL is the machine's; NATS and Redis are the test's own, which it may stop.
const postgresUp = await requireService('PostgreSQL', integrationServiceUrls().DATABASE_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  fn: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function report(line: string) {
  console.log(`[faults] ${line}`);
}

describe.skipIf(!postgresUp)('the distributed portal through an operator’s worst week', () => {
  let nats: OwnServer;
  let redis: OwnServer;
  let portal: DistributedPortal;
  let db: pg.Pool;
  let admin: pg.Pool;
  let api: PortalApi;
  const tokens: Record<string, string> = {};
  let lindenCourt = '';
  let readers: string[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    redis = await startRedisServer();
    portal = await startDistributed({
      natsUrl: nats.url,
      redisUrl: redis.url,
      env: FULL
        ? {}
        : { BUS_RETRY_BACKOFF_MS: '100', BUS_RETRY_MAX_BACKOFF_MS: '400', DEAD_LETTER_REPLAY_SECONDS: '2' },
      envOf: {
        gateway: { RATE_LIMIT_PER_MINUTE: '100000' },
        notifications: { FAN_OUT_PAGE_SIZE: '100', MAIL_SWEEP_SECONDS: '5', MAIL_CLAIM_SECONDS: '10' },
      },
    });
    // The test's own connections are named, so that the connection drops spare them.
    const observer = new URL(portal.databaseUrl);
    observer.searchParams.set('application_name', 'fault-observer');
    db = new pg.Pool({ connectionString: observer.toString(), max: 3 });
    admin = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 1 });
    api = portalApi(portal.url);
    for (const who of ['manager', 'owner', 'tenant', 'board']) {
      tokens[who] = await api.signIn(`${who}@demo.porta.test`);
    }
    const me = await api.get<{ hcs: { id: string; hcExt: string }[] }>(tokens.manager!, '/api/identity/me');
    lindenCourt = me.body.hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    await admin?.end();
    await portal?.close();
    await redis?.dispose();
    await nats?.dispose();
  });

  const crashes = () =>
    Object.fromEntries(
      [...serviceProcesses().map((service) => service.name), 'gateway'].map((name) => [
        name,
        portal.processes[name]?.crashes,
      ]),
    );

  async function publishNews(title: string) {
    const res = await api.post(tokens.manager!, '/api/content/admin/articles', {
      variants: { en: { title, introduction: 'Read more', content: `<p>${title}</p>` } },
      targeting: { housingCompanyIds: [lindenCourt], buildingTaxonomies: [] },
      status: 'published',
    });
    expect(res.status, JSON.stringify(res.problem)).toBe(201);
  }

  async function notified(title: string): Promise<string[]> {
    const { rows } = await db.query<{ user_id: string }>(
      'select user_id from notifications.notifications where title = $1',
      [title],
    );
    return rows.map((r) => r.user_id);
  }

  /** E-mails in the outbox whose subject tells of the title, per address. */
  function mailed(title: string): Map<string, number> {
    const counts = new Map<string, number>();
    if (!existsSync(portal.mailDir)) return counts;
    for (const file of readdirSync(portal.mailDir)) {
      if (!file.endsWith('.json')) continue;
      const meta = JSON.parse(readFileSync(join(portal.mailDir, file), 'utf8')) as {
        to: string[];
        subject: string;
      };
      if (meta.subject !== `Porta: ${title}`) continue;
      for (const to of meta.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    return counts;
  }

  async function emailsOf(userIds: string[]): Promise<string[]> {
    const { rows } = await db.query<{ email: string }>(
      `select u.email from identity.users u
       where u.id = any($1::uuid[])
         and not exists (select 1 from notifications.settings s where s.user_id = u.id and s.email_disabled)`,
      [userIds],
    );
    return rows.map((r) => r.email);
  }

  /** The resident's lists of the three services answer, from what each service holds. */
  async function expectReadsGoOn() {
    for (const path of [
      `/api/community/discussions?housingCompanyId=${lindenCourt}`,
      `/api/service-requests/requests?housingCompanyId=${lindenCourt}`,
      `/api/content/news?housingCompanyId=${lindenCourt}`,
    ]) {
      expect((await api.get(tokens.owner!, path)).status, path).toBe(200);
    }
  }

  async function timed<T extends { status: number }>(fn: () => Promise<T>) {
    const start = performance.now();
    const res = await fn();
    return { status: res.status, ms: performance.now() - start, res };
  }

  it('notifies and mails every reader of Linden Court while all is well (the baseline)', async () => {
    const title = 'Baseline: the sauna is open again';
    await publishNews(title);
    readers = await until(
      async () => {
        const users = await notified(title);
        return users.length >= 4 && users;
      },
      20_000,
      'the baseline notifications',
    );
    await sleep(1_000);
    readers = await notified(title);
    const addresses = await emailsOf(readers);
    await until(() => addresses.every((a) => mailed(title).has(a)), 20_000, 'the baseline e-mails');
    report(`baseline: ${readers.length} readers notified, ${addresses.length} mailed`);
    // Warm the services' kept answers (feature decisions) as a day of use would have.
    await expectReadsGoOn();
  });

  it('kills no process in 20 connection drops under traffic; the requests after them all succeed', async () => {
    const statuses = new Map<number, number>();
    let stop = false;
    const paths = [
      '/api/identity/me',
      `/api/community/discussions?housingCompanyId=${lindenCourt}`,
      `/api/content/news?housingCompanyId=${lindenCourt}`,
      '/api/notifications/inbox',
      `/api/service-requests/requests?housingCompanyId=${lindenCourt}`,
    ];
    let n = 0;
    const client = async () => {
      while (!stop) {
        n += 1;
        const res =
          n % 7 === 0
            ? await api.post(tokens.owner!, '/api/community/discussions', {
                housingCompanyId: lindenCourt,
                title: `Traffic ${n}`,
                body: `<p>Written while connections drop (${n})</p>`,
              })
            : await api.get(tokens.owner!, paths[n % paths.length]!);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const clients = Array.from({ length: 4 }, client);
    const { rows: databaseName } = await db.query<{ name: string }>('select current_database() as name');
    let dropped = 0;
    for (let i = 0; i < 20; i++) {
      await sleep(400);
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'
           and application_name <> 'fault-observer'`,
        [databaseName[0]!.name],
      );
      dropped += rows.length;
    }
    await sleep(1_000);
    stop = true;
    await Promise.all(clients);
    report(
      `20 drops (${dropped} connections ended) under traffic: ${JSON.stringify(Object.fromEntries(statuses))} answers, crashes ${JSON.stringify(crashes())}`,
    );
    expect(Object.values(crashes()).every((c) => c === 0)).toBe(true);
    expect([...statuses.keys()].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    for (let i = 0; i < 20; i++) {
      for (const path of paths) expect((await api.get(tokens.owner!, path)).status).toBe(200);
    }
  });

  it(
    'keeps serving through a broker outage and delivers what it held within 5 s of the broker’s return',
    async () => {
      const title = 'Written while the broker was away';
      await nats.stop(true);
      const outageStart = Date.now();
      // Every service stays ready, naming its bus as failed; the gateway stays ready.
      await until(
        async () => {
          const res = await fetch(`${portal.processes.community.url}/readyz`);
          const body = (await res.json()) as { status: string; checks: Record<string, string> };
          return res.status === 200 && body.checks.bus === 'failed' && body.status === 'degraded';
        },
        10_000,
        'community to see the broker gone',
      );
      const gatewayReady = await fetch(`${portal.url}/readyz`);
      expect(gatewayReady.status).toBe(200);
      // Reads go on.
      await expectReadsGoOn();
      // Writes that need identity's word are refused at once, with a clear message.
      const comment = await timed(() =>
        api.post(tokens.owner!, '/api/community/discussions', {
          housingCompanyId: lindenCourt,
          title: 'During the broker outage',
          body: '<p>Will this go through?</p>',
        }),
      );
      const request = await timed(() =>
        api.post(tokens.tenant!, '/api/service-requests/requests', {
          housingCompanyId: lindenCourt,
          typeId: 'maintenance_dispatch',
          content: 'The lift is stuck',
        }),
      );
      report(
        `broker away: discussion refused ${comment.status} in ${comment.ms.toFixed(0)} ms, service request ${request.status} in ${request.ms.toFixed(0)} ms`,
      );
      for (const write of [comment, request]) {
        expect(write.status).toBe(503);
        expect(write.res.problem?.code).toBe('TEMPORARILY_UNAVAILABLE');
        expect(write.ms).toBeLessThan(1_000);
      }
      // The manager publishes news meanwhile: content keeps it in its outbox.
      await publishNews(title);
      await sleep(Math.max(0, BROKER_OUTAGE_MS - (Date.now() - outageStart)));
      expect(await notified(title)).toEqual([]);
      await nats.start();
      const back = Date.now();
      await until(
        async () => (await notified(title)).length >= readers.length,
        30_000,
        'the held notifications',
      );
      const ms = Date.now() - back;
      report(
        `broker away ${BROKER_OUTAGE_MS / 1000} s: the news written meanwhile reached every reader ${ms} ms after its return`,
      );
      expect(ms).toBeLessThan(5_000);
      expect(Object.values(crashes()).every((c) => c === 0)).toBe(true);
    },
    BROKER_OUTAGE_MS + 120_000,
  );

  it('stores notifications while Redis is away, answers fast, and mails them and runs the schedules after Redis comes back empty', async () => {
    const title = 'Written while Redis was away';
    // The gateway's own share of a request: a cheap answer of identity, through the rate limit.
    const p99 = async () => {
      const latencies: number[] = [];
      for (let i = 0; i < 300; i++) {
        const { ms, status } = await timed(() => fetch(`${portal.url}/api/identity/.well-known/jwks.json`));
        expect(status).toBe(200);
        latencies.push(ms);
      }
      return percentile(latencies, 99);
    };
    const up = await p99();
    await redis.stop(true);
    const down = await p99();
    report(
      `p99 through the gateway (300 requests): ${up.toFixed(1)} ms with Redis, ${down.toFixed(1)} ms without`,
    );
    expect(down).toBeLessThan(100);
    const published = Date.now();
    await publishNews(title);
    await until(
      async () => (await notified(title)).length >= readers.length,
      10_000,
      'the bell during the outage',
    );
    report(`Redis away: every reader's notification stored ${Date.now() - published} ms after publishing`);
    const addresses = await emailsOf(readers);
    await redis.start();
    const back = Date.now();
    await until(
      () => addresses.every((a) => mailed(title).has(a)),
      60_000,
      'the e-mails after Redis returned',
    );
    report(
      `Redis back empty: the e-mails written meanwhile went out ${Date.now() - back} ms after its return`,
    );
    // The recurring jobs are registered again in the empty Redis.
    const client = new Redis(redis.url);
    try {
      const schedules = await until(
        async () => {
          const keys = await client.keys('bull:*:repeat');
          return keys.length >= 3 && keys;
        },
        60_000,
        'the job schedules in the new Redis',
      );
      report(
        `Redis back empty: ${schedules.length} job schedules registered again ${Date.now() - back} ms after`,
      );
    } finally {
      client.disconnect();
    }
  });

  it(
    'loses no event and no e-mail when identity is away for longer than the delivery budget',
    async () => {
      const title = 'Written while identity was away';
      await portal.processes.identity.kill('SIGTERM');
      const down = Date.now();
      const comment = await timed(() =>
        api.post(tokens.owner!, '/api/community/discussions', {
          housingCompanyId: lindenCourt,
          title: 'During the identity outage',
          body: '<p>Will this go through?</p>',
        }),
      );
      expect(comment.status).toBe(503);
      expect(comment.res.problem?.code).toBe('TEMPORARILY_UNAVAILABLE');
      expect(comment.ms).toBeLessThan(1_000);
      await expectReadsGoOn();
      await publishNews(title);
      // The fan-out cannot ask identity for its audience: after its budget the event is parked.
      const parked = await until(
        async () => {
          const { rows } = await db.query<{ n: string }>(
            `select count(*) as n from porta_kit.dead_letters where durable = 'notifications-content'`,
          );
          return Number(rows[0]!.n) > 0 && Number(rows[0]!.n);
        },
        FULL ? IDENTITY_OUTAGE_MS : 30_000,
        'the event to be parked',
      );
      const metrics = await (await fetch(`${portal.processes.notifications.url}/metrics`)).text();
      expect(metrics).toMatch(/porta_dead_letters\{durable="notifications-content"\} [1-9]/);
      expect(metrics).toMatch(/porta_dead_letters_parked_total\{durable="notifications-content"\} [1-9]/);
      report(`identity away: ${parked} event(s) parked after ${Date.now() - down} ms`);
      await sleep(Math.max(0, IDENTITY_OUTAGE_MS - (Date.now() - down)));
      await portal.processes.identity.restart();
      const back = Date.now();
      await until(
        async () => (await notified(title)).length >= readers.length,
        FULL ? 180_000 : 60_000,
        'the replayed fan-out',
      );
      report(
        `identity back after ${back - down} ms away: every reader notified ${Date.now() - back} ms later`,
      );
      const addresses = await emailsOf(readers);
      await until(() => addresses.every((a) => mailed(title).has(a)), 60_000, 'the e-mails after the replay');
      const { rows } = await db.query<{ n: string }>('select count(*) as n from porta_kit.dead_letters');
      expect(Number(rows[0]!.n)).toBe(0);
      tokens.owner = await api.signIn('owner@demo.porta.test');
      tokens.manager = await api.signIn('manager@demo.porta.test');
    },
    IDENTITY_OUTAGE_MS + 240_000,
  );

  it('stores every notification once and mails everyone after a kill -9 in the middle of a fan-out', async () => {
    const title = 'The courtyard party is on Saturday';
    await db.query(
      `insert into identity.users (email, first_name, last_name, locale, registered, source)
       select 'crowd' || n || '@demo.porta.test', 'Crowd', 'Resident ' || n, 'en_US', true, 'test'
       from generate_series(1, ${CROWD}) n`,
    );
    await db.query(
      `insert into identity.apartment_roles (user_id, apartment_id, role)
       select u.id, a.id, 'tenant' from identity.users u, identity.apartments a
       where u.email like 'crowd%@demo.porta.test' and a.aptext = 'DEMO-2000-B12'`,
    );
    const expected = readers.length + CROWD;
    await publishNews(title);
    const atCrash = await until(
      async () => {
        const n = (await notified(title)).length;
        return n >= 300 && n;
      },
      30_000,
      'the fan-out to start',
    );
    await portal.processes.notifications.kill('SIGKILL');
    const stored = (await notified(title)).length;
    report(`kill -9 of notifications with ${stored} of ${expected} notifications stored`);
    expect(stored).toBeLessThan(expected);
    await portal.processes.notifications.restart();
    const restarted = Date.now();
    await until(async () => (await notified(title)).length >= expected, 120_000, 'the completed fan-out');
    report(`fan-out completed ${Date.now() - restarted} ms after the restart (was about 120 s)`);
    const users = await notified(title);
    expect(users).toHaveLength(expected);
    expect(new Set(users).size).toBe(expected);
    const addresses = await emailsOf(users);
    const mailDone = await until(
      () => {
        const counts = mailed(title);
        return addresses.every((a) => counts.has(a)) && counts;
      },
      180_000,
      'every e-mail',
    );
    const duplicates = [...mailDone.values()].reduce((sum, n) => sum + (n - 1), 0);
    report(
      `kill -9 mid fan-out: ${addresses.length} e-mails due, 0 missed, ${duplicates} sent twice, all out ${Date.now() - restarted} ms after the restart (at the crash: ${atCrash})`,
    );
    expect(duplicates).toBeLessThanOrEqual(1);
    expect(Object.values(crashes()).every((c) => c === 0)).toBe(true);
  });
});
