import { and, asc, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { index, jsonb, type PgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type Database, type Db, pollPause, withTransaction } from '../db/database.js';
import { injectTraceHeaders } from '../telemetry/tracing.js';
import { silentLogger } from './logger.js';
import { assertEventSubject } from './subjects.js';
import type { Bus, Logger } from './types.js';
import { uuidv7 } from './uuid7.js';

/**
 * The transactional outbox and inbox.
 *
 * A service writes its events into its own `outbox` table in the same transaction as the change
 * (enqueueEvent); an OutboxRelay publishes them afterwards with the outbox id as the message id,
 * so a publish repeated after a crash is dropped by the bus's de-duplication. Consumers record
 * each handled message id in their `inbox` table in the same transaction as their side effects
 * (consumeOnce), so a redelivered message changes nothing.
 */

/** The `outbox` table of a service schema; include it in the service's drizzle schema. */
export function outboxTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      subject: text('subject').notNull(),
      payload: jsonb('payload').notNull(),
      headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
    },
    (t) => [index('outbox_unpublished_idx').on(t.createdAt, t.id).where(sql`published_at is null`)],
  );
}

/** The `inbox` table of a service schema; include it in the service's drizzle schema. */
export function inboxTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'inbox',
    {
      consumer: text('consumer').notNull(),
      messageId: text('message_id').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.messageId] })],
  );
}

export type OutboxTable = ReturnType<typeof outboxTable<string>>;
export type InboxTable = ReturnType<typeof inboxTable<string>>;

/**
 * The same tables as plain DDL (what drizzle-kit generates for the factories above), for tests
 * and tools that do not run a service's migrations. Idempotent.
 */
