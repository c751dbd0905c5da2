import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../db/database.js';
import { until } from '../testing/until.js';
import { InvalidJobPayloadError } from './defaults.js';
import { createJobs } from './index.js';
import { LocalJobs } from './memory-jobs.js';
import { defineJob } from './types.js';

/** How long this file's waits may take. */
const WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: Database;
let jobs: LocalJobs | undefined;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.query('drop schema if exists porta_kit cascade');
});
afterEach(async () => {
  await jobs?.close();
  jobs = undefined;
});

describe('LocalJobs', () => {
  it('is what createJobs gives without REDIS_URL', async () => {
    const chosen = createJobs({}, database);
    expect(chosen).toBeInstanceOf(LocalJobs);
    expect(chosen.kind).toBe('local');
    await chosen.close();
  });

  it('retries with exponential backoff and succeeds on the third attempt', async () => {
    const attempts: { attempt: number; at: number }[] = [];
    const flaky = defineJob({
      name: 'test.flaky',
      payload: z.object({ n: z.number() }),
      attempts: 3,
      backoffMs: 40,
      handler: async (payload, context) => {
        expect(payload).toEqual({ n: 1 });
        attempts.push({ attempt: context.attempt, at: Date.now() });
        if (context.attempt < 3) throw new Error(`failure ${context.attempt}`);
      },
    });
    jobs = new LocalJobs({ database, pollIntervalMs: 1_000 });
    jobs.register(flaky);
    await jobs.start();
    await jobs.enqueue(flaky, { n: 1 }, { jobId: 'flaky:1' });
    await until(async () => (await state('test.flaky', 'flaky:1')) === 'completed', WAIT_MS);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(35);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(75);
  });

  it('gives up after the last attempt and keeps the job as failed', async () => {
    let calls = 0;
    const broken = defineJob({
      name: 'test.broken',
      payload: z.object({}),
      attempts: 2,
      backoffMs: 10,
      handler: async () => {
        calls += 1;
        throw new Error('always');
      },
    });
    jobs = new LocalJobs({ database });
    jobs.register(broken);
    await jobs.start();
    await jobs.enqueue(broken, {}, { jobId: 'b1' });
    await until(async () => (await state('test.broken', 'b1')) === 'failed', WAIT_MS);
    await sleep(100);
    expect(calls).toBe(2);
    const [row] = await database.query<{ last_error: string }>(
      `select last_error from porta_kit.jobs where job_id = 'b1'`,
    );
    expect(row?.last_error).toBe('always');
  });

  it('runs a job id once, also when enqueued again after it completed', async () => {
    let runs = 0;
    const once = defineJob({
      name: 'test.once',
      payload: z.object({ v: z.string() }),
      handler: async () => {
        runs += 1;
      },
    });
    jobs = new LocalJobs({ database });
    jobs.register(once);
    await jobs.start();
    await Promise.all([
      jobs.enqueue(once, { v: 'a' }, { jobId: 'letter:1:alice' }),
      jobs.enqueue(once, { v: 'a' }, { jobId: 'letter:1:alice' }),
    ]);
    await until(async () => (await state('test.once', 'letter:1:alice')) === 'completed', WAIT_MS);
    await jobs.enqueue(once, { v: 'a' }, { jobId: 'letter:1:alice' });
    await sleep(200);
    expect(runs).toBe(1);
  });

  it('cleans completed jobs after the retention, freeing their id', async () => {
    let runs = 0;
    const def = defineJob({ name: 'test.retention', payload: z.null(), handler: async () => void runs++ });
    jobs = new LocalJobs({ database, completedRetentionMs: 50 });
    jobs.register(def);
    await jobs.start();
    await jobs.enqueue(def, null, { jobId: 'r1' });
    await until(async () => (await state('test.retention', 'r1')) === 'completed', WAIT_MS);
    await sleep(80);
    expect(await jobs.cleanup()).toBe(1);
    await jobs.enqueue(def, null, { jobId: 'r1' });
    await until(() => runs === 2, WAIT_MS);
  });

  it('runs a delayed job after its delay', async () => {
    let ranAt = 0;
    const def = defineJob({
      name: 'test.delayed',
      payload: z.object({}),
      handler: async () => {
        ranAt = Date.now();
      },
    });
    // The default pause with PGlite (30 s): the runner wakes for the job's time, not by polling.
    jobs = new LocalJobs({ database });
    jobs.register(def);
    await jobs.start();
    await sleep(100);
    const enqueuedAt = Date.now();
    await jobs.enqueue(def, {}, { jobId: 'd1', delayMs: 300 });
    await sleep(150);
    expect(ranAt).toBe(0);
    await until(() => ranAt > 0, 3_000);
    expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(290);
    expect(ranAt - enqueuedAt).toBeLessThan(1_500);
  });

  it('repeats on a schedule, and re-registering a key replaces its schedule', async () => {
    const seen: { v: number; jobId: string }[] = [];
    const def = defineJob({
      name: 'test.repeat',
      payload: z.object({ v: z.number() }),
      handler: async (payload, context) => void seen.push({ v: payload.v, jobId: context.jobId }),
    });
    jobs = new LocalJobs({ database, pollIntervalMs: 5_000 });
    jobs.register(def);
    await jobs.start();
    await jobs.repeat(def, { v: 1 }, { key: 'tick', everyMs: 100 });
    await until(() => seen.length >= 3, 5_000);
    await jobs.repeat(def, { v: 2 }, { key: 'tick', everyMs: 100 });
    await until(() => seen.some((s) => s.v === 2), 5_000);
    const count = seen.length;
    await sleep(350);
    // About one run per 100 ms: not a burst of catch-up runs, not stalled.
    expect(seen.length - count).toBeGreaterThanOrEqual(1);
    expect(seen.length - count).toBeLessThanOrEqual(6);
    expect(seen.at(-1)?.v).toBe(2);
    expect(new Set(seen.map((s) => s.jobId)).size).toBe(seen.length);
    const schedules = await database.query('select key from porta_kit.job_schedules');
    expect(schedules).toEqual([{ key: 'tick' }]);
  });

  it('validates payloads on enqueue and before running', async () => {
    let runs = 0;
    const def = defineJob({
      name: 'test.validated',
      payload: z.object({ email: z.email() }),
      handler: async () => void runs++,
    });
    jobs = new LocalJobs({ database });
    jobs.register(def);
    await jobs.start();
    await expect(jobs.enqueue(def, { email: 'nope' }, { jobId: 'v1' })).rejects.toBeInstanceOf(
      InvalidJobPayloadError,
    );
    // A row written by an older version with another shape fails without retries.
    await database.query(
      `insert into porta_kit.jobs (name, job_id, payload, max_attempts, backoff_ms) values ('test.validated', 'v2', '{"mail":"x"}', 5, 10)`,
    );
    jobs.register(def);
    await until(async () => (await state('test.validated', 'v2')) === 'failed', WAIT_MS);
    expect(runs).toBe(0);
  });

  it('keeps to the concurrency limit of a definition', async () => {
    let running = 0;
    let peak = 0;
    const def = defineJob({
      name: 'test.concurrency',
      payload: z.object({ i: z.number() }),
      concurrency: 2,
      handler: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(40);
        running -= 1;
      },
    });
    jobs = new LocalJobs({ database });
    jobs.register(def);
    await jobs.start();
    for (let i = 0; i < 8; i++) await jobs.enqueue(def, { i }, { jobId: `c${i}` });
    await until(async () => {
      const rows = await database.query(`select 1 from porta_kit.jobs where state = 'completed'`);
      return rows.length === 8;
    }, WAIT_MS);
    expect(peak).toBe(2);
  });

  it('waits for running handlers on close', async () => {
    let finished = false;
    let started = false;
    const def = defineJob({
      name: 'test.closing',
      payload: z.object({}),
      handler: async () => {
        started = true;
        await sleep(150);
        finished = true;
      },
    });
    jobs = new LocalJobs({ database });
    jobs.register(def);
    await jobs.start();
    await jobs.enqueue(def, {}, { jobId: 'x' });
    await until(() => started, WAIT_MS);
    await jobs.close();
    expect(finished).toBe(true);
    expect(await state('test.closing', 'x')).toBe('completed');
  });
});

