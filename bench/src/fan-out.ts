/**
 * The notifications fan-out (issue 5): on the large data set (100,000 users at scale 1) plus
 * 2,000 residents added to one housing company, a staff member publishes a news item to that
 * company, then one to every housing company. Measured from the moment the publish request is
 * sent: when the notifications service logs the fan-out as stored (all of the audience), and when
 * a resident's open live stream (Server-Sent Events through the gateway, as the resident app reads
 * it) brings the notification. Both run modes: the embedded gateway on PGlite, and identity,
 * content, notifications and the gateway as processes on PostgreSQL with a private NATS server.
 *
 *   npm run bench:fan-out -w bench            (BENCH_SCALE, BENCH_SCALE_REUSE, BENCH_NATS_SERVER apply)
 *
 * Writes bench/results/fan-out.json.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@porta/service-kit';
import { LARGE_EMAIL_DOMAIN, LARGE_PASSWORD } from './large/seed.js';
import { freePort, killAll, type ServerProcess, startNatsServer, startServer } from './processes.js';
import { cleanupFixture, embeddedFixture, postgresFixture, type ScaleFixture, withDb } from './scale.js';
import { portaEnv, type ScenarioContext, script } from './scenarios.js';
import { RESULTS_DIR, readSettings } from './settings.js';

const CROWD = 2_000;
const CROWD_HC = 'LARGE-00001';
const crowdEmail = (n: number) => `fanout${n}@${LARGE_EMAIL_DOMAIN}`;

process.on('exit', killAll);

interface Result {
  mode: 'embedded' | 'distributed';
  audience: { company: number; everyone: number };
  /** ms from the publish request to the fan-out logged as stored. */
  companyStoredMs: number;
  /** ms from the publish request to the notification on the open stream. */
  companyLiveMs: number;
  everyoneStoredMs: number;
  everyoneLiveMs: number;
}

/** Add the 2,000 residents (once; the data set may be reused) and count both audiences. */
async function prepareCrowd(
  db: Database,
): Promise<{ housingCompanyId: string; company: number; everyone: number }> {
  const [hc] = await db.query<{ id: string }>('select id from identity.housing_companies where hc_ext = $1', [
    CROWD_HC,
  ]);
  if (!hc) throw new Error(`${CROWD_HC} is missing from the large data set`);
  await db.query(
    `insert into identity.users (email, first_name, last_name, locale, registered, source, password_hash)
     select 'fanout' || n || '@${LARGE_EMAIL_DOMAIN}', 'Fan', 'Out ' || n, 'fi_FI', true, 'bench',
            (select password_hash from identity.users where password_hash is not null limit 1)
     from generate_series(1, ${CROWD}) n
     on conflict do nothing`,
  );
  await db.query(
    `insert into identity.apartment_roles (user_id, apartment_id, role)
     select u.id, (select a.id from identity.apartments a where a.housing_company_id = $1 order by a.id
                   offset (substring(u.email from 'fanout([0-9]+)')::int % 50) limit 1), 'tenant'
     from identity.users u where u.email like 'fanout%' on conflict do nothing`,
    [hc.id],
  );
  const audienceOf = (where: string) => `
    select count(distinct u.id)::int as n from identity.users u
    where u.registered and u.enabled and (
      exists (select 1 from identity.apartment_roles r join identity.apartments a on a.id = r.apartment_id
              where r.user_id = u.id ${where ? `and a.housing_company_id = $1` : ''}
                and (r.valid_from is null or r.valid_from <= current_date)
                and (r.valid_until is null or r.valid_until >= current_date))
      or exists (select 1 from identity.housing_company_roles r
              where r.user_id = u.id ${where ? `and r.housing_company_id = $1` : ''}
                and (r.valid_from is null or r.valid_from <= current_date)
                and (r.valid_until is null or r.valid_until >= current_date)))`;
  const [company] = await db.query<{ n: number }>(audienceOf('company'), [hc.id]);
  const [everyone] = await db.query<{ n: number }>(audienceOf(''));
  return { housingCompanyId: hc.id, company: company!.n, everyone: everyone!.n };
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/identity/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: LARGE_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A resident's live stream: resolves each awaited title when its notification arrives. */
async function openStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`stream: ${res.status}`);
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = /^event: notification\ndata: (.+)$/m.exec(block)?.[1];
          if (!data) continue;
          const { title } = JSON.parse(data) as { title: string };
          arrivals.set(title, performance.now());
          waiting.get(title)?.();
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return {
    arrival(title: string, timeoutMs: number): Promise<number> {
      const seen = arrivals.get(title);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no live notification "${title}"`)), timeoutMs);
        waiting.set(title, () => {
          clearTimeout(timer);
          resolve(arrivals.get(title)!);
        });
      });
    },
    close: () => controller.abort(),
  };
}

/** The time (epoch ms) the log says a fan-out of at least `members` users was stored, after `since`. */
async function storedAt(logFile: string, since: number, members: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const line of readFileSync(logFile, 'utf8').split('\n')) {
      if (!line.includes('"notifications stored"')) continue;
      const entry = JSON.parse(line) as { time: number; members: number };
      if (entry.time >= since && entry.members >= members) return entry.time;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no fan-out of ${members} logged in ${logFile} within ${timeoutMs} ms`);
}