export function outboxSchemaSql(schemaName: string): string[] {
  if (!/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`invalid schema name "${schemaName}"`);
  const s = `"${schemaName}"`;
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE IF NOT EXISTS ${s}."outbox" (
      "id" uuid PRIMARY KEY NOT NULL,
      "subject" text NOT NULL,
      "payload" jsonb NOT NULL,
      "headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
      "created_at" timestamp with time zone DEFAULT now() NOT NULL,
      "published_at" timestamp with time zone
    )`,
    `CREATE INDEX IF NOT EXISTS "outbox_unpublished_idx" ON ${s}."outbox" USING btree ("created_at","id") WHERE published_at is null`,
    `CREATE TABLE IF NOT EXISTS ${s}."inbox" (
      "consumer" text NOT NULL,
      "message_id" text NOT NULL,
      "processed_at" timestamp with time zone DEFAULT now() NOT NULL,
      CONSTRAINT "inbox_consumer_message_id_pk" PRIMARY KEY("consumer","message_id")
    )`,
  ];
}

/**
 * Record an event in the outbox inside the caller's transaction; it is published after the
 * transaction commits (and never if it rolls back). The current trace context travels in the
 * headers. Returns the event id, which becomes the message id.
 */
export async function enqueueEvent<TSchema extends Record<string, unknown>>(
  tx: Db<TSchema>,
  outbox: OutboxTable,
  subject: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<string> {
  assertEventSubject(subject);
  if (payload === undefined) throw new Error(`event ${subject} needs a payload`);
  const id = uuidv7();
  await tx.insert(outbox).values({ id, subject, payload, headers: { ...injectTraceHeaders(), ...headers } });
  // A relay listening in this process (PGlite) hears of the row when the transaction commits.
  if (listened.get(outbox)) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return id;
}

/** The channel on which a commit that wrote an event wakes the relays of its process (PGlite). */
const OUTBOX_CHANNEL = 'porta_outbox';
/** The outboxes whose relays listen for OUTBOX_CHANNEL, and how many relays. */
const listened = new WeakMap<OutboxTable, number>();

/**
 * Handle a message at most once per consumer: in one transaction, record (consumer, message id)
 * in the inbox and run fn; a message already recorded is skipped. fn's writes through `tx`
 * commit together with the inbox row, or not at all. Returns whether fn ran.
 */
export function consumeOnce<TSchema extends Record<string, unknown>>(
  db: Db<TSchema>,
  inbox: InboxTable,
  consumer: string,
  message: { id: string },
  fn: (tx: Db<TSchema>) => Promise<unknown>,
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(inbox)
      .values({ consumer, messageId: message.id })
      .onConflictDoNothing()
      .returning({ messageId: inbox.messageId });
    if (inserted.length === 0) return false;
    await fn(tx);
    return true;
  });
}

/**
 * The longest pause after failed rounds. A reconnect of the bus wakes the relay anyway; this bounds
 * the wait when the bus was reachable but refused (JetStream not ready yet after a restart).
 */
const MAX_BACKOFF_MS = 5_000;

export interface OutboxRelayOptions {
  database: Database;
  outbox: OutboxTable;
  bus: Bus;
  /** The inbox of the same schema, to clean it up as well. */
  inbox?: InboxTable;
  logger?: Logger;
  /**
   * Pause between polls when the outbox is empty (default 1 s; with PGlite SINGLE_WRITER_POLL_MS,
   * as every commit that writes an event wakes the relay); kick() skips it.
   */
  pollIntervalMs?: number;
  /** Rows taken per transaction (default 100). */
  batchSize?: number;
  /** Published rows are deleted after this many days (default 7). */
  retentionDays?: number;
  /** Inbox rows are deleted after this many days (default 30; longer than any redelivery). */
  inboxRetentionDays?: number;
  /** How often the clean-up runs (default 1 h). */
  cleanupIntervalMs?: number;
}

/**
 * Publishes the outbox: takes unpublished rows in creation order with FOR UPDATE SKIP LOCKED
 * (several relays, in one process or many, share the work without publishing a row twice at
 * the same time), publishes each with msgId = outbox id and marks them published in the same
 * transaction. When the bus fails, the rows not yet published stay for the next round, which
 * comes after a growing pause (at most MAX_BACKOFF_MS), or at once when the bus reconnects. A relay killed between publish and commit republishes on the
 * next round; the bus drops the repeat within its duplicate window, and consumers are idempotent.
 */
export class OutboxRelay {
  private readonly db: Db<Record<string, never>>;
  private readonly logger: Logger;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private cleanupTimer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private cleaning: Promise<void> | undefined;
  private kicked = false;
  private failures = 0;
  private stopListening: (() => void) | undefined;

  constructor(private readonly options: OutboxRelayOptions) {
    this.db = options.database.drizzle({});
    this.logger = options.logger ?? silentLogger;
    this.pollIntervalMs = options.pollIntervalMs ?? pollPause(options.database, 1_000);
    this.batchSize = options.batchSize ?? 100;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    // The broker is back: publish what waited now rather than at the end of the backoff.
    const stopReconnects = this.options.bus.onReconnect(() => {
      this.failures = 0;
      this.kick();
    });
    // PGlite: this process is the only writer, and its commits that write events say so.
    const { listen } = this.options.database;
    const { outbox } = this.options;
    let unlisten: Promise<() => Promise<void>> | undefined;
    if (listen) {
      listened.set(outbox, (listened.get(outbox) ?? 0) + 1);
      // Once listening, one more look: a commit before it was not heard.
      unlisten = listen(OUTBOX_CHANNEL, () => this.kick()).then((stop) => {
        this.kick();
        return stop;
      });
    }
    this.stopListening = () => {
      stopReconnects();
      if (!unlisten) return;
      listened.set(outbox, (listened.get(outbox) ?? 1) - 1);
      void unlisten.then((stop) => stop()).catch(() => undefined);
    };
    this.schedule(0);
    const cleanupIntervalMs = this.options.cleanupIntervalMs ?? 3600_000;
    this.cleanupTimer = setInterval(() => void this.runCleanup(), cleanupIntervalMs);
    this.cleanupTimer.unref();
    void this.runCleanup();
  }

  /** Poll now (e.g. right after a commit that wrote events). */
  kick(): void {
    if (!this.running) return;
    if (this.current) {
      this.kicked = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Stop polling and wait for the round in progress. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopListening?.();
    clearTimeout(this.timer);
    clearInterval(this.cleanupTimer);
    await this.current;
    await this.cleaning;
  }

  /**
   * Publish until the outbox is empty (or the bus fails); returns how many rows were published.
   * For tests and tools; a started relay does this on its own.
   */
  async flush(): Promise<number> {
    let total = 0;
    while (true) {
      const round = await this.relayBatch();
      total += round.published;
      if (!round.more) return total;
    }
  }

  /** Delete published outbox rows (and inbox rows) older than the retention. */
  async cleanup(): Promise<{ outbox: number; inbox: number }> {
    const { outbox, inbox } = this.options;
    const day = 24 * 3600_000;
    const outboxCutoff = new Date(Date.now() - (this.options.retentionDays ?? 7) * day);
    const removed = await this.db
      .delete(outbox)
      .where(and(isNotNull(outbox.publishedAt), lt(outbox.publishedAt, outboxCutoff)))
      .returning({ id: outbox.id });
    let inboxRemoved = 0;
    if (inbox) {
      const inboxCutoff = new Date(Date.now() - (this.options.inboxRetentionDays ?? 30) * day);
      const rows = await this.db
        .delete(inbox)
        .where(lt(inbox.processedAt, inboxCutoff))
        .returning({ id: inbox.messageId });
      inboxRemoved = rows.length;
    }
    return { outbox: removed.length, inbox: inboxRemoved };
  }

  private schedule(delayMs: number) {
    if (!this.running) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick() {
    if (!this.running || this.current) return;
    let more = false;
    this.current = (async () => {
      try {
        const round = await this.relayBatch();
        more = round.more;
        if (round.failed) this.failures += 1;
        else this.failures = 0;
      } catch (err) {
        this.failures += 1;
        this.logger.error({ err, failures: this.failures }, 'outbox relay round failed');
      }
    })();
    await this.current;
    this.current = undefined;
    if (!this.running) return;
    if (this.failures > 0) {
      this.schedule(Math.min(this.pollIntervalMs * 2 ** (this.failures - 1), MAX_BACKOFF_MS));
    } else if (more || this.kicked) {
      this.kicked = false;
      this.schedule(0);
    } else {
      this.schedule(this.pollIntervalMs);
    }
  }

  private relayBatch(): Promise<{ published: number; more: boolean; failed: boolean }> {
    const { outbox, bus } = this.options;
    return withTransaction(this.db, async (tx) => {
      const rows = await tx
        .select()
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.createdAt), asc(outbox.id))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      const published: string[] = [];
      let failed = false;
      for (const row of rows) {
        try {
          await bus.publish(row.subject, row.payload, { msgId: row.id, headers: row.headers });
          published.push(row.id);
        } catch (err) {
          failed = true;
          this.logger.warn(
            { err, msgId: row.id, subject: row.subject, left: rows.length - published.length },
            'outbox publish failed; the rest stays for the next round',
          );
          break;
        }
      }
      if (published.length > 0) {
        await tx.update(outbox).set({ publishedAt: sql`now()` }).where(inArray(outbox.id, published));
      }
      return { published: published.length, more: !failed && rows.length === this.batchSize, failed };
    });
  }

  private async runCleanup() {
    if (this.cleaning) return;
    this.cleaning = (async () => {
      try {
        const removed = await this.cleanup();
        if (removed.outbox + removed.inbox > 0) this.logger.info(removed, 'outbox and inbox cleaned up');
      } catch (err) {
        this.logger.error({ err }, 'outbox clean-up failed');
      }
    })();
    await this.cleaning;
    this.cleaning = undefined;
  }
}
