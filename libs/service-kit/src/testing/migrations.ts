import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { type Database, openDatabase } from '../db/database.js';

/**
 * Helpers of the migrations tests: a service's committed migrations must build exactly the tables
 * and columns its drizzle schema declares, so that a schema change without a migration fails.
 */

/** How many migrations of the service are recorded as applied. */
export async function appliedMigrations(database: Database, service: string): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from drizzle.${service.replaceAll('-', '_')}_migrations`,
  );
  return row?.n ?? 0;
}

/** `schema.table.column:notNull` of every column the schema module's tables declare, sorted. */
export function declaredColumns(schema: Record<string, unknown>): string[] {
  return Object.values(schema)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .flatMap((config) =>
      config.columns.map((col) => `${config.schema}.${config.name}.${col.name}:${col.notNull}`),
    )
    .sort();
}

/** `schema.table.column:notNull` of every column the database has in the Postgres schema, sorted. */
export async function builtColumns(database: Database, pgSchema: string): Promise<string[]> {
  const columns = await database.query<{ table_name: string; column_name: string; is_nullable: string }>(
    `select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = $1 order by table_name, column_name`,
    [pgSchema],
  );
  return columns.map((c) => `${pgSchema}.${c.table_name}.${c.column_name}:${c.is_nullable === 'NO'}`).sort();
}

/** The migrations drizzle-kit committed to the folder (its meta journal), oldest first. */
export function migrationJournal(folder: string): { tag: string }[] {
  return (
    JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  ).entries;
}

/**
 * Run a service's migrations twice on a fresh in-memory PGlite and answer what the migrations
 * tests compare: the journal, how many were applied after each run, and the columns built and
 * declared in the service's Postgres schema.
 */
export async function checkMigrations(options: {
  service: string;
  pgSchema: string;
  folder: string;
  schema: Record<string, unknown>;
  migrate: (database: Database) => Promise<void>;
}) {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await options.migrate(database);
    const appliedFirst = await appliedMigrations(database, options.service);
    await options.migrate(database);
    return {
      journal: migrationJournal(options.folder),
      appliedFirst,
      appliedAgain: await appliedMigrations(database, options.service),
      built: await builtColumns(database, options.pgSchema),
      declared: declaredColumns(options.schema),
    };
  } finally {
    await database.close();
  }
}
