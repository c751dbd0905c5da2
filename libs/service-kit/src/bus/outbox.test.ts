import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { count, eq, sql } from 'drizzle-orm';
import { integer, pgSchema, text } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase, withTransaction } from '../db/database.js';
import { until } from '../testing/until.js';
import { MemoryBus } from './memory-bus.js';
import {
  consumeOnce,
  enqueueEvent,
  inboxTable,
  OutboxRelay,
  outboxSchemaSql,
  outboxTable,
} from './outbox.js';
import type { Bus, BusMessage, PublishOptions } from './types.js';
import { uuidv7 } from './uuid7.js';

const svc = pgSchema('svc');
const outbox = outboxTable(svc);
const inbox = inboxTable(svc);
const items = svc.table('items', { id: text('id').primaryKey(), name: text('name').notNull() });
const effects = svc.table('effects', { eventId: text('event_id').primaryKey(), n: integer('n').notNull() });
const schema = { outbox, inbox, items, effects };

/** A bus that records publishes and can be told to fail. */
class RecordingBus extends MemoryBus {
  published: { subject: string; data: unknown; options: PublishOptions }[] = [];
  failAfter = Number.POSITIVE_INFINITY;
  override async publish(subject: string, data: unknown, options: PublishOptions): Promise<void> {
    if (this.published.length >= this.failAfter) throw new Error('bus down');
    this.published.push({ subject, data, options });
    await super.publish(subject, data, options);
  }
}

let database: Database;
let bus: Bus;
let relay: OutboxRelay | undefined;

