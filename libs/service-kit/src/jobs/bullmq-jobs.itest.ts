import { randomBytes } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTelemetry, type Telemetry } from '../telemetry/provider.js';
import { integrationServiceUrls, requireService } from '../testing/services.js';
import { until } from '../testing/until.js';
import { BullJobs, decodeJobId, encodeJobId, queueNameOf } from './bullmq-jobs.js';
import { defineJob, type JobDefinition } from './types.js';

/** How long this file's waits may take. */
const WAIT_MS = 20_000;

const urls = integrationServiceUrls();
const redisUp = await requireService('Redis', urls.REDIS_URL);
const run = randomBytes(4).toString('hex');
const nameOf = (job: string) => `it-${run}.${job}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('BullMQ job ids and queue names', () => {
  it.each(['letter:1:alice', '42', '-7', '%3A', 'a%b:c', 'plain', '%i12'])('encodes %j reversibly', (id) => {
    const encoded = encodeJobId(id);
    expect(encoded).not.toContain(':');
    expect(`${Number.parseInt(encoded, 10)}`).not.toBe(encoded);
    expect(decodeJobId(encoded)).toBe(id);
  });

  it('names queues without characters BullMQ refuses', () => {
    expect(queueNameOf('identity.purge-expired-sessions')).toBe('porta-identity.purge-expired-sessions');
    expect(queueNameOf('a:b c')).toBe('porta-a_b_c');
  });
});

describe.skipIf(!redisUp)('BullJobs on Redis', () => {
  let jobs: BullJobs;
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry;
  const definitions: JobDefinition[] = [];

  const flakyAttempts: number[] = [];
  const flaky = defineJob({
    name: nameOf('flaky'),
    payload: z.object({ n: z.number() }),
    attempts: 3,
    backoffMs: 100,
    handler: async (_payload, context) => {
      flakyAttempts.push(context.attempt);
      if (context.attempt < 3) throw new Error(`failure ${context.attempt}`);
    },
  });
  const onceRuns: string[] = [];
  const once = defineJob({
    name: nameOf('once'),
    payload: z.object({ v: z.string() }),
    handler: async (_payload, context) => void onceRuns.push(context.jobId),
  });
  let delayedAt = 0;
  const delayed = defineJob({
    name: nameOf('delayed'),
    payload: z.object({}),
    handler: async () => {
      delayedAt = Date.now();
    },
  });
  const repeats: number[] = [];
  const repeating = defineJob({
    name: nameOf('repeating'),
    payload: z.object({ v: z.number() }),
    handler: async (payload) => void repeats.push(payload.v),
  });
  let tracedIn: string | undefined;
  const traced = defineJob({
    name: nameOf('traced'),
    payload: z.object({}),
    handler: async () => {
      tracedIn = trace.getActiveSpan()?.spanContext().traceId;
    },
  });

  beforeAll(async () => {
    telemetry = startTelemetry({ serviceName: 'bullmq-itest', exporter });
    jobs = new BullJobs({ url: urls.REDIS_URL });
    for (const def of [flaky, once, delayed, repeating, traced] as JobDefinition[]) {
      definitions.push(def);
      jobs.register(def);
    }
    await jobs.start();
  });

  afterAll(async () => {
    await jobs?.close();
    const connection = new Redis(urls.REDIS_URL, { maxRetriesPerRequest: null });
    for (const def of definitions) {
      const queue = new Queue(queueNameOf(def.name), { connection });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await connection.quit();
    await telemetry?.shutdown();
  });

  it('retries a job that fails twice and succeeds on the third attempt (c)', async () => {
    await jobs.enqueue(flaky, { n: 1 }, { jobId: 'flaky:1' });
    await until(() => flakyAttempts.length === 3, WAIT_MS);
    await sleep(300);
    expect(flakyAttempts).toEqual([1, 2, 3]);
  });

  it('runs a job id once when enqueued twice, and not again after it completed (c)', async () => {
    await Promise.all([
      jobs.enqueue(once, { v: 'a' }, { jobId: 'letter:7:alice@example.test' }),
      jobs.enqueue(once, { v: 'a' }, { jobId: 'letter:7:alice@example.test' }),
    ]);
    await until(() => onceRuns.length === 1, WAIT_MS);
    await jobs.enqueue(once, { v: 'a' }, { jobId: 'letter:7:alice@example.test' });
    await sleep(500);
    expect(onceRuns).toEqual(['letter:7:alice@example.test']);
  });

  it('validates the payload on enqueue', async () => {
    await expect(jobs.enqueue(once, { v: 1 } as unknown as { v: string }, { jobId: 'bad' })).rejects.toThrow(
      /invalid payload/,
    );
  });

  it('runs a delayed job after its delay', async () => {
    const at = Date.now();
    await jobs.enqueue(delayed, {}, { jobId: 'd1', delayMs: 600 });
    await until(() => delayedAt > 0, WAIT_MS);
    expect(delayedAt - at).toBeGreaterThanOrEqual(590);
  });

  it('repeats through a job scheduler that re-registering replaces', async () => {
    await jobs.repeat(repeating, { v: 1 }, { key: 'tick:every', everyMs: 200 });
    await until(() => repeats.length >= 2, WAIT_MS);
    await jobs.repeat(repeating, { v: 2 }, { key: 'tick:every', everyMs: 200 });
    await until(() => repeats.includes(2), WAIT_MS);
    const connection = new Redis(urls.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(queueNameOf(repeating.name), { connection });
    expect(await queue.getJobSchedulersCount()).toBe(1);
    await queue.close();
    await connection.quit();
  });

  it('runs the job in a span under the enqueuer trace', async () => {
    let enqueuer = '';
    await trace.getTracer('itest').startActiveSpan('enqueuer', async (span) => {
      enqueuer = span.spanContext().traceId;
      await jobs.enqueue(traced, {}, { jobId: 't1' });
      span.end();
    });
    await until(() => tracedIn !== undefined, WAIT_MS);
    expect(tracedIn).toBe(enqueuer);
    await until(() => exporter.getFinishedSpans().some((s) => s.name === `job ${traced.name}`), WAIT_MS);
  });
});