describe('LocalJobs on a PGlite data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'porta-jobs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps delayed and interrupted jobs across a restart', async () => {
    const ran: string[] = [];
    let release: () => void = () => undefined;
    const def = defineJob({
      name: 'test.durable',
      payload: z.object({ id: z.string() }),
      handler: async (payload) => {
        if (payload.id === 'stuck' && ran.length === 0) {
          ran.push('stuck-started');
          await new Promise<void>((r) => {
            release = r;
          });
          throw new Error('interrupted');
        }
        ran.push(payload.id);
      },
    });

    const first = await openDatabase({ dataDir: dir });
    const runner = new LocalJobs({ database: first });
    runner.register(def);
    await runner.start();
    await runner.enqueue(def, { id: 'later' }, { jobId: 'later', delayMs: 1_500 });
    await runner.enqueue(def, { id: 'stuck' }, { jobId: 'stuck' });
    await until(() => ran.includes('stuck-started'), WAIT_MS);
    // Simulate a crash: the job is still marked running when the process goes away.
    await first.query(`update porta_kit.jobs set state = 'active' where job_id = 'stuck'`);
    release();
    await runner.close();
    await first.query(`update porta_kit.jobs set state = 'active', attempts_made = 1 where job_id = 'stuck'`);
    await first.close();
    expect(ran).toEqual(['stuck-started']);

    const second = await openDatabase({ dataDir: dir });
    jobs = new LocalJobs({ database: second, pollIntervalMs: 200 });
    jobs.register(def);
    await jobs.start();
    await until(() => ran.includes('stuck') && ran.includes('later'), 15_000);
    await jobs.close();
    jobs = undefined;
    const rows = await second.query<{ job_id: string; state: string; attempts_made: number }>(
      'select job_id, state, attempts_made from porta_kit.jobs order by job_id',
    );
    expect(rows).toEqual([
      { job_id: 'later', state: 'completed', attempts_made: 1 },
      { job_id: 'stuck', state: 'completed', attempts_made: 1 },
    ]);
    await second.close();
  });
});

async function state(name: string, jobId: string): Promise<string | undefined> {
  const rows = await database.query<{ state: string }>(
    'select state from porta_kit.jobs where name = $1 and job_id = $2',
    [name, jobId],
  );
  return rows[0]?.state;
}
