import { join } from 'node:path';
import { openDatabase } from '@porta/service-kit';
import pg from 'pg';

/** One statement's rows. */
export type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * The database of a bare baseline, opened as Porta opens it: on PostgreSQL (DATABASE_URL) a
 * node-postgres pool of 10; else PGlite in DATA_DIR/pglite (one in-process connection, as the
 * embedded mode).
 */
export async function openBareDatabase(): Promise<{ query: Query; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
  }
  const database = await openDatabase({ dataDir: join(process.env.DATA_DIR ?? './data', 'pglite') });
  return { query: (text, params) => database.query(text, params), close: () => database.close() };
}
