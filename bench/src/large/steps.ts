import { join } from 'node:path';
import { type Database, migrateService, openDatabase } from '@porta/service-kit';
import { ROOT } from '../settings.js';
import type { LargeTarget } from './seed.js';

/**
 * What the three loads of the large data set (identity's, the content's and the service requests')
 * share: timed steps, opening the target migrated, and the two ways they send SQL.
 */

/** One timed step of a load, as its result lists it. */
export interface Step {
  name: string;
  ms: number;
  rows?: number;
}

/** Run `fn` as a named step of a load; `rows` counts what it wrote from its answer. */
export type StepFn = <T>(
  name: string,
  fn: () => Promise<T>,
  rows?: (value: T) => number | undefined,
) => Promise<T>;

/** A step runner that logs each step when it ends and keeps them in `steps` for the load's result. */
export function stepTimer(log: (line: string) => void): { step: StepFn; steps: Step[] } {
  const steps: Step[] = [];
  const step: StepFn = async (name, fn, rows) => {
    const t0 = performance.now();
    const value = await fn();
    const ms = Math.round(performance.now() - t0);
    const n = rows?.(value);
    steps.push({ name, ms, ...(n === undefined ? {} : { rows: n }) });
    log(`  ${name.padEnd(44)} ${String(ms).padStart(7)} ms${n === undefined ? '' : `  ${n} rows`}`);
    return value;
  };
  return { step, steps };
}

/**
 * Migrate a service's schema as a step; answers whether a migration was applied (new indexes need
 * statistics).
 */
export async function migrateAndTell(db: Database, step: StepFn, service: string): Promise<boolean> {
  const table = `drizzle.${service.replaceAll('-', '_')}_migrations`;
  const applied = async () => {
    const [found] = await db.query<{ ok: boolean }>(`select to_regclass('${table}') is not null as ok`);
    if (!found?.ok) return 0;
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    return row?.n ?? 0;
  };
  const before = await applied();
  await step(`migrate ${service}`, () =>
    migrateService(db, service, join(ROOT, 'services', service, 'drizzle')),
  );
  return (await applied()) !== before;
}

/**
 * Open the target for a load, running `prepare` (the migration) first. On PostgreSQL `prepare`
 * gets a pool of two (the migration's advisory lock holds one) and the load then one connection of
 * its own, for its transaction and temporary tables; PGlite is opened once, as a step (it is slow).
 */
export async function openPrepared<P>(
  target: LargeTarget,
  step: StepFn,
  prepare: (db: Database) => Promise<P>,
): Promise<{ database: Database; prepared: P }> {
  if (target.url) {
    const url = target.url;
    const pool = await openDatabase({ url, poolSize: 2 });
    let prepared: P;
    try {
      prepared = await prepare(pool);
    } finally {
      await pool.close();
    }
    return { database: await openDatabase({ url, poolSize: 1 }), prepared };
  }
  const dataDir = target.dataDir ?? 'memory://';
  const database = await step('open PGlite', () => openDatabase({ dataDir }));
  return { database, prepared: await prepare(database) };
}

/** Run one statement. */
export type Exec = (text: string, params?: unknown[]) => Promise<void>;
/** Run one statement that answers a single number as `n`. */
export type Scalar = (text: string, params?: unknown[]) => Promise<number>;

/** `exec` and `scalar` on the database. */
export function sqlOn(database: Database): { exec: Exec; scalar: Scalar } {
  return {
    exec: async (text, params) => {
      await database.query(text, params);
    },
    scalar: async (text, params) => {
      const [row] = await database.query<{ n: number }>(text, params);
      return Number(row?.n ?? 0);
    },
  };
}
