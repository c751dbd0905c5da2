import type { Database } from '../db/database.js';
import { errorText } from '../error-serializer.js';
import { counter, gauge } from '../telemetry/metrics.js';
import { silentLogger } from './logger.js';
import type { BusMessage, Logger, MessageHandler } from './types.js';

/**
 * The dead-letter store: where a durable consumer parks a message it could not handle within its
 * delivery budget (identity down for a quarter of an hour, the database away), instead of dropping
 * it. Letters live in the process's own database (`porta_kit.dead_letters`, PGlite or PostgreSQL),
 * so nothing parked is lost to a restart, in either run mode.
 *
 * A parked letter is replayed to its durable's handler in whichever process consumes that durable:
 * every replay interval, and at once when a live message of the same durable has just been handled
 * (the dependency is back). A round stops at its first failure, so an outage costs one try per
 * durable and interval, however many letters wait, and a letter is replayed within one interval of
 * its dependency's return. Operators see the letters in the log (an error line at parking), in the
 * metrics (`porta_dead_letters` and `porta_dead_letters_parked_total`) and with
 * `npm run dead-letters`, which lists, replays now, or discards them.
 */

const SCHEMA_SQL = [
  'CREATE SCHEMA IF NOT EXISTS porta_kit',
  `CREATE TABLE IF NOT EXISTS porta_kit.dead_letters (
    durable text NOT NULL,
    message_id text NOT NULL,
    subject text NOT NULL,
    payload jsonb NOT NULL,
    headers jsonb NOT NULL DEFAULT '{}'::jsonb,
    deliveries integer NOT NULL,
    replays integer NOT NULL DEFAULT 0,
    last_error text,
    parked_at timestamptz NOT NULL DEFAULT now(),
    next_replay_at timestamptz NOT NULL DEFAULT now(),
    claimed_until timestamptz,
    CONSTRAINT dead_letters_pk PRIMARY KEY (durable, message_id)
  )`,
  'CREATE INDEX IF NOT EXISTS dead_letters_due_idx ON porta_kit.dead_letters (durable, next_replay_at)',
];

const MS = `* interval '1 millisecond'`;
/** A replay that has not finished within this time may be taken again (by this or another process). */
const CLAIM_MS = 10 * 60_000;
/** Letters taken per durable and round. */
const BATCH = 50;

export interface DeadLetter {
  durable: string;
  messageId: string;
  subject: string;
  payload: unknown;
  headers: Record<string, string>;
  /** Deliveries before it was parked. */
  deliveries: number;
  /** Replays tried since (all failed, or it would be gone). */
  replays: number;
  lastError: string | null;
  parkedAt: Date;
  nextReplayAt: Date;
}

interface Row {
  durable: string;
  message_id: string;
  subject: string;
  payload: unknown;
  headers: Record<string, string>;
  deliveries: number;
  replays: number;
  last_error: string | null;
  parked_at: string | Date;
  next_replay_at: string | Date;
}

function toLetter(row: Row): DeadLetter {
  return {
    durable: row.durable,
    messageId: row.message_id,
    subject: row.subject,
    payload: row.payload,
    headers: row.headers ?? {},
    deliveries: Number(row.deliveries),
    replays: Number(row.replays),
    lastError: row.last_error,
    parkedAt: new Date(row.parked_at),
    nextReplayAt: new Date(row.next_replay_at),
  };
}

/** The error as stored: one line, without the values of a failed statement (errorText). */
function describe(err: unknown): string {
  return errorText(err).slice(0, 2_000);
}

export interface DeadLetterOptions {
  /** The process's database (not closed by close()). */
  database: Database;
  logger?: Logger;
  /** How often parked letters are tried again (default 60 s). */
  replayIntervalMs?: number;
}

/** Which letters a list, replay or discard means: all, a durable's, or one. */
export interface DeadLetterFilter {
  durable?: string;
  messageId?: string;
}

