import type { z } from 'zod';
import { silentLogger } from '../bus/logger.js';
import type { Logger } from '../bus/types.js';
import { type Database, pollPause } from '../db/database.js';
import { injectTraceHeaders, inSpan, SpanKind } from '../telemetry/tracing.js';
import {
  COMPLETED_JOB_RETENTION_MS,
  FAILED_JOB_RETENTION_MS,
  InvalidJobPayloadError,
  jobSettings,
  retryDelayMs,
} from './defaults.js';
import type { EnqueueOptions, JobDefinition, Jobs, RepeatOptions } from './types.js';

export interface LocalJobsOptions {
  /** Where jobs are kept (schema `porta_kit`); PGlite or PostgreSQL. Not closed by close(). */
  database: Database;
  logger?: Logger;
  /**
   * Longest pause between looks at the table (default 1 s; with PGlite SINGLE_WRITER_POLL_MS, as
   * this process is its only writer); enqueue and finished jobs wake it, and a round sleeps only
   * until the next job or schedule is due.
   */
  pollIntervalMs?: number;
  /** Jobs running at once in this process, all definitions together (default 8). */
  maxConcurrency?: number;
  /** A running job's lease, renewed while it runs; a job whose lease ran out is taken again. */
  lockMs?: number;
  cleanupIntervalMs?: number;
  completedRetentionMs?: number;
  failedRetentionMs?: number;
}

interface ClaimedJob {
  name: string;
  job_id: string;
  payload: unknown;
  trace: Record<string, string>;
  attempts_made: number;
  max_attempts: number;
  backoff_ms: number;
}

const SCHEMA_SQL = [
  'CREATE SCHEMA IF NOT EXISTS porta_kit',
  `CREATE TABLE IF NOT EXISTS porta_kit.jobs (
    name text NOT NULL,
    job_id text NOT NULL,
    payload jsonb NOT NULL,
    trace jsonb NOT NULL DEFAULT '{}'::jsonb,
    state text NOT NULL DEFAULT 'waiting',
    attempts_made integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL,
    backoff_ms integer NOT NULL,
    run_at timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    last_error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    CONSTRAINT jobs_pk PRIMARY KEY (name, job_id),
    CONSTRAINT jobs_state_check CHECK (state IN ('waiting', 'active', 'completed', 'failed'))
  )`,
  `CREATE INDEX IF NOT EXISTS jobs_due_idx ON porta_kit.jobs (name, run_at) WHERE state IN ('waiting', 'active')`,
  `CREATE INDEX IF NOT EXISTS jobs_finished_idx ON porta_kit.jobs (finished_at) WHERE finished_at IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS porta_kit.job_schedules (
    name text NOT NULL,
    key text NOT NULL,
    payload jsonb NOT NULL,
    every_ms bigint NOT NULL,
    max_attempts integer NOT NULL,
    backoff_ms integer NOT NULL,
    next_run_at timestamptz NOT NULL,
    CONSTRAINT job_schedules_pk PRIMARY KEY (name, key)
  )`,
];

const MS = `* interval '1 millisecond'`;

/**
 * The job runner of the embedded mode. Jobs live in the kit's own table `porta_kit.jobs` (PGlite
 * or PostgreSQL), so that delayed, waiting and repeating jobs survive a restart, finished jobs
 * keep their id for 24 h (a second enqueue of it does nothing), and several processes sharing a
 * PostgreSQL database share the work (jobs are taken with FOR UPDATE SKIP LOCKED under a
 * renewed lease). Handlers run in this process, under the trace context of the enqueuer.
 */
export class LocalJobs implements Jobs {
  readonly kind = 'local' as const;
  private readonly database: Database;
  private readonly logger: Logger;
  private readonly pollIntervalMs: number;
  private readonly maxConcurrency: number;
  private readonly lockMs: number;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly active = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private ready: Promise<void> | undefined;
  private started = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private cleanupTimer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private kicked = false;

  constructor(private readonly options: LocalJobsOptions) {
    this.database = options.database;
    this.logger = options.logger ?? silentLogger;
    // PGlite: this process is the only one that enqueues, and every enqueue wakes the runner.
    this.pollIntervalMs = options.pollIntervalMs ?? pollPause(options.database, 1_000);
    this.maxConcurrency = Math.max(1, options.maxConcurrency ?? 8);
    this.lockMs = options.lockMs ?? 5 * 60_000;
  }

