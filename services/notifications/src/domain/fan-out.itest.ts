import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type ArticlePublishedEvent, CONTENT_EVENTS } from '@porta/contracts';
import { startIdentityNode } from '@porta/identity/testing';
import { type Database, openDatabase } from '@porta/service-kit';
import {
  Closers,
  cleanupNats,
  createDatabases,
  databaseUrl,
  dropDatabases,
  itUrls,
  natsBus,
  requireService,
  runId,
  until,
} from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The acceptance test of issue 5 on real PostgreSQL and NATS JetStream: the notifications service,
 * as its own process, is killed (SIGKILL) in the middle of a fan-out to 2,000 residents and
 * started again; afterwards every resident has the notification exactly once.
 */

const postgresUp = await requireService('PostgreSQL', itUrls.DATABASE_URL);
const natsUp = await requireService('NATS', itUrls.NATS_URL);
const ns = runId();
const identityDatabase = `porta_it_ntf_${ns}_identity`;
const notificationsDatabase = `porta_it_ntf_${ns}_notifications`;
const fixture = fileURLToPath(new URL('../testing/notifications-process.ts', import.meta.url));
const RESIDENTS = 2_000;

function startProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=@porta/source', '--import', 'tsx', fixture], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(notificationsDatabase),
      NATS_URL: itUrls.NATS_URL,
      IT_NS: ns,
      FAN_OUT_PAGE_SIZE: '100',
      FAN_OUT_ACK_WAIT_SECONDS: '3',
      AUDIENCE_DELAY_MS: '150',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`notifications process exited (${code}):\n${output}`)));
    setTimeout(() => reject(new Error(`notifications process not ready:\n${output}`)), 60_000);
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe.skipIf(!postgresUp || !natsUp)('a fan-out interrupted by a crash', () => {
  const closers = new Closers();
  let notifications: Database;
  let lindenCourt: string;
  let residentIds: string[] = [];
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    await createDatabases(identityDatabase, notificationsDatabase);
    closers.add('databases', () => dropDatabases(identityDatabase, notificationsDatabase));
    closers.add('nats', () => cleanupNats(ns));
    const identity = await startIdentityNode({ ns, databaseName: identityDatabase });
    closers.add('identity', () => identity.close());
    await identity.identity.start();
    // 2,000 more residents of Linden Court (tenants of B 12), registered, in one statement each.
    const hc = await identity.database.query<{ id: string }>(
      `select id from identity.housing_companies where hc_ext = 'DEMO-2000'`,
    );
    lindenCourt = hc[0]!.id;
    await identity.database.query(
      `insert into identity.users (email, first_name, last_name, locale, registered, source)
       select 'crowd' || n || '@demo.porta.test', 'Crowd', 'Resident ' || n,
              case when n % 2 = 0 then 'fi_FI' else 'en_US' end, true, 'test'
       from generate_series(1, ${RESIDENTS}) n`,
    );
    await identity.database.query(
      `insert into identity.apartment_roles (user_id, apartment_id, role)
       select u.id, a.id, 'tenant' from identity.users u, identity.apartments a
       where u.email like 'crowd%@demo.porta.test' and a.aptext = 'DEMO-2000-B12'`,
    );
    const audience = await identity.database.query<{ id: string }>(
      `select distinct u.id from identity.users u
       join identity.apartment_roles r on r.user_id = u.id
       join identity.apartments a on a.id = r.apartment_id
       where a.housing_company_id = $1 and u.registered and u.enabled
       union
       select distinct r.user_id from identity.housing_company_roles r
       join identity.users u on u.id = r.user_id
       where r.housing_company_id = $1 and u.registered and u.enabled`,
      [lindenCourt],
    );
    residentIds = audience.map((r) => r.id);
    expect(residentIds.length).toBeGreaterThanOrEqual(RESIDENTS);
    notifications = await openDatabase({ url: databaseUrl(notificationsDatabase), poolSize: 2 });
    closers.add('notifications database', () => notifications.close());
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) await killed(child);
    await closers.closeAll();
  });

  const stored = async () =>
    Number(
      (await notifications.query<{ n: string }>('select count(*) as n from notifications.notifications'))[0]!
        .n,
    );

  it('stores every resident’s notification exactly once after a SIGKILL and a restart', async () => {
    child = await startProcess();
    const publisher = await natsBus(ns, 'content-publisher');
    closers.add('publisher', () => publisher.close());
    const event: ArticlePublishedEvent = {
      articleId: '0196a000-0000-7000-8000-000000000001',
      codename: 'crowd-news',
      articleType: 'news',
      titles: { en: 'The courtyard party is on Saturday', fi: 'Pihajuhlat lauantaina' },
      defaultLanguage: 'en',
      url: '/news/crowd-news',
      publishedAt: new Date().toISOString(),
      housingCompanyIds: [lindenCourt],
      userRoles: [],
    };
    await publisher.publish(CONTENT_EVENTS.articlePublished, event, { msgId: `${ns}-crowd-news` });

    // Some pages stored, not all: the process dies.
    await until(async () => (await stored()) >= 300, 60_000, 'the fan-out to start');
    await killed(child);
    const atCrash = await stored();
    expect(atCrash).toBeGreaterThan(0);
    expect(atCrash).toBeLessThan(residentIds.length);

    // Started again, the redelivered event completes the fan-out.
    child = await startProcess();
    await until(async () => (await stored()) >= residentIds.length, 90_000, 'every notification stored');
    // Nothing more arrives later (a further redelivery would store nothing).
    await new Promise((r) => setTimeout(r, 4_000));
    const rows = await notifications.query<{ user_id: string; n: string; title: string }>(
      `select user_id, count(*) as n, min(title) as title from notifications.notifications group by user_id`,
    );
    expect(rows).toHaveLength(residentIds.length);
    expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(residentIds));
    // Each in the resident's language.
    expect(new Set(rows.map((r) => r.title))).toEqual(
      new Set(['The courtyard party is on Saturday', 'Pihajuhlat lauantaina']),
    );
  }, 240_000);
});
