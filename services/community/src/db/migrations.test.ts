import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createStorage,
  type Database,
  loadConfig,
  MemoryBus,
  openDatabase,
  silentLogger,
} from '@porta/service-kit';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MIGRATIONS, createCommunity } from '../app.js';
import { zCommunityConfig } from '../config.js';
import * as schema from './schema.js';

/**
 * The committed migrations (services/community/drizzle, made by drizzle-kit generate) on PGlite:
 * they apply, a second run changes nothing, and they build exactly the tables and columns that
 * src/db/schema.ts declares, so a schema change without a new migration fails here.
 */

let database: Database;
const journal = JSON.parse(readFileSync(join(COMMUNITY_MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database?.close());

function migrate() {
  const bus = new MemoryBus();
  const community = createCommunity({
    database,
    config: loadConfig(zCommunityConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    storage: createStorage({ DATA_DIR: '/nonexistent' }),
    logger: silentLogger,
    bus,
  });
  return community.migrate().finally(() => bus.close());
}

describe('community migrations', () => {
  it('apply once, and a second run changes nothing', async () => {
    await migrate();
    const applied = await database.query<{ n: number }>(
      'select count(*)::int as n from drizzle.community_migrations',
    );
    expect(applied[0]!.n).toBe(journal.entries.length);
    expect(journal.entries[0]!.tag).toBe('0000_community');
    await migrate();
    const again = await database.query<{ n: number }>(
      'select count(*)::int as n from drizzle.community_migrations',
    );
    expect(again[0]!.n).toBe(journal.entries.length);
  });

  it('build exactly the tables and columns of schema.ts in the community schema', async () => {
    const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
      is(value, PgTable),
    );
    const declared = tables
      .map((table) => getTableConfig(table))
      .flatMap((config) =>
        config.columns.map((col) => `${config.schema}.${config.name}.${col.name}:${col.notNull}`),
      )
      .sort();
    const columns = await database.query<{ table_name: string; column_name: string; is_nullable: string }>(
      `select table_name, column_name, is_nullable from information_schema.columns
        where table_schema = 'community' order by table_name, column_name`,
    );
    const built = columns
      .map((c) => `community.${c.table_name}.${c.column_name}:${c.is_nullable === 'NO'}`)
      .sort();
    expect(built).toEqual(declared);
  });
});
