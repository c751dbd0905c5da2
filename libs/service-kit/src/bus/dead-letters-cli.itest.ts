import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.js';
import { integrationServiceUrls, requireService } from '../testing/services.js';
import { DeadLetters } from './dead-letters.js';

const urls = integrationServiceUrls();
const postgresUp = await requireService('PostgreSQL', urls.DATABASE_URL);
const cli = fileURLToPath(new URL('./dead-letters-cli.ts', import.meta.url));
const durable = `cli-${randomBytes(4).toString('hex')}`;

const run = async (...args: string[]) =>
  (
    await promisify(execFile)(
      process.execPath,
      ['--conditions=@porta/source', '--import', 'tsx', cli, ...args],
      {
        env: { ...process.env, DATABASE_URL: urls.DATABASE_URL },
      },
    )
  ).stdout;

describe.skipIf(!postgresUp)('npm run dead-letters', () => {
  let database: Database;
  let store: DeadLetters;

  beforeAll(async () => {
    database = await openDatabase({ url: urls.DATABASE_URL, poolSize: 2 });
    store = new DeadLetters({ database, replayIntervalMs: 3_600_000 });
    for (const id of ['m1', 'm2']) {
      await store.park(
        durable,
        { id, subject: 'svc.item.created.v1', data: {}, headers: {}, attempt: 20 },
        new Error('identity does not answer'),
      );
    }
  });

  afterAll(async () => {
    await store?.discard({ durable });
    await store?.close();
    await database?.close();
  });

  it('shows the letters per durable and one by one, makes them due, and discards them', async () => {
    expect(await run()).toContain(`${durable}\t2`);
    const listed = await run('list', '--durable', durable);
    expect(listed.trim().split('\n')).toHaveLength(2);
    expect(listed).toContain('svc.item.created.v1\tm1');
    expect(listed).toContain('20 deliveries, 0 replays\tError: identity does not answer');

    expect(await run('replay', '--durable', durable, '--id', 'm1')).toMatch(/^1 letter\(s\) due now/);
    const [m1] = await store.list({ durable, messageId: 'm1' });
    const [m2] = await store.list({ durable, messageId: 'm2' });
    expect(m1!.nextReplayAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(m2!.nextReplayAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);

    expect(await run('discard', '--durable', durable, '--id', 'm2')).toMatch(/^1 letter\(s\) discarded/);
    expect((await store.list({ durable })).map((l) => l.messageId)).toEqual(['m1']);
  });
});
