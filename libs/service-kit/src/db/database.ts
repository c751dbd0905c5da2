import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { silentLogger } from '../bus/logger.js';
import type { Logger } from '../bus/types.js';
import { analyzeStaleTables, keepStatistics } from './statistics.js';

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
  /**
   * Run raw SQL with parameters ($1…). A `namedStatement` is parsed and planned by PostgreSQL once
   * per connection and its plan run after (a named prepared statement): for the hot reads, whose
   * text never changes.
   */
  query<T = Record<string, unknown>>(statement: string | NamedStatement, params?: unknown[]): Promise<T[]>;
  /**
   * PGlite only: call onNotify after each commit that sent a notification on the channel
   * (`pg_notify`); answers how to stop. The process that opened PGlite is its only writer, so what
   * it writes can wake its own pollers instead of their polling (ADR 0029).
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * PGlite only (it runs no autovacuum): analyse the tables whose statistics are stale now, as the
   * database also does every STATISTICS_CHECK_MS; answers their names.
   */
  refreshStatistics?(): Promise<string[]>;
  /** Hold a cluster-wide advisory lock while fn runs. */
  withAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A statement prepared under its name (made by `namedStatement`, so that one name has one text). */
export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

const statementTexts = new Map<string, string>();

/**
 * A statement's name for `Database.query`, checked to stand for this text only: PostgreSQL keeps a
 * prepared statement per connection under its name, and a second text under the same name would be
 * an error on the connections that prepared the first.
 */
