import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { integer, pgSchema, text } from 'drizzle-orm/pg-core';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, withTransaction } from '../db/database.js';
import { integrationServiceUrls, requireService } from '../testing/services.js';
import { until } from '../testing/until.js';
import { NatsBus } from './nats-bus.js';
import { consumeOnce, enqueueEvent, inboxTable, outboxSchemaSql, outboxTable } from './outbox.js';
import { EVENT_STREAM } from './subjects.js';
import type { Subscription } from './types.js';

const urls = integrationServiceUrls();
const postgresUp = await requireService('PostgreSQL', urls.DATABASE_URL);
const natsUp = await requireService('NATS', urls.NATS_URL);

const EVENTS = 1_000;
const run = randomBytes(4).toString('hex');
const schemaName = `it_${run}`;
const subject = `it${run}.item.created.v1`;
const durable = `it-${run}-projector`;
const schema = pgSchema(schemaName);
const outbox = outboxTable(schema);
const inbox = inboxTable(schema);
const effects = schema.table('effects', {
  eventId: text('event_id').primaryKey(),
  n: integer('n').notNull(),
});
const fixture = fileURLToPath(new URL('./fixtures/relay-process.ts', import.meta.url));

function startRelay(name: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: {
      ...process.env,
      DATABASE_URL: urls.DATABASE_URL,
      NATS_URL: urls.NATS_URL,
      RELAY_SCHEMA: schemaName,
      RELAY_BATCH: '25',
      RELAY_PUBLISH_DELAY_MS: '4',
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.includes('"level":"error"') || line.includes('"level":"warn"'))
        console.warn(`[${name}] ${line}`);
    }
  });
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

describe.skipIf(!postgresUp || !natsUp)('outbox relay on PostgreSQL and NATS JetStream', () => {
  let database: Database;
  let consumerBus: NatsBus;
  let subscription: Subscription | undefined;
  const children: ChildProcess[] = [];
  const deliveries = new Map<string, number>();

  beforeAll(async () => {
    database = await openDatabase({ url: urls.DATABASE_URL, poolSize: 8 });
    for (const statement of outboxSchemaSql(schemaName)) await database.query(statement);
    await database.query(
      `create table ${schemaName}.effects (event_id text primary key, n integer not null)`,
    );
    consumerBus = await NatsBus.connect({
      url: urls.NATS_URL,
      name: 'outbox-itest',
      redeliveryBackoffMs: 100,
    });
  });

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await Promise.all(children.map(exited));
    await subscription?.stop();
    await consumerBus?.close();
    const nc = await connect({ servers: urls.NATS_URL.replace(/^nats:\/\//, '') });
    const jsm = await nc.jetstreamManager();
    await jsm.consumers.delete(EVENT_STREAM, durable).catch(() => undefined);
    await jsm.streams.purge(EVENT_STREAM, { filter: subject }).catch(() => undefined);
    await nc.close();
    await database?.query(`drop schema if exists ${schemaName} cascade`);
    await database?.close();
  });

  it('delivers every committed event exactly once through relays killed and restarted mid-way; rolled-back ones never', async () => {
    const db = database.drizzle({ outbox, inbox, effects });

    // 1,000 events in committed transactions, and some in transactions that roll back.
    for (let t = 0; t < EVENTS / 10; t++) {
      await withTransaction(db, async (tx) => {
        for (let i = 0; i < 10; i++) await enqueueEvent(tx, outbox, subject, { n: t * 10 + i });
      });
      if (t % 20 === 0) {
        await withTransaction(db, async (tx) => {
          await enqueueEvent(tx, outbox, subject, { rolledBack: true });
          throw new Error('roll back');
        }).catch(() => undefined);
      }
    }
    const ids = (await database.query<{ id: string }>(`select id from ${schemaName}.outbox`)).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(EVENTS);

    // An idempotent consumer that also fails once after committing some messages, so that
    // redeliveries of already-processed messages happen for sure.
    let rolledBackSeen = 0;
    subscription = await consumerBus.subscribe<{ n?: number; rolledBack?: boolean }>(
      subject,
      async (message) => {
        deliveries.set(message.id, (deliveries.get(message.id) ?? 0) + 1);
        if (message.data.rolledBack) rolledBackSeen += 1;
        await consumeOnce(db, inbox, durable, message, async (tx) => {
          await tx
            .insert(effects)
            .values({ eventId: message.id, n: 1 })
            .onConflictDoUpdate({ target: effects.eventId, set: { n: sql`${effects.n} + 1` } });
        });
        if (message.attempt === 1 && (message.data.n ?? 0) % 97 === 0) throw new Error('fail after commit');
      },
      { durable, concurrency: 4, ackWaitMs: 10_000 },
    );

    const published = async () =>
      Number(
        (
          await database.query<{ n: string }>(
            `select count(*) as n from ${schemaName}.outbox where published_at is not null`,
          )
        )[0]?.n,
      );

    const first = startRelay('relay-1');
    children.push(first);
    await until(async () => (await published()) >= 150, 60_000, 'the first relay to publish 150 events');
    first.kill('SIGKILL');
    await exited(first);
    const publishedAtKill = await published();
    expect(publishedAtKill).toBeLessThan(EVENTS);

    // Two relays at once take over.
    const second = startRelay('relay-2');
    const third = startRelay('relay-3');
    children.push(second, third);
    await until(async () => (await published()) === EVENTS, 90_000, 'all events to be published');

    const processed = async () =>
      Number((await database.query<{ n: string }>(`select count(*) as n from ${schemaName}.effects`))[0]?.n);
    await until(async () => (await processed()) === EVENTS, 60_000, 'all events to be processed');
    // Let late redeliveries arrive before judging.
    await new Promise((r) => setTimeout(r, 1_500));

    const rows = await database.query<{ event_id: string; n: number }>(
      `select event_id, n from ${schemaName}.effects`,
    );
    expect(rows).toHaveLength(EVENTS);
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(ids));
    const inboxRows = await database.query<{ n: string }>(
      `select count(*) as n from ${schemaName}.inbox where consumer = $1`,
      [durable],
    );
    expect(Number(inboxRows[0]?.n)).toBe(EVENTS);
    expect(rolledBackSeen).toBe(0);
    // Redeliveries did happen, and consumeOnce absorbed them.
    expect([...deliveries.values()].some((n) => n > 1)).toBe(true);

    // The stream holds each event once: what relay-1 published without marking it was
    // published again by its successors and dropped by the duplicate window (Nats-Msg-Id).
    const nc = await connect({ servers: urls.NATS_URL.replace(/^nats:\/\//, '') });
    const info = await (await nc.jetstreamManager()).streams.info(EVENT_STREAM, { subjects_filter: subject });
    await nc.close();
    expect(info.state.subjects?.[subject]).toBe(EVENTS);

    second.kill('SIGTERM');
    third.kill('SIGTERM');
    await Promise.all([exited(second), exited(third)]);
    console.info(
      `relay-1 killed after ${publishedAtKill} of ${EVENTS} events; ${[...deliveries.values()].reduce((a, b) => a + b, 0)} deliveries in all`,
    );
  });
});
