import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../db/database.js';
import { integrationServiceUrls, requireService } from '../testing/services.js';
import { until } from '../testing/until.js';
import { LocalJobs } from './memory-jobs.js';
import { defineJob } from './types.js';

/** How long this file's waits may take. */
const WAIT_MS = 30_000;

const urls = integrationServiceUrls();
const postgresUp = await requireService('PostgreSQL', urls.DATABASE_URL);
const run = randomBytes(4).toString('hex');

describe.skipIf(!postgresUp)('LocalJobs on PostgreSQL with several runners', () => {
  let first: Database;
  let second: Database;
  const name = `it-${run}.shared`;

  beforeAll(async () => {
    first = await openDatabase({ url: urls.DATABASE_URL, poolSize: 3 });
    second = await openDatabase({ url: urls.DATABASE_URL, poolSize: 3 });
  });

  afterAll(async () => {
    await first?.query('delete from porta_kit.jobs where name = $1', [name]).catch(() => undefined);
    await first?.query('delete from porta_kit.job_schedules where name = $1', [name]).catch(() => undefined);
    await first?.close();
    await second?.close();
  });

  it('shares the jobs of one table without running any twice, retries included', async () => {
    const runs = new Map<string, { runner: string; attempt: number }[]>();
    const definitionFor = (runner: string) =>
      defineJob({
        name,
        payload: z.object({ i: z.number() }),
        concurrency: 3,
        attempts: 3,
        backoffMs: 20,
        handler: async (payload, context) => {
          const list = runs.get(context.jobId) ?? [];
          list.push({ runner, attempt: context.attempt });
          runs.set(context.jobId, list);
          await new Promise((r) => setTimeout(r, 5));
          if (payload.i % 10 === 0 && context.attempt === 1) throw new Error('first attempt fails');
        },
      });
    const a = new LocalJobs({ database: first, pollIntervalMs: 100 });
    const b = new LocalJobs({ database: second, pollIntervalMs: 100 });
    a.register(definitionFor('a'));
    b.register(definitionFor('b'));
    await Promise.all([a.start(), b.start()]);
    for (let i = 0; i < 60; i++) {
      await (i % 2 ? a : b).enqueue(definitionFor('x'), { i }, { jobId: `job:${i}` });
    }
    const completed = async () =>
      (await first.query(`select 1 from porta_kit.jobs where name = $1 and state = 'completed'`, [name]))
        .length;
    await until(async () => (await completed()) === 60, WAIT_MS);
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all([a.close(), b.close()]);

    for (const [jobId, list] of runs) {
      const expected = Number(jobId.split(':')[1]) % 10 === 0 ? [1, 2] : [1];
      expect(
        list.map((r) => r.attempt),
        jobId,
      ).toEqual(expected);
    }
    const runners = new Set([...runs.values()].flat().map((r) => r.runner));
    expect(runners).toEqual(new Set(['a', 'b']));
    const states = await first.query<{ state: string; n: string }>(
      'select state, count(*) as n from porta_kit.jobs where name = $1 group by state',
      [name],
    );
    expect(states).toEqual([{ state: 'completed', n: '60' }]);
  });
});