async function publish(baseUrl: string, token: string, title: string, housingCompanyIds: string[]) {
  const res = await fetch(`${baseUrl}/api/content/admin/articles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      variants: { fi: { title, introduction: 'Fan-out', content: '<p>Fan-out</p>' } },
      defaultLanguage: 'fi',
      targeting: { housingCompanyIds, buildingTaxonomies: [] },
      status: 'published',
    }),
  });
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
}

async function startPorta(mode: Result['mode'], fixture: ScaleFixture, context: ScenarioContext) {
  const { settings } = context;
  if (mode === 'embedded') {
    const gateway = await startServer({
      name: 'fan-out-gateway-embedded',
      script: script(settings, 'gateway'),
      fromSource: settings.fromSource,
      env: { ...portaEnv(context), DATA_DIR: fixture.dataDir!, MODE: 'embedded', SEED_DEMO: 'true' },
      port: await freePort(),
      readyPath: '/readyz',
      readyTimeoutMs: 300_000,
    });
    return { servers: [gateway], nats: null, baseUrl: gateway.url, notificationsLog: gateway.logFile };
  }
  const storeDir = join(context.dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const nats = await startNatsServer({
    name: 'fan-out-nats',
    binary: settings.natsServer,
    port: await freePort(),
    storeDir,
  });
  const env = {
    ...portaEnv(context),
    DATABASE_URL: fixture.url!,
    NATS_URL: nats.url,
    TRUST_PROXY: 'loopback',
  };
  const servers: ServerProcess[] = [];
  const start = async (name: string, extra: Record<string, string>) => {
    const server = await startServer({
      name: `fan-out-${name}`,
      script: script(settings, name),
      fromSource: settings.fromSource,
      env: { ...env, ...extra },
      port: await freePort(),
      // The gateway is live, not ready: the community service is not started here.
      readyPath: name === 'gateway' ? '/healthz' : '/readyz',
      readyTimeoutMs: 300_000,
    });
    servers.push(server);
    return server;
  };
  const identity = await start('identity', { SEED_DEMO: 'true' });
  const content = await start('content', { SEED_DEMO: 'true', IDENTITY_URL: identity.url });
  const notifications = await start('notifications', { IDENTITY_URL: identity.url });
  const gateway = await start('gateway', {
    MODE: 'distributed',
    IDENTITY_URL: identity.url,
    CONTENT_URL: content.url,
    NOTIFICATIONS_URL: notifications.url,
  });
  return { servers, nats, baseUrl: gateway.url, notificationsLog: notifications.logFile };
}

const settings = readSettings();
const results: Result[] = [];
for (const mode of ['embedded', 'distributed'] as const) {
  const fixture = await (mode === 'embedded' ? embeddedFixture(settings) : postgresFixture(settings));
  const crowd = await withDb(fixture.target, prepareCrowd);
  console.log(`${mode}: ${crowd.company} residents in ${CROWD_HC}, ${crowd.everyone} users with a role`);
  const context: ScenarioContext = { settings, dataDir: mkdtempSync(join(tmpdir(), 'porta-fan-out-')) };
  const porta = await startPorta(mode, fixture, context);
  try {
    const staff = await signIn(porta.baseUrl, 'admin@demo.porta.test');
    const stream = await openStream(porta.baseUrl, await signIn(porta.baseUrl, crowdEmail(1)));
    const run = Date.now().toString(36);
    const measure = async (title: string, targets: string[], members: number, timeoutMs: number) => {
      const sentAt = Date.now();
      const t0 = performance.now();
      await publish(porta.baseUrl, staff, title, targets);
      const [stored, live] = await Promise.all([
        storedAt(porta.notificationsLog, sentAt, members, timeoutMs),
        stream.arrival(title, timeoutMs),
      ]);
      return { storedMs: stored - sentAt, liveMs: Math.round(live - t0) };
    };
    const company = await measure(
      `Fan-out ${run}: ${CROWD_HC}`,
      [crowd.housingCompanyId],
      crowd.company,
      60_000,
    );
    const everyone = await measure(`Fan-out ${run}: everyone`, [], crowd.everyone, 300_000);
    stream.close();
    const result: Result = {
      mode,
      audience: { company: crowd.company, everyone: crowd.everyone },
      companyStoredMs: company.storedMs,
      companyLiveMs: company.liveMs,
      everyoneStoredMs: everyone.storedMs,
      everyoneLiveMs: everyone.liveMs,
    };
    console.log(result);
    results.push(result);
  } finally {
    for (const server of porta.servers.reverse()) await server.stop();
    await porta.nats?.stop();
    await cleanupFixture(mode === 'embedded' ? 'embedded' : 'postgres', settings);
  }
}
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(
  join(RESULTS_DIR, 'fan-out.json'),
  `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
);
console.log('\nmode         audience   stored ms   live ms');
for (const r of results) {
  console.log(
    `${r.mode.padEnd(12)} ${String(r.audience.company).padStart(8)}   ${String(r.companyStoredMs).padStart(9)}   ${String(r.companyLiveMs).padStart(7)}`,
  );
  console.log(
    `${r.mode.padEnd(12)} ${String(r.audience.everyone).padStart(8)}   ${String(r.everyoneStoredMs).padStart(9)}   ${String(r.everyoneLiveMs).padStart(7)}`,
  );
}
