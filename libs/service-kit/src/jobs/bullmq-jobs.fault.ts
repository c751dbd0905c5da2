import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Logger } from '../bus/types.js';
import { sleep } from '../testing/distributed.js';
import { type OwnServer, startRedisServer } from '../testing/servers.js';
import { until } from '../testing/until.js';
import { BullJobs } from './bullmq-jobs.js';
import { defineJob } from './types.js';

/*
 * Issue 15, point 4: recurring jobs must come back when Redis loses them. A Redis of the test's
 * own (nothing on disk) is killed and started again empty, or emptied by FLUSHALL while the
 * connection stays up; the repeat must run again well within the minute the issue allows.
 */

/** A logger that keeps every line's message (and shows warnings and errors). */
function keepingLogger(name: string): Logger & { messages: string[] } {
  const messages: string[] = [];
  const keep = (show: boolean) => (obj: object, msg?: string) => {
    messages.push(msg ?? '');
    if (show) {
      const err = (obj as { err?: unknown }).err;
      console.warn(`[${name}] ${msg ?? ''}${err instanceof Error ? ` (${err.message})` : ''}`);
    }
  };
  return { messages, debug() {}, info: keep(false), warn: keep(true), error: keep(true) };
}

/** A repeating job and a one-off job that note when they ran. */
function jobsOf(test: string) {
  const ticks: number[] = [];
  const tick = defineJob({
    name: `fault-${test}.tick`,
    payload: z.object({}),
    handler: async () => void ticks.push(Date.now()),
  });
  const once: string[] = [];
  const one = defineJob({
    name: `fault-${test}.once`,
    payload: z.object({}),
    handler: async (_payload, context) => void once.push(context.jobId),
  });
  return { tick, ticks, one, once };
}

describe('BullJobs when Redis loses its job schedulers', () => {
  let redis: OwnServer;

  beforeAll(async () => {
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await redis?.dispose();
  });

  it('runs a repeat again soon after Redis restarted empty, and keeps its workers', async () => {
    const { tick, ticks, one, once } = jobsOf('restart');
    const logger = keepingLogger('restart');
    // The periodic check is left at its default (far longer than this test waits), so what
    // brings the repeat back here is the registration on reconnect.
    const jobs = new BullJobs({ url: redis.url, logger });
    jobs.register(tick);
    jobs.register(one);
    await jobs.start();
    try {
      await jobs.repeat(tick, {}, { key: 'tick', everyMs: 500 });
      await until(() => ticks.length >= 2, 10_000, 'the repeat to run twice');

      await redis.stop(true);
      await sleep(1_500);
      await redis.start();
      const backAt = Date.now();
      const since = () => ticks.filter((at) => at > backAt);

      await until(() => since().length >= 1, 30_000, 'the repeat to run after Redis came back');
      const tookMs = (since()[0] ?? 0) - backAt;
      console.log(
        `Redis restarted empty: the repeat ran again ${tookMs} ms after Redis accepted connections`,
      );
      expect(tookMs).toBeLessThan(10_000);
      expect(logger.messages).toContain('job schedules registered again after Redis reconnected');

      // It keeps repeating, and one-off jobs still run: the workers survived the outage.
      await until(() => since().length >= 3, 5_000, 'the repeat to keep running');
      await jobs.enqueue(one, {}, { jobId: 'after-restart' });
      await until(() => once.length === 1, 10_000, 'a one-off job to run after Redis came back');
      expect(once).toEqual(['after-restart']);
    } finally {
      await jobs.close();
    }
  });

  it('finds and registers again the schedulers a FLUSHALL removed while connected', async () => {
    const { tick, ticks } = jobsOf('flush');
    const logger = keepingLogger('flush');
    const jobs = new BullJobs({ url: redis.url, logger, scheduleCheckMs: 1_000 });
    jobs.register(tick);
    await jobs.start();
    const admin = new Redis(redis.url, { maxRetriesPerRequest: null });
    try {
      await jobs.repeat(tick, {}, { key: 'tick', everyMs: 500 });
      await until(() => ticks.length >= 2, 10_000, 'the repeat to run twice');
      // Checks that find their schedulers in place change nothing and say nothing.
      await sleep(2_500);
      expect(logger.messages).not.toContain('job schedules were missing in Redis; registered again');

      await admin.flushall();
      const flushedAt = Date.now();
      const since = () => ticks.filter((at) => at > flushedAt);
      // A run already under way when Redis was emptied may still finish; wait for a later one.
      await sleep(600);
      const settledAt = Date.now();
      await until(
        () => ticks.some((at) => at > settledAt),
        30_000,
        'the repeat to run after Redis was emptied',
      );
      const tookMs = (ticks.find((at) => at > settledAt) ?? 0) - flushedAt;
      console.log(`Redis emptied by FLUSHALL: the repeat ran again ${tookMs} ms later (checked every 1 s)`);
      expect(tookMs).toBeLessThan(5_000);
      expect(logger.messages).toContain('job schedules were missing in Redis; registered again');
      await until(() => since().length >= 3, 5_000, 'the repeat to keep running');
    } finally {
      await admin.quit();
      await jobs.close();
    }
  });
});