function where(filter: DeadLetterFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.durable) {
    params.push(filter.durable);
    parts.push(`durable = $${params.length}`);
  }
  if (filter.messageId) {
    params.push(filter.messageId);
    parts.push(`message_id = $${params.length}`);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The stores of this process (one per runtime; tests make several), counted by the gauge. */
const open = new Set<DeadLetters>();

// Read when /metrics is scraped: the letters waiting now in every open store, per durable.
gauge('porta_dead_letters', 'Messages waiting in the dead-letter store', ['durable'], async (g) => {
  g.reset();
  for (const store of open) {
    try {
      for (const { durable, n } of await store.counts()) g.inc({ durable }, n);
    } catch {
      // Its database is away: the rest of the metrics are still worth reading.
    }
  }
});

export class DeadLetters {
  private readonly database: Database;
  private readonly logger: Logger;
  private readonly replayIntervalMs: number;
  private readonly handlers = new Map<string, MessageHandler<unknown>>();
  /** Durables asked to replay now (a live message was just handled), with when it was asked. */
  private readonly wanted = new Map<string, number>();
  private readonly lastWakeByDurable = new Map<string, number>();
  private ready: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private closed = false;
  private readonly parked = counter(
    'porta_dead_letters_parked_total',
    'Messages parked in the dead-letter store after their delivery budget',
    ['durable'],
  );
  private readonly replayed = counter(
    'porta_dead_letters_replayed_total',
    'Replays of parked messages, by outcome',
    ['durable', 'outcome'],
  );

  constructor(options: DeadLetterOptions) {
    this.database = options.database;
    this.logger = options.logger ?? silentLogger;
    this.replayIntervalMs = options.replayIntervalMs ?? 60_000;
    open.add(this);
  }

  /** Park a message its handler could not take (the bus acknowledges it once this resolves). */
  async park(durable: string, message: BusMessage<unknown>, error: unknown): Promise<void> {
    await this.ensureSchema();
    await this.database.query(
      `INSERT INTO porta_kit.dead_letters
         (durable, message_id, subject, payload, headers, deliveries, last_error, next_replay_at)
       VALUES ($1, $2, $3, ($4::text)::jsonb, ($5::text)::jsonb, $6, $7, now() + ($8::float8 ${MS}))
       ON CONFLICT (durable, message_id) DO UPDATE
         SET deliveries = porta_kit.dead_letters.deliveries + excluded.deliveries,
             last_error = excluded.last_error, claimed_until = NULL,
             next_replay_at = excluded.next_replay_at`,
      [
        durable,
        message.id,
        message.subject,
        JSON.stringify(message.data ?? null),
        JSON.stringify(message.headers ?? {}),
        message.attempt,
        describe(error),
        this.replayIntervalMs,
      ],
    );
    this.parked.inc({ durable });
    this.logger.error(
      {
        alert: 'dead-letter',
        durable,
        subject: message.subject,
        msgId: message.id,
        deliveries: message.attempt,
        err: error,
      },
      'message parked in the dead-letter store after its delivery budget; it is replayed when its handler works again',
    );
  }

  /**
   * Replay a durable's parked letters to this handler, here (a process that consumes the durable
   * calls this when it subscribes). Returns the detach function.
   */
  attach(durable: string, handler: MessageHandler<unknown>): () => void {
    this.handlers.set(durable, handler);
    this.start();
    return () => {
      if (this.handlers.get(durable) === handler) this.handlers.delete(durable);
    };
  }

  /**
   * A live message of the durable was handled: whatever it parked is likely to work now. Replays
   * its letters in the next moment, whatever their wait (at most once per replay interval).
   */
  handled(durable: string): void {
    if (!this.handlers.has(durable) || this.closed) return;
    const now = Date.now();
    const last = this.lastWakeByDurable.get(durable) ?? 0;
    if (now - last < this.replayIntervalMs) return;
    this.lastWakeByDurable.set(durable, now);
    this.wanted.set(durable, now);
    this.schedule(0);
  }

  async list(filter: DeadLetterFilter = {}, limit = 100): Promise<DeadLetter[]> {
    await this.ensureSchema();
    const w = where(filter);
    const rows = await this.database.query<Row>(
      `SELECT * FROM porta_kit.dead_letters ${w.sql} ORDER BY parked_at, message_id LIMIT ${Math.max(1, Math.floor(limit))}`,
      w.params,
    );
    return rows.map(toLetter);
  }

  /** Letters waiting per durable. */
  async counts(): Promise<{ durable: string; n: number }[]> {
    await this.ensureSchema();
    const rows = await this.database.query<{ durable: string; n: string | number }>(
      'SELECT durable, count(*) AS n FROM porta_kit.dead_letters GROUP BY durable ORDER BY durable',
    );
    return rows.map((r) => ({ durable: r.durable, n: Number(r.n) }));
  }

  /** Make letters due now: the process consuming their durable replays them within its interval. */
  async replayNow(filter: DeadLetterFilter = {}): Promise<number> {
    await this.ensureSchema();
    const w = where(filter);
    const rows = await this.database.query(
      `UPDATE porta_kit.dead_letters SET next_replay_at = now(), claimed_until = NULL ${w.sql} RETURNING message_id`,
      w.params,
    );
    for (const durable of this.handlers.keys())
      if (!filter.durable || filter.durable === durable) this.wanted.set(durable, Date.now());
    this.schedule(0);
    return rows.length;
  }

  /** Remove letters for good (an operator decided they are not to be handled). */
  async discard(filter: DeadLetterFilter): Promise<number> {
    if (!filter.durable && !filter.messageId) throw new Error('discard needs a durable or a message id');
    await this.ensureSchema();
    const w = where(filter);
    const rows = await this.database.query(
      `DELETE FROM porta_kit.dead_letters ${w.sql} RETURNING message_id`,
      w.params,
    );
    if (rows.length) this.logger.warn({ ...filter, discarded: rows.length }, 'dead letters discarded');
    return rows.length;
  }

  /** One replay round over the durables consumed here (tests; a started store runs rounds itself). */
  replayDue(): Promise<void> {
    this.round ??= this.runRound().finally(() => {
      this.round = undefined;
    });
    return this.round;
  }

  /** Stop replaying and wait for the round in progress. */
  async close(): Promise<void> {
    this.closed = true;
    open.delete(this);
    clearTimeout(this.timer);
    await this.round;
  }

  private start() {
    if (this.timer || this.closed) return;
    this.schedule(this.replayIntervalMs);
  }

  private schedule(delayMs: number) {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.replayDue().finally(() => {
        if (!this.closed && this.handlers.size > 0)
          this.schedule(this.wanted.size ? 0 : this.replayIntervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private ensureSchema(): Promise<void> {
    this.ready ??= (async () => {
      for (const statement of SCHEMA_SQL) await this.database.query(statement);
    })().catch((err: unknown) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  private async runRound(): Promise<void> {
    if (this.closed) return;
    const wanted = new Set(this.wanted.keys());
    this.wanted.clear();
    for (const [durable, handler] of this.handlers) {
      if (this.closed) return;
      try {
        await this.replayDurable(durable, handler, wanted.has(durable));
      } catch (err) {
        this.logger.warn({ err, durable }, 'dead-letter replay round failed; tried again later');
      }
    }
  }

  /**
   * Replay a durable's due letters (every letter when `everything`), those tried least often
   * first. The first failure ends the round for the durable: its dependency is most likely still
   * away, and one try a round is enough to find out. A letter that fails comes after the others
   * next time, so a letter that can never be handled does not hold them up.
   */
  private async replayDurable(durable: string, handler: MessageHandler<unknown>, everything: boolean) {
    await this.ensureSchema();
    const claimed = await this.database.query<Row>(
      `UPDATE porta_kit.dead_letters SET claimed_until = now() + ($3::float8 ${MS})
       WHERE (durable, message_id) IN (
         SELECT durable, message_id FROM porta_kit.dead_letters
         WHERE durable = $1 AND (claimed_until IS NULL OR claimed_until < now())
           AND ($2::boolean OR next_replay_at <= now())
         ORDER BY replays, next_replay_at, parked_at, message_id LIMIT ${BATCH}
         FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [durable, everything, CLAIM_MS],
    );
    const letters = claimed
      .map(toLetter)
      .sort(
        (a, b) =>
          a.replays - b.replays ||
          a.nextReplayAt.getTime() - b.nextReplayAt.getTime() ||
          a.parkedAt.getTime() - b.parkedAt.getTime(),
      );
    let handled = 0;
    for (const letter of letters) {
      if (this.closed || handled < 0) {
        await this.release(letter);
        continue;
      }
      const message: BusMessage<unknown> = {
        id: letter.messageId,
        subject: letter.subject,
        data: letter.payload,
        headers: letter.headers,
        attempt: letter.deliveries + letter.replays + 1,
      };
      try {
        await handler(message);
      } catch (err) {
        handled = -1;
        const waitMs = this.replayIntervalMs;
        await this.database.query(
          `UPDATE porta_kit.dead_letters
           SET replays = replays + 1, last_error = $3, claimed_until = NULL,
               next_replay_at = now() + ($4::float8 ${MS})
           WHERE durable = $1 AND message_id = $2`,
          [durable, letter.messageId, describe(err), waitMs],
        );
        this.replayed.inc({ durable, outcome: 'failed' });
        this.logger.warn(
          {
            durable,
            subject: letter.subject,
            msgId: letter.messageId,
            replays: letter.replays + 1,
            waitMs,
            err,
          },
          'dead letter replay failed; kept',
        );
        continue;
      }
      handled += 1;
      await this.database.query('DELETE FROM porta_kit.dead_letters WHERE durable = $1 AND message_id = $2', [
        durable,
        letter.messageId,
      ]);
      this.replayed.inc({ durable, outcome: 'handled' });
      this.logger.info(
        { durable, subject: letter.subject, msgId: letter.messageId, replays: letter.replays + 1 },
        'dead letter replayed and handled',
      );
    }
    // A full batch that went through may have more behind it.
    if (handled === BATCH && !this.closed) this.wanted.set(durable, Date.now());
  }

  private async release(letter: DeadLetter) {
    await this.database.query(
      'UPDATE porta_kit.dead_letters SET claimed_until = NULL WHERE durable = $1 AND message_id = $2',
      [letter.durable, letter.messageId],
    );
  }
}
