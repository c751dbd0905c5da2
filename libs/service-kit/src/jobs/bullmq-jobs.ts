import { type Job, type JobsOptions, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import { silentLogger } from '../bus/logger.js';
import type { Logger } from '../bus/types.js';
import { injectTraceHeaders, inSpan, SpanKind } from '../telemetry/tracing.js';
import {
  COMPLETED_JOB_RETENTION_MS,
  FAILED_JOB_RETENTION_MS,
  InvalidJobPayloadError,
  jobSettings,
} from './defaults.js';
import type { EnqueueOptions, JobDefinition, Jobs, RepeatOptions } from './types.js';

export interface BullJobsOptions {
  /** redis:// or rediss:// */
  url: string;
  logger?: Logger;
  /** BullMQ key prefix (default `bull`). */
  prefix?: string;
  /**
   * How often the repeats registered here are looked for in Redis, and registered again when
   * missing (default {@link SCHEDULE_CHECK_MS}).
   */
  scheduleCheckMs?: number;
}

/**
 * How often the job schedulers are checked: a Redis emptied without dropping the connection
 * (FLUSHALL, a failover to an empty replica behind a proxy) has its repeats back within this time.
 */
export const SCHEDULE_CHECK_MS = 30_000;

/** What a job carries in Redis: the payload as enqueued and the enqueuer's trace headers. */
interface JobData {
  payload: unknown;
  trace?: Record<string, string>;
}

/** A repeat as it was registered, kept so that it can be registered again. */
interface Schedule {
  definition: JobDefinition;
  key: string;
  everyMs: number;
  data: JobData;
}

/** The BullMQ queue of a job name: `porta-<name>`, with characters BullMQ refuses replaced. */
export function queueNameOf(jobName: string): string {
  return `porta-${jobName.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}

/**
 * BullMQ refuses ':' in custom job ids and ids that read as integers; encode reversibly:
 * '%' → '%25', ':' → '%3A', and an integer-looking result gets the prefix '%i'.
 */
export function encodeJobId(jobId: string): string {
  const escaped = jobId.replaceAll('%', '%25').replaceAll(':', '%3A');
  return `${Number.parseInt(escaped, 10)}` === escaped ? `%i${escaped}` : escaped;
}

export function decodeJobId(encoded: string): string {
  const body = encoded.startsWith('%i') ? encoded.slice(2) : encoded;
  return body.replace(/%(25|3A)/g, (_, code: string) => (code === '25' ? '%' : ':'));
}

/**
 * Jobs on BullMQ (Redis): a queue and a worker per job name, deterministic job ids, attempts
 * with exponential backoff, delays, repeats through job schedulers, and finished jobs removed
 * after 24 h (completed) or 7 days (failed).
 *
 * Job schedulers live only in Redis, so a Redis that comes back empty (restarted without
 * persistence, failed over to an empty replica, flushed) would lose every repeat until the
 * service restarted. BullJobs therefore keeps the repeats it was given and registers them again
 * whenever its connection is ready after having been lost, and every {@link SCHEDULE_CHECK_MS}
 * registers again those it does not find in Redis. Registering again is an upsert: a scheduler
 * that is still there keeps its next run.
 */
export class BullJobs implements Jobs {
  readonly kind = 'bullmq' as const;
  private readonly logger: Logger;
  private readonly connection: Redis;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  /** The repeats registered here, by job name and key; the latest registration of each. */
  private readonly schedules = new Map<string, Schedule>();
  private scheduleCheck: NodeJS.Timeout | undefined;
  private checkingSchedules = false;
  private connectedBefore = false;
  private started = false;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: BullJobsOptions) {
    this.logger = options.logger ?? silentLogger;
    this.connection = new Redis(options.url, { maxRetriesPerRequest: null, connectionName: 'porta-jobs' });
    this.connection.on('error', (err) => this.logger.error({ err }, 'Redis connection error'));
    // ioredis says 'ready' on the first connect and again after every reconnect.
    this.connection.on('ready', () => {
      if (this.connectedBefore) this.registerAgainOnReconnect();
      this.connectedBefore = true;
    });
  }

  register(definition: JobDefinition): void {
    if (this.definitions.has(definition.name) && this.definitions.get(definition.name) !== definition) {
      throw new Error(`job ${definition.name} is registered twice`);
    }
    this.definitions.set(definition.name, definition);
    if (this.started) this.startWorker(definition);
  }

  async enqueue<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.infer<S>,
    options: EnqueueOptions,
  ): Promise<void> {
    this.assertOpen();
    const def = definition as unknown as JobDefinition;
    validate(def, payload);
    if (!options.jobId) throw new Error(`job ${definition.name} needs a jobId`);
    const data: JobData = { payload, trace: injectTraceHeaders() };
    try {
      await this.queue(definition.name).add(definition.name, data, {
        ...this.jobOptions(def),
        jobId: encodeJobId(options.jobId),
        ...(options.delayMs ? { delay: Math.max(0, options.delayMs) } : {}),
      });
    } catch (err) {
      this.logger.error({ err, job: definition.name, jobId: options.jobId }, 'enqueue failed');
      throw err;
    }
  }

  async repeat<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.infer<S>,
    options: RepeatOptions,
  ): Promise<void> {
    this.assertOpen();
    const def = definition as unknown as JobDefinition;
    validate(def, payload);
    if (!(options.everyMs >= 1)) throw new Error(`repeat of ${definition.name} needs everyMs >= 1`);
    const schedule: Schedule = {
      definition: def,
      key: options.key,
      everyMs: Math.round(options.everyMs),
      data: { payload },
    };
    // Kept before it is sent, so that a registration again on reconnect that runs meanwhile
    // sends this one and not an older one of the same key.
    const id = scheduleId(schedule);
    this.schedules.set(id, schedule);
    try {
      await this.upsertSchedule(schedule);
    } catch (err) {
      if (this.schedules.get(id) === schedule) this.schedules.delete(id);
      this.logger.error({ err, job: definition.name, key: options.key }, 'repeat registration failed');
      throw err;
    }
    this.startScheduleCheck();
  }

  async start(): Promise<void> {
    this.assertOpen();
    if (this.started) return;
    this.started = true;
    for (const definition of this.definitions.values()) this.startWorker(definition);
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
    this.logger.info({ jobs: [...this.definitions.keys()] }, 'BullMQ workers started');
  }

  /** Close workers (waiting for running jobs), then queues, then the Redis connection. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearInterval(this.scheduleCheck);
      const report = (what: string) => (r: PromiseSettledResult<unknown>) => {
        if (r.status === 'rejected') this.logger.error({ err: r.reason }, `${what} close failed`);
      };
      (await Promise.allSettled(this.workers.map((w) => w.close()))).forEach(report('worker'));
      (await Promise.allSettled([...this.queues.values()].map((q) => q.close()))).forEach(report('queue'));
      try {
        await this.connection.quit();
      } catch (err) {
        this.logger.warn({ err }, 'Redis quit failed; disconnecting');
        this.connection.disconnect();
      }
      this.logger.info({}, 'BullMQ jobs closed');
    })();
    return this.closing;
  }

  private upsertSchedule(schedule: Schedule): Promise<unknown> {
    const { definition } = schedule;
    return this.queue(definition.name).upsertJobScheduler(
      encodeJobId(schedule.key),
      { every: schedule.everyMs },
      { name: definition.name, data: schedule.data, opts: this.jobOptions(definition) },
    );
  }

  /**
   * Register the given repeats again (those not replaced meanwhile by a newer registration),
   * each on its own: one that fails is logged and left to the next check. Answers the keys of
   * those registered.
   */
  private async registerAgain(schedules: Schedule[]): Promise<string[]> {
    const current = schedules.filter((schedule) => this.schedules.get(scheduleId(schedule)) === schedule);
    const results = await Promise.allSettled(current.map((schedule) => this.upsertSchedule(schedule)));
    const registered: string[] = [];
    results.forEach((result, i) => {
      const { definition, key } = current[i] as Schedule;
      if (result.status === 'fulfilled') registered.push(key);
      else if (!this.closing) {
        this.logger.error({ err: result.reason, job: definition.name, key }, 'repeat registration failed');
      }
    });
    return registered;
  }

  /** The connection is back after a loss: Redis may have come back without the schedulers. */
  private registerAgainOnReconnect() {
    if (this.closing || this.schedules.size === 0) return;
    void this.registerAgain([...this.schedules.values()]).then((keys) => {
      if (keys.length) {
        this.logger.info({ schedules: keys }, 'job schedules registered again after Redis reconnected');
      }
    });
  }

  /** From the first repeat on: look for the schedulers every so often (never keeps the process up). */
  private startScheduleCheck() {
    if (this.scheduleCheck || this.closing) return;
    this.scheduleCheck = setInterval(
      () => void this.checkSchedules(),
      this.options.scheduleCheckMs ?? SCHEDULE_CHECK_MS,
    );
    this.scheduleCheck.unref();
  }

  /**
   * Register again the repeats whose scheduler Redis no longer holds. Skipped while the
   * connection is down (the reconnect registers them all) and while a check still runs.
   */
  private async checkSchedules() {
    if (this.checkingSchedules || this.closing || this.connection.status !== 'ready') return;
    this.checkingSchedules = true;
    try {
      const missing: Schedule[] = [];
      for (const schedule of this.schedules.values()) {
        const queue = this.queue(schedule.definition.name);
        if (!(await queue.getJobScheduler(encodeJobId(schedule.key)))) missing.push(schedule);
      }
      if (missing.length === 0) return;
      const keys = await this.registerAgain(missing);
      if (keys.length)
        this.logger.warn({ schedules: keys }, 'job schedules were missing in Redis; registered again');
    } catch (err) {
      if (!this.closing) this.logger.warn({ err }, 'checking the job schedules failed');
    } finally {
      this.checkingSchedules = false;
    }
  }

  private assertOpen() {
    if (this.closing) throw new Error('the job runner is closed');
  }

  private jobOptions(definition: JobDefinition): JobsOptions {
    const settings = jobSettings(definition);
    return {
      attempts: settings.attempts,
      backoff: { type: 'exponential', delay: settings.backoffMs },
      removeOnComplete: { age: COMPLETED_JOB_RETENTION_MS / 1000 },
      removeOnFail: { age: FAILED_JOB_RETENTION_MS / 1000 },
    };
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(queueNameOf(name), { connection: this.connection, prefix: this.options.prefix });
      queue.on('error', (err) => this.logger.error({ err, job: name }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private startWorker(definition: JobDefinition) {
    const settings = jobSettings(definition);
    const worker = new Worker(queueNameOf(definition.name), (job: Job) => this.process(definition, job), {
      connection: this.connection,
      prefix: this.options.prefix,
      concurrency: settings.concurrency,
    });
    worker.on('error', (err) => this.logger.error({ err, job: definition.name }, 'worker error'));
    worker.on('failed', (job, err) => {
      if (!job) return;
      const context = {
        err,
        job: definition.name,
        jobId: decodeJobId(job.id ?? ''),
        attempt: job.attemptsMade,
      };
      if (err instanceof UnrecoverableError || job.attemptsMade >= settings.attempts) {
        this.logger.error(context, 'job failed for good');
      } else {
        this.logger.warn(context, 'job failed; retrying');
      }
    });
    this.workers.push(worker);
  }

  private process(definition: JobDefinition, job: Job): Promise<void> {
    const data = (job.data ?? {}) as JobData;
    const jobId = decodeJobId(job.id ?? '');
    const attempt = job.attemptsMade + 1;
    return inSpan(
      `job ${definition.name}`,
      {
        kind: SpanKind.CONSUMER,
        parentHeaders: data.trace ?? {},
        attributes: {
          'porta.job.name': definition.name,
          'porta.job.id': jobId,
          'porta.job.attempt': attempt,
        },
      },
      async () => {
        const parsed = definition.payload.safeParse(data.payload);
        if (!parsed.success) {
          this.logger.error(
            { job: definition.name, jobId, issues: parsed.error.issues },
            'invalid job payload',
          );
          throw new UnrecoverableError(`invalid payload for job ${definition.name}`);
        }
        await definition.handler(parsed.data, { jobId, attempt });
      },
    );
  }
}

function scheduleId(schedule: Schedule): string {
  return `${schedule.definition.name}\n${schedule.key}`;
}

function validate(definition: JobDefinition, payload: unknown) {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayloadError(definition.name, parsed.error.issues);
}
