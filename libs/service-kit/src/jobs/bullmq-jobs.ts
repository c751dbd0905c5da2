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
}

/** What a job carries in Redis: the payload as enqueued and the enqueuer's trace headers. */
interface JobData {
  payload: unknown;
  trace?: Record<string, string>;
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
 */
export class BullJobs implements Jobs {
  readonly kind = 'bullmq' as const;
  private readonly logger: Logger;
  private readonly connection: Redis;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private started = false;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: BullJobsOptions) {
    this.logger = options.logger ?? silentLogger;
    this.connection = new Redis(options.url, { maxRetriesPerRequest: null, connectionName: 'porta-jobs' });
    this.connection.on('error', (err) => this.logger.error({ err }, 'Redis connection error'));
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
    const data: JobData = { payload };
    try {
      await this.queue(definition.name).upsertJobScheduler(
        encodeJobId(options.key),
        { every: Math.round(options.everyMs) },
        { name: definition.name, data, opts: this.jobOptions(def) },
      );
    } catch (err) {
      this.logger.error({ err, job: definition.name, key: options.key }, 'repeat registration failed');
      throw err;
    }
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

function validate(definition: JobDefinition, payload: unknown) {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayloadError(definition.name, parsed.error.issues);
}