describe('outbox', () => {
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    for (const statement of outboxSchemaSql('svc')) await database.query(statement);
    await database.query('create table svc.items (id text primary key, name text not null)');
    await database.query('create table svc.effects (event_id text primary key, n integer not null)');
  });

  afterAll(async () => {
    await database.close();
  });

  beforeEach(async () => {
    await database.query('truncate svc.outbox, svc.inbox, svc.items, svc.effects');
  });

  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
    await bus?.close();
  });

  it('publishes an event of a committed transaction once, and consumeOnce applies it once', async () => {
    bus = new MemoryBus();
    const db = database.drizzle(schema);
    const received: BusMessage[] = [];
    await bus.subscribe(
      'svc.item.created.v1',
      async (message) => {
        received.push(message);
        await consumeOnce(db, inbox, 'svc-projector', message, async (tx) => {
          await tx
            .insert(effects)
            .values({ eventId: message.id, n: 1 })
            .onConflictDoUpdate({ target: effects.eventId, set: { n: sql`${effects.n} + 1` } });
        });
      },
      { durable: 'svc-projector' },
    );

    const id = await withTransaction(db, async (tx) => {
      await tx.insert(items).values({ id: 'i1', name: 'first' });
      return enqueueEvent(tx, outbox, 'svc.item.created.v1', { id: 'i1' }, { 'x-tenant': 'hc1' });
    });
    relay = new OutboxRelay({ database, outbox, bus, pollIntervalMs: 20 });
    relay.start();
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ id, data: { id: 'i1' }, headers: { 'x-tenant': 'hc1' } });
    await until(
      async () => (await db.select().from(outbox).where(eq(outbox.id, id)))[0]?.publishedAt != null,
    );

    // A redelivery (or a republish after the duplicate window) changes nothing.
    const again = await consumeOnce(db, inbox, 'svc-projector', { id }, async (tx) => {
      await tx.update(effects).set({ n: sql`${effects.n} + 1` });
    });
    expect(again).toBe(false);
    expect(await db.select().from(effects)).toEqual([{ eventId: id, n: 1 }]);
    // Another consumer has its own inbox entries.
    expect(await consumeOnce(db, inbox, 'svc-other', { id }, async () => undefined)).toBe(true);
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    const recording = new RecordingBus();
    bus = recording;
    const db = database.drizzle(schema);
    await expect(
      withTransaction(db, async (tx) => {
        await tx.insert(items).values({ id: 'i2', name: 'doomed' });
        await enqueueEvent(tx, outbox, 'svc.item.created.v1', { id: 'i2' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    relay = new OutboxRelay({ database, outbox, bus });
    expect(await relay.flush()).toBe(0);
    expect(recording.published).toHaveLength(0);
    expect(await db.select({ n: count() }).from(outbox)).toEqual([{ n: 0 }]);
    expect(await db.select({ n: count() }).from(items)).toEqual([{ n: 0 }]);
  });

  it('rolls the side effects and the inbox row back together when the handler fails', async () => {
    const db = database.drizzle(schema);
    await expect(
      consumeOnce(db, inbox, 'c', { id: 'm1' }, async (tx) => {
        await tx.insert(items).values({ id: 'x', name: 'x' });
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect(await db.select().from(items)).toEqual([]);
    expect(await db.select().from(inbox)).toEqual([]);
    expect(await consumeOnce(db, inbox, 'c', { id: 'm1' }, async () => undefined)).toBe(true);
  });

  it('publishes in creation order, in batches, with the outbox id as msgId', async () => {
    const recording = new RecordingBus();
    bus = recording;
    const db = database.drizzle(schema);
    const ids: string[] = [];
    await withTransaction(db, async (tx) => {
      for (let i = 0; i < 25; i++) ids.push(await enqueueEvent(tx, outbox, 'svc.item.created.v1', { i }));
    });
    relay = new OutboxRelay({ database, outbox, bus, batchSize: 10 });
    expect(await relay.flush()).toBe(25);
    expect(recording.published.map((p) => p.options.msgId)).toEqual(ids);
    expect(recording.published.map((p) => (p.data as { i: number }).i)).toEqual([...Array(25).keys()]);
    expect(await relay.flush()).toBe(0);
  });

  it('keeps the rows the bus did not take for the next round', async () => {
    const recording = new RecordingBus();
    recording.failAfter = 3;
    bus = recording;
    const db = database.drizzle(schema);
    await withTransaction(db, async (tx) => {
      for (let i = 0; i < 5; i++) await enqueueEvent(tx, outbox, 'svc.item.created.v1', { i });
    });
    relay = new OutboxRelay({ database, outbox, bus });
    expect(await relay.flush()).toBe(3);
    const pending = await db.select().from(outbox).where(sql`published_at is null`);
    expect(pending.map((r) => (r.payload as { i: number }).i)).toEqual([3, 4]);
    recording.failAfter = Number.POSITIVE_INFINITY;
    expect(await relay.flush()).toBe(2);
    expect(recording.published).toHaveLength(5);
  });

  it('lets several relays run at once without publishing a row twice', async () => {
    const recording = new RecordingBus();
    bus = recording;
    const db = database.drizzle(schema);
    for (let t = 0; t < 10; t++) {
      await withTransaction(db, async (tx) => {
        for (let i = 0; i < 10; i++) await enqueueEvent(tx, outbox, 'svc.item.created.v1', { t, i });
      });
    }
    const relays = [1, 2, 3].map(
      () => new OutboxRelay({ database, outbox, bus, batchSize: 7, pollIntervalMs: 10 }),
    );
    for (const r of relays) r.start();
    await until(() => recording.published.length >= 100);
    await Promise.all(relays.map((r) => r.stop()));
    expect(recording.published).toHaveLength(100);
    expect(new Set(recording.published.map((p) => p.options.msgId)).size).toBe(100);
  });

  it('kick() publishes without waiting for the poll interval', async () => {
    const recording = new RecordingBus();
    bus = recording;
    const db = database.drizzle(schema);
    relay = new OutboxRelay({ database, outbox, bus, pollIntervalMs: 60_000 });
    relay.start();
    await new Promise((r) => setTimeout(r, 50));
    await withTransaction(db, (tx) => enqueueEvent(tx, outbox, 'svc.item.created.v1', {}));
    relay.kick();
    await until(() => recording.published.length === 1, 2_000);
  });

  it('with PGlite, a commit that wrote an event wakes the relay: no kick, no poll (ADR 0029)', async () => {
    const recording = new RecordingBus();
    bus = recording;
    const db = database.drizzle(schema);
    // The default pause between polls with PGlite is 30 s: only the commit can publish in time.
    relay = new OutboxRelay({ database, outbox, bus });
    relay.start();
    await new Promise((r) => setTimeout(r, 100));
    await expect(
      withTransaction(db, async (tx) => {
        await enqueueEvent(tx, outbox, 'svc.item.created.v1', { id: 'doomed' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await withTransaction(db, (tx) => enqueueEvent(tx, outbox, 'svc.item.created.v1', { id: 'kept' }));
    await until(() => recording.published.length === 1, 2_000);
    expect(recording.published.map((p) => p.data)).toEqual([{ id: 'kept' }]);
    await withTransaction(db, (tx) => enqueueEvent(tx, outbox, 'svc.item.created.v1', { id: 'next' }));
    await until(() => recording.published.length === 2, 2_000);
  });

  it('cleans up published rows and old inbox rows after their retention', async () => {
    bus = new MemoryBus();
    const db = database.drizzle(schema);
    const old = new Date(Date.now() - 10 * 24 * 3600_000);
    await db.insert(outbox).values([
      { id: uuidv7(), subject: 'svc.item.created.v1', payload: {}, publishedAt: old },
      { id: uuidv7(), subject: 'svc.item.created.v1', payload: {}, publishedAt: new Date() },
      { id: uuidv7(), subject: 'svc.item.created.v1', payload: {}, createdAt: old },
    ]);
    await db.insert(inbox).values([
      { consumer: 'c', messageId: 'old', processedAt: new Date(Date.now() - 40 * 24 * 3600_000) },
      { consumer: 'c', messageId: 'new' },
    ]);
    relay = new OutboxRelay({ database, outbox, inbox, bus });
    expect(await relay.cleanup()).toEqual({ outbox: 1, inbox: 1 });
    expect(await db.select({ n: count() }).from(outbox)).toEqual([{ n: 2 }]);
  });

  it('rejects malformed subjects at enqueue time', async () => {
    const db = database.drizzle(schema);
    await expect(
      withTransaction(db, (tx) => enqueueEvent(tx, outbox, 'svc.item.created', {})),
    ).rejects.toThrow(/Invalid subject/);
  });

  it('outboxSchemaSql creates what drizzle-kit generates from the table factories', async () => {
    const generated = await generateMigration(
      generateDrizzleJson({}),
      generateDrizzleJson({
        kit: pgSchema('kit'),
        outbox: outboxTable(pgSchema('kit')),
        inbox: inboxTable(pgSchema('kit')),
      }),
    );
    for (const statement of generated) await database.query(statement);
    for (const statement of outboxSchemaSql('hand')) await database.query(statement);
    const describe = async (schemaName: string) => ({
      columns: await database.query(
        `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
         where table_schema = $1 order by table_name, ordinal_position`,
        [schemaName],
      ),
      indexes: (
        await database.query<{ indexdef: string }>(
          'select indexdef from pg_indexes where schemaname = $1 order by indexname',
          [schemaName],
        )
      ).map((r) => r.indexdef.replaceAll(`${schemaName}.`, 'S.')),
    });
    expect(await describe('hand')).toEqual(await describe('kit'));
  });
});

describe('uuidv7', () => {
  it('is ordered by creation within a process', () => {
    const ids = Array.from({ length: 5_000 }, () => uuidv7());
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
