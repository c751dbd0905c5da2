import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** A drizzle handle over either driver; services type their schema in. */
export type Db<TSchema extends Record<string, unknown> = Record<string, never>> = PgDatabase<
  PgQueryResultHKT,
  TSchema
>;

/**
 * One database connection for a process: PGlite (embedded, in-process) or a node-postgres pool.
 * Every service gets its own drizzle handle and works only in its own Postgres schema.
 */
export interface Database {
  readonly kind: 'pglite' | 'pg';
  /** A drizzle handle typed with a service's schema. */
  drizzle<TSchema extends Record<string, unknown>>(schema: TSchema): Db<TSchema>;
  /** Run raw SQL with parameters ($1…). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Hold a cluster-wide advisory lock while fn runs. */
  withAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://…; without it PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; 'memory://' for a throwaway database. */
  dataDir?: string;
  poolSize?: number;
}

/** A stable 64-bit-safe integer key for pg_advisory_lock from a name. */
function lockKey(key: string): number {
  let h = 0;
  for (const ch of key) h = (Math.imul(31, h) + ch.charCodeAt(0)) | 0;
  return h;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPg(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? 'memory://');
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the trigram indexes behind case-insensitive substring search (ILIKE '%…%').
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  // PGlite is one connection: serialise advisory-lock sections inside the process as well.
  const locks = new Map<string, Promise<unknown>>();
  return {
    kind: 'pglite',
    drizzle: <TSchema extends Record<string, unknown>>(schema: TSchema) =>
      drizzlePglite({ client, schema }) as unknown as Db<TSchema>,
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query<T>(text, params);
      return result.rows;
    },
    async withAdvisoryLock<T>(key: string, fn: () => Promise<T>) {
      const previous = locks.get(key) ?? Promise.resolve();
      const run = previous.catch(() => undefined).then(fn);
      locks.set(key, run);
      try {
        return await run;
      } finally {
        if (locks.get(key) === run) locks.delete(key);
      }
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}

async function openPg(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // Idle client errors (server restart) are reported by the next query; keep the process up.
  });
  return {
    kind: 'pg',
    drizzle: <TSchema extends Record<string, unknown>>(schema: TSchema) =>
      drizzlePg({ client: pool, schema }) as unknown as Db<TSchema>,
    async query<T>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as T[];
    },
    async withAdvisoryLock<T>(key: string, fn: () => Promise<T>) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [lockKey(key)]);
        try {
          return await fn();
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [lockKey(key)]);
        }
      } finally {
        conn.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/** Run fn in a transaction; it commits when fn resolves and rolls back when it throws. */
export function withTransaction<TSchema extends Record<string, unknown>, T>(
  db: Db<TSchema>,
  fn: (tx: Db<TSchema>) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db<TSchema>));
}

export { sql };
