import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policy } from '../auth/policy.js';
import { createTokenVerifier } from '../auth/verifier.js';
import { createService } from '../http/create-service.js';
import { integrationServiceUrls, requireService } from '../testing/services.js';
import { type Database, isDatabaseUnavailable, openDatabase, withTransaction } from './database.js';

/*
 * Issue 15, point 1: PostgreSQL ends connections that are checked out of the pool — in a
 * transaction, holding an advisory lock, idle between two statements. Before, the client's 'error'
 * event had no listener while checked out and ended the process. Here nothing may end the process
 * (vitest fails a run on an uncaught error), the statement in progress fails as "database
 * unavailable" (a request answers 503), and the next ones succeed.
 */

const urls = integrationServiceUrls();
const postgresUp = await requireService('PostgreSQL', urls.DATABASE_URL);
const app = `fault_${randomBytes(4).toString('hex')}`;

function appUrl(): string {
  const url = new URL(urls.DATABASE_URL);
  url.searchParams.set('application_name', app);
  return url.toString();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!postgresUp)('database connections dropped by the server', () => {
  let database: Database;
  let admin: Database;
  const warnings: unknown[] = [];

  beforeAll(async () => {
    database = await openDatabase({
      url: appUrl(),
      poolSize: 8,
      logger: {
        debug() {},
        info() {},
        warn: (obj) => void warnings.push(obj),
        error: (obj) => void warnings.push(obj),
      },
    });
    admin = await openDatabase({ url: urls.DATABASE_URL, poolSize: 1 });
  });

  afterAll(async () => {
    await database?.close();
    await admin?.close();
  });

  /** Terminate every connection of the pool under test; answers how many there were. */
  async function dropAll(): Promise<number> {
    const rows = await admin.query<{ ok: boolean }>(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1',
      [app],
    );
    return rows.length;
  }

  it('survives a drop while an advisory lock is held, and works on after it', async () => {
    const held = database.withAdvisoryLock(`fault-${app}`, async () => {
      expect(await dropAll()).toBeGreaterThan(0);
      await sleep(300);
    });
    await expect(held).rejects.toSatisfy(isDatabaseUnavailable);
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('fails the statement after a drop inside a transaction as unavailable, and the next transaction works', async () => {
    const db = database.drizzle({});
    const failed = withTransaction(db, async (tx) => {
      await tx.execute(sql`select 1`);
      await dropAll();
      await sleep(300);
      await tx.execute(sql`select 2`);
    });
    await expect(failed).rejects.toSatisfy(isDatabaseUnavailable);
    const result = await withTransaction(db, async (tx) => tx.execute(sql`select 3 as three`));
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ three: 3 }]);
  });

  it('runs a transaction started the moment after the idle pool was ended', async () => {
    const db = database.drizzle({});
    for (let round = 0; round < 10; round++) {
      // Fill the pool with idle connections, end them all, and start at once: the pool has not yet
      // heard of the ends, so BEGIN meets a dead connection and the transaction goes to another.
      await Promise.all(
        Array.from({ length: 8 }, () => withTransaction(db, (tx) => tx.execute(sql`select 1`))),
      );
      expect(await dropAll()).toBeGreaterThan(0);
      const result = await withTransaction(db, async (tx) => tx.execute(sql`select ${round}::int as round`));
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ round }]);
    }
  });

  it('kills nothing in 20 drops under traffic; every request after them succeeds', async () => {
    const db = database.drizzle({});
    let stop = false;
    const outcomes = { ok: 0, unavailable: 0, other: [] as unknown[] };
    const worker = async () => {
      while (!stop) {
        try {
          await withTransaction(db, async (tx) => {
            await tx.execute(sql`select pg_sleep(0.005)`);
            await sleep(5);
            await tx.execute(sql`select 1`);
          });
          await database.withAdvisoryLock(`fault-${app}-traffic`, () => sleep(3));
          outcomes.ok += 1;
        } catch (error) {
          if (isDatabaseUnavailable(error)) outcomes.unavailable += 1;
          else outcomes.other.push(error);
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    let dropped = 0;
    for (let i = 0; i < 20; i++) {
      await sleep(150);
      dropped += await dropAll();
    }
    stop = true;
    await Promise.all(workers);
    expect(dropped).toBeGreaterThanOrEqual(20);
    expect(outcomes.other).toEqual([]);
    expect(outcomes.unavailable).toBeGreaterThan(0);
    expect(outcomes.ok).toBeGreaterThan(0);
    // After the drops every connection of the pool is there to be had: as many transactions as the
    // pool holds, each waiting inside for all the others (a connection lost to a drop would leave
    // one waiting for ever), then twenty more in a row.
    let inside = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withTransaction(db, async (tx) => {
          await tx.execute(sql`select 1`);
          inside += 1;
          const start = Date.now();
          while (inside < 8) {
            if (Date.now() - start > 5_000) throw new Error(`only ${inside} of 8 connections to be had`);
            await sleep(10);
          }
        }),
      ),
    );
    for (let i = 0; i < 20; i++) {
      await withTransaction(db, async (tx) => tx.execute(sql`select 1`));
    }
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('answers 503 problem+json for the request whose connection dropped, and 200 for the next', async () => {
    const service = createService({
      name: 'fault',
      config: { LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      verifier: createTokenVerifier({ kind: 'remote', url: 'http://127.0.0.1:9/jwks' }),
    });
    let drop = true;
    service.get('/work', { config: { policy: policy.public('test') } }, async () => {
      const db = database.drizzle({});
      await withTransaction(db, async (tx) => {
        await tx.execute(sql`select 1`);
        if (drop) {
          drop = false;
          await dropAll();
          await sleep(200);
        }
        await tx.execute(sql`select 2`);
      });
      return { done: true };
    });
    await service.ready();
    try {
      const first = await service.inject({ method: 'GET', url: '/work' });
      expect(first.statusCode).toBe(503);
      expect(first.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(first.json()).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
      const next = await service.inject({ method: 'GET', url: '/work' });
      expect(next.statusCode).toBe(200);
    } finally {
      await service.close();
    }
  });
});