  register(definition: JobDefinition): void {
    if (this.definitions.has(definition.name) && this.definitions.get(definition.name) !== definition) {
      throw new Error(`job ${definition.name} is registered twice`);
    }
    this.definitions.set(definition.name, definition);
    this.kick();
  }

  async enqueue<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.infer<S>,
    options: EnqueueOptions,
  ): Promise<void> {
    this.assertOpen();
    validate(definition, payload);
    if (!options.jobId) throw new Error(`job ${definition.name} needs a jobId`);
    await this.ensureSchema();
    const settings = jobSettings(definition as unknown as JobDefinition);
    const inserted = await this.database.query(
      `INSERT INTO porta_kit.jobs (name, job_id, payload, trace, max_attempts, backoff_ms, run_at)
       VALUES ($1, $2, ($3::text)::jsonb, ($4::text)::jsonb, $5, $6, now() + ($7::float8 ${MS}))
       ON CONFLICT (name, job_id) DO NOTHING
       RETURNING job_id`,
      [
        definition.name,
        options.jobId,
        JSON.stringify(payload ?? null),
        JSON.stringify(injectTraceHeaders()),
        settings.attempts,
        settings.backoffMs,
        Math.max(0, options.delayMs ?? 0),
      ],
    );
    if (inserted.length === 0) {
      this.logger.debug(
        { job: definition.name, jobId: options.jobId },
        'job already known; not enqueued again',
      );
      return;
    }
    // A delayed job too: the round notes when it is due and sleeps until then, not a whole poll.
    this.kick();
  }

  async repeat<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.infer<S>,
    options: RepeatOptions,
  ): Promise<void> {
    this.assertOpen();
    validate(definition, payload);
    if (!(options.everyMs >= 1)) throw new Error(`repeat of ${definition.name} needs everyMs >= 1`);
    await this.ensureSchema();
    const settings = jobSettings(definition as unknown as JobDefinition);
    // Registering the same schedule again keeps its rhythm; a new interval restarts it now.
    await this.database.query(
      `INSERT INTO porta_kit.job_schedules (name, key, payload, every_ms, max_attempts, backoff_ms, next_run_at)
       VALUES ($1, $2, ($3::text)::jsonb, $4, $5, $6, now())
       ON CONFLICT (name, key) DO UPDATE SET
         payload = excluded.payload,
         max_attempts = excluded.max_attempts,
         backoff_ms = excluded.backoff_ms,
         next_run_at = CASE WHEN porta_kit.job_schedules.every_ms = excluded.every_ms
                            THEN porta_kit.job_schedules.next_run_at ELSE now() END,
         every_ms = excluded.every_ms`,
      [
        definition.name,
        options.key,
        JSON.stringify(payload ?? null),
        Math.round(options.everyMs),
        settings.attempts,
        settings.backoffMs,
      ],
    );
    this.kick();
  }

  async start(): Promise<void> {
    this.assertOpen();
    if (this.started) return;
    await this.ensureSchema();
    if (this.database.kind === 'pglite') {
      // PGlite belongs to this one process: jobs left running belong to a process that is gone.
      const released = await this.database.query(
        `UPDATE porta_kit.jobs SET state = 'waiting', locked_until = NULL,
           attempts_made = greatest(attempts_made - 1, 0)
         WHERE state = 'active' RETURNING job_id`,
      );
      if (released.length > 0)
        this.logger.warn({ count: released.length }, 'interrupted jobs taken up again');
    }
    this.started = true;
    const cleanupIntervalMs = this.options.cleanupIntervalMs ?? 3600_000;
    this.cleanupTimer = setInterval(() => void this.cleanup(), cleanupIntervalMs);
    this.cleanupTimer.unref();
    await this.cleanup();
    this.logger.info({ jobs: [...this.definitions.keys()] }, 'job runner started');
    this.kick();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.cleanupTimer);
    await this.ticking;
    await Promise.allSettled([...this.running]);
    this.logger.info({}, 'job runner stopped');
  }

  /** Delete finished jobs older than their retention. */
  async cleanup(): Promise<number> {
    try {
      const removed = await this.database.query(
        `DELETE FROM porta_kit.jobs
         WHERE (state = 'completed' AND finished_at < now() - ($1::float8 ${MS}))
            OR (state = 'failed' AND finished_at < now() - ($2::float8 ${MS}))
         RETURNING job_id`,
        [
          this.options.completedRetentionMs ?? COMPLETED_JOB_RETENTION_MS,
          this.options.failedRetentionMs ?? FAILED_JOB_RETENTION_MS,
        ],
      );
      if (removed.length > 0) this.logger.info({ count: removed.length }, 'finished jobs cleaned up');
      return removed.length;
    } catch (err) {
      this.logger.error({ err }, 'job clean-up failed');
      return 0;
    }
  }

  private assertOpen() {
    if (this.closed) throw new Error('the job runner is closed');
  }

  private ensureSchema(): Promise<void> {
    this.ready ??= this.database
      .withAdvisoryLock('porta:kit:jobs-schema', async () => {
        for (const statement of SCHEMA_SQL) await this.database.query(statement);
      })
      .catch((err: unknown) => {
        this.ready = undefined;
        this.logger.error({ err }, 'job tables could not be created');
        throw err;
      });
    return this.ready;
  }

  private kick() {
    if (!this.started || this.closed) return;
    if (this.ticking) {
      this.kicked = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  private async tick() {
    if (this.closed || this.ticking) return;
    let nextInMs = this.pollIntervalMs;
    this.ticking = (async () => {
      try {
        nextInMs = Math.min(nextInMs, await this.round());
      } catch (err) {
        this.logger.error({ err }, 'job runner round failed');
      }
    })();
    await this.ticking;
    this.ticking = undefined;
    if (this.closed) return;
    if (this.kicked) {
      this.kicked = false;
      nextInMs = 0;
    }
    this.timer = setTimeout(() => void this.tick(), Math.max(0, nextInMs));
  }

  /** One look at the table: materialise due schedules, take due jobs; returns the next wake-up. */
  private async round(): Promise<number> {
    const names = [...this.definitions.keys()];
    if (names.length === 0) return this.pollIntervalMs;
    await this.materialiseSchedules(names);

    const due = await this.database.query<{ name: string; due_in_ms: number }>(
      `SELECT name, extract(epoch FROM (min(CASE WHEN state = 'waiting' THEN run_at ELSE locked_until END) - now())) * 1000 AS due_in_ms
       FROM porta_kit.jobs
       WHERE name = ANY($1::text[]) AND state IN ('waiting', 'active')
       GROUP BY name`,
      [names],
    );
    const nextSchedule = await this.database.query<{ due_in_ms: number | null }>(
      `SELECT extract(epoch FROM (min(next_run_at) - now())) * 1000 AS due_in_ms
       FROM porta_kit.job_schedules WHERE name = ANY($1::text[])`,
      [names],
    );
    let next = this.pollIntervalMs;
    const scheduleDue = Number(nextSchedule[0]?.due_in_ms ?? Number.POSITIVE_INFINITY);
    next = Math.min(next, Math.max(scheduleDue, 0) + 2);

    for (const row of due) {
      const dueInMs = Number(row.due_in_ms);
      if (dueInMs > 0) {
        next = Math.min(next, dueInMs + 2);
        continue;
      }
      const definition = this.definitions.get(row.name);
      if (!definition) continue;
      const free = Math.min(
        jobSettings(definition).concurrency - (this.active.get(row.name) ?? 0),
        this.maxConcurrency - this.running.size,
      );
      if (free <= 0) continue;
      const claimed = await this.claim(row.name, free);
      for (const job of claimed) this.run(definition, job);
      // More may be due than we took; look again soon.
      if (claimed.length === free) next = Math.min(next, this.pollIntervalMs);
    }
    return next;
  }

  private async materialiseSchedules(names: string[]) {
    const created = await this.database.query<{ job_id: string }>(
      `WITH due AS (
         SELECT name, key, next_run_at FROM porta_kit.job_schedules
         WHERE name = ANY($1::text[]) AND next_run_at <= now()
         FOR UPDATE SKIP LOCKED
       ), advanced AS (
         UPDATE porta_kit.job_schedules s SET next_run_at =
           CASE WHEN s.next_run_at + (s.every_ms::float8 ${MS}) > now()
                THEN s.next_run_at + (s.every_ms::float8 ${MS})
                ELSE now() + (s.every_ms::float8 ${MS}) END
         FROM due WHERE s.name = due.name AND s.key = due.key
         RETURNING s.name, s.key, s.payload, s.max_attempts, s.backoff_ms, due.next_run_at AS slot
       )
       INSERT INTO porta_kit.jobs (name, job_id, payload, max_attempts, backoff_ms, run_at)
       SELECT name, 'repeat:' || key || ':' || floor(extract(epoch FROM slot) * 1000)::bigint::text,
              payload, max_attempts, backoff_ms, now()
       FROM advanced
       ON CONFLICT (name, job_id) DO NOTHING
       RETURNING job_id`,
      [names],
    );
    if (created.length > 0) this.logger.debug({ jobs: created.map((c) => c.job_id) }, 'repeating jobs due');
  }

  private claim(name: string, limit: number): Promise<ClaimedJob[]> {
    return this.database.query<ClaimedJob>(
      `UPDATE porta_kit.jobs j
       SET state = 'active', attempts_made = j.attempts_made + 1, locked_until = now() + ($3::float8 ${MS})
       FROM (
         SELECT name, job_id FROM porta_kit.jobs
         WHERE name = $1
           AND ((state = 'waiting' AND run_at <= now()) OR (state = 'active' AND locked_until < now()))
         ORDER BY run_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       ) due
       WHERE j.name = due.name AND j.job_id = due.job_id
       RETURNING j.name, j.job_id, j.payload, j.trace, j.attempts_made, j.max_attempts, j.backoff_ms`,
      [name, limit, this.lockMs],
    );
  }

  private run(definition: JobDefinition, job: ClaimedJob) {
    const context = { job: job.name, jobId: job.job_id, attempt: job.attempts_made };
    this.active.set(job.name, (this.active.get(job.name) ?? 0) + 1);
    const lease = setInterval(
      () => {
        this.database
          .query(
            `UPDATE porta_kit.jobs SET locked_until = now() + ($3::float8 ${MS})
             WHERE name = $1 AND job_id = $2 AND state = 'active'`,
            [job.name, job.job_id, this.lockMs],
          )
          .catch((err: unknown) => this.logger.warn({ ...context, err }, 'job lease renewal failed'));
      },
      Math.max(1_000, this.lockMs / 2),
    );
    lease.unref();

    const execution = inSpan(
      `job ${job.name}`,
      {
        kind: SpanKind.CONSUMER,
        parentHeaders: job.trace ?? {},
        attributes: {
          'porta.job.name': job.name,
          'porta.job.id': job.job_id,
          'porta.job.attempt': job.attempts_made,
        },
      },
      async () => {
        const parsed = definition.payload.safeParse(job.payload);
        if (!parsed.success) throw new InvalidJobPayloadError(job.name, parsed.error.issues);
        await definition.handler(parsed.data, { jobId: job.job_id, attempt: job.attempts_made });
      },
    )
      .then(
        () => this.finish(job, context),
        (err: unknown) => this.fail(job, context, err),
      )
      .catch((err: unknown) => this.logger.error({ ...context, err }, 'job outcome could not be recorded'))
      .finally(() => {
        clearInterval(lease);
        this.active.set(job.name, (this.active.get(job.name) ?? 1) - 1);
        this.running.delete(execution);
        this.kick();
      });
    this.running.add(execution);
  }

  private async finish(job: ClaimedJob, context: object) {
    await this.database.query(
      `UPDATE porta_kit.jobs SET state = 'completed', finished_at = now(), locked_until = NULL, last_error = NULL
       WHERE name = $1 AND job_id = $2 AND attempts_made = $3`,
      [job.name, job.job_id, job.attempts_made],
    );
    this.logger.debug(context, 'job completed');
  }

  private async fail(job: ClaimedJob, context: object, err: unknown) {
    const message = err instanceof Error ? err.message : String(err);
    const final = err instanceof InvalidJobPayloadError || job.attempts_made >= job.max_attempts;
    if (final) {
      await this.database.query(
        `UPDATE porta_kit.jobs SET state = 'failed', finished_at = now(), locked_until = NULL, last_error = $4
         WHERE name = $1 AND job_id = $2 AND attempts_made = $3`,
        [job.name, job.job_id, job.attempts_made, message],
      );
      this.logger.error({ ...context, err, attempts: job.max_attempts }, 'job failed for good');
      return;
    }
    const delayMs = retryDelayMs(job.backoff_ms, job.attempts_made);
    await this.database.query(
      `UPDATE porta_kit.jobs SET state = 'waiting', locked_until = NULL, last_error = $4,
         run_at = now() + ($5::float8 ${MS})
       WHERE name = $1 AND job_id = $2 AND attempts_made = $3`,
      [job.name, job.job_id, job.attempts_made, message, delayMs],
    );
    this.logger.warn({ ...context, err, delayMs }, 'job failed; retrying');
  }
}

function validate(definition: JobDefinition, payload: unknown) {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayloadError(definition.name, parsed.error.issues);
}