export function namedStatement(name: string, text: string): NamedStatement {
  const known = statementTexts.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement ${name} is already another text`);
  statementTexts.set(name, text);
  return { name, text };
}

export interface DatabaseOptions {
  /** postgres://…; without it PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; 'memory://' for a throwaway database. */
  dataDir?: string;
  poolSize?: number;
  /** Where dropped connections are reported. */
  logger?: Logger;
}

/** SQLSTATEs of a server that ended the session or cannot take one now (classes 08 and 57P). */
const CONNECTION_STATES = /^(08|57P0[1-4])/;
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error (or its cause, as drizzle wraps the driver's) says the database connection was
 * lost or could not be had: the request may be tried again, and is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_STATES.test(code) || CONNECTION_ERRNOS.has(code)))
      return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

/** A stable 64-bit-safe integer key for pg_advisory_lock from a name. */
function lockKey(key: string): number {
  let h = 0;
  for (const ch of key) h = (Math.imul(31, h) + ch.charCodeAt(0)) | 0;
  return h;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPg(options.url, options.poolSize ?? 10, options.logger ?? silentLogger);
  return openPglite(options.dataDir ?? 'memory://');
}

// pg_trgm: the trigram indexes behind case-insensitive substring search (ILIKE '%…%').
const PGLITE_EXTENSIONS = { pg_trgm };

/** Where the empty cluster of this PGlite version is kept (see memoryTemplate). */
function templateFile(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return join(tmpdir(), `porta-pglite-${version}-empty.tar`);
}

let template: Promise<Blob> | undefined;

/**
 * A new in-memory PGlite runs initdb, seconds of CPU in every test process; loading the dump of an
 * empty cluster takes a fraction of that. The dump is made once per PGlite version and kept in the
 * temporary folder (written aside and renamed, so processes starting together never read half a
 * file); it holds nothing but what initdb makes.
 */
function memoryTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = templateFile();
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
    renameSync(aside, file);
    return dump;
  })();
  return template;
}

async function createPglite(dataDir: string): Promise<PGlite> {
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    return PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  }
  try {
    return await PGlite.create(dataDir, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: await memoryTemplate(),
    });
  } catch {
    // A template that does not load (another PGlite build wrote it): made again next time.
    template = undefined;
    rmSync(templateFile(), { force: true });
    return PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  const client = await createPglite(dataDir);
  // PGlite is one connection: serialise advisory-lock sections inside the process as well.
  const locks = new Map<string, Promise<unknown>>();
  const rows = async <T>(text: string) => (await client.query<T>(text)).rows;
  const statistics = keepStatistics(rows);
  return {
    kind: 'pglite',
    drizzle: <TSchema extends Record<string, unknown>>(schema: TSchema) =>
      drizzlePglite({ client, schema }) as unknown as Db<TSchema>,
    async query<T>(statement: string | NamedStatement, params: unknown[] = []) {
      // PGlite is one connection in this process: a plain parameterised query.
      const text = typeof statement === 'string' ? statement : statement.text;
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
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
    refreshStatistics: () => analyzeStaleTables(rows),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      statistics.stop();
      await client.close();
    },
  };
}

/**
 * How long the in-process pollers (the outbox relays, the job runner) wait between looks at an
 * empty table when PGlite is the database: this process is its only writer, so its own writes wake
 * them (a notification at commit, a kick), and the look is a safety net (ADR 0029).
 */
export const SINGLE_WRITER_POLL_MS = 30_000;

/**
 * A poller's pause: `otherwise` on a shared database, SINGLE_WRITER_POLL_MS on one this process
 * alone writes (one that offers `listen`: PGlite), whose commits wake the poller.
 */
export function pollPause(database: Pick<Database, 'listen'>, otherwise: number): number {
  return database.listen ? SINGLE_WRITER_POLL_MS : otherwise;
}

/**
 * A pool whose checked-out clients are never lost to a dropped connection. drizzle's transaction
 * checks a client out and sends BEGIN before its try/finally: when BEGIN fails because the
 * connection is gone, the client is never released, and after a few drops the pool has no
 * connection left to give (every request waits for ever). So a client taken with `await connect()`
 * releases itself (as broken) when its first statement fails for want of a connection, and its
 * release works once only, so that the caller's own release later does no harm.
 */
class DropSafePool extends pg.Pool {
  // The callback form is the pool's own (pool.query uses it) and stays as it is.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        release(err);
      };
      const query = client.query;
      client.query = ((...args: unknown[]) => {
        client.query = query;
        const result = (query as (...a: unknown[]) => unknown).apply(client, args);
        if (result instanceof Promise) {
          return result.catch((err: unknown) => {
            if (isDatabaseUnavailable(err)) client.release(err as Error);
            throw err;
          });
        }
        return result;
      }) as typeof client.query;
      return client;
    });
  }
}

async function openPg(url: string, poolSize: number, logger: Logger): Promise<Database> {
  const pool = new DropSafePool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // A connection the server ends (a restart, a failover, pg_terminate_backend) emits 'error' on its
  // client. The pool listens only while the client is idle; a client that is checked out (a
  // transaction, an advisory lock, the outbox relay publishing inside its transaction) would raise
  // it unhandled and end the process. So every client listens for good: the query in progress
  // fails (its request answers 503), the client is not queryable any more and the pool drops it at
  // release, and the next request gets a new connection.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.warn({ err }, 'database connection lost'));
  });
  pool.on('error', (err) => logger.warn({ err }, 'idle database connection lost'));
  return {
    kind: 'pg',
    drizzle: <TSchema extends Record<string, unknown>>(schema: TSchema) =>
      drizzlePg({ client: pool, schema }) as unknown as Db<TSchema>,
    async query<T>(statement: string | NamedStatement, params: unknown[] = []) {
      const result = await pool.query(
        typeof statement === 'string'
          ? { text: statement, values: params }
          : { name: statement.name, text: statement.text, values: params },
      );
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

/**
 * Run fn in a transaction; it commits when fn resolves and rolls back when it throws.
 *
 * A pooled connection that the server ended a moment ago is noticed by the pool only when the
 * server's goodbye arrives; a checkout in between gets it and its BEGIN fails. Nothing of fn has run
 * then, so the transaction is tried again a moment later on another connection (twice at most).
 * Once fn has begun, a lost connection fails the call as "database unavailable", as before.
 */
export async function withTransaction<TSchema extends Record<string, unknown>, T>(
  db: Db<TSchema>,
  fn: (tx: Db<TSchema>) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let begun = false;
    try {
      return await db.transaction((tx) => {
        begun = true;
        return fn(tx as unknown as Db<TSchema>);
      });
    } catch (error) {
      if (begun || attempt >= 2 || !isDatabaseUnavailable(error)) throw error;
      // A moment for the pool to read the goodbyes its other idle connections may have received.
      await new Promise((resolve) => setTimeout(resolve, 10 * (attempt + 1)));
    }
  }
}

export { sql };
