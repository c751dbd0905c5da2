import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStorage, type Database, loadConfig, openDatabase, silentLogger } from '@porta/service-kit';
import { requireService } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MIGRATIONS, createContent } from '../app.js';
import { zContentConfig } from '../config.js';
import { createDatabases, databaseUrl, dropDatabases, itUrls, runId } from '../testing/distributed.js';

/**
 * content's committed migrations (services/content/drizzle) on the real PostgreSQL: several
 * processes starting at once migrate once, a second run changes nothing, and the result is the
 * schema the embedded mode gets from the same migrations on PGlite.
 */

const up = await requireService('PostgreSQL', itUrls.DATABASE_URL);
const name = `porta_it_content_${runId()}`;
const url = databaseUrl(name);
const PROCESSES = 3;
const journal = JSON.parse(readFileSync(join(CONTENT_MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const fixture = fileURLToPath(new URL('../testing/migrate-process.ts', import.meta.url));
const serviceDir = fileURLToPath(new URL('../../', import.meta.url));

/** A content process that migrates when told to (see testing/migrate-process.ts). */
function migrator() {
  const child = spawn(process.execPath, ['--conditions=@porta/source', '--import', 'tsx', fixture], {
    cwd: serviceDir,
    env: { ...process.env, MIGRATE_DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('ready\n')) resolve();
    };
    child.stdout.on('data', check);
    void exited.then(() => reject(new Error(`migrator exited before it was ready: ${err}`)));
  });
  return { child, ready, exited, output: () => ({ out, err }) };
}

const SCHEMA_QUERIES = {
  tables: `select table_name, table_type from information_schema.tables
    where table_schema = 'content' order by table_name`,
  columns: `select table_name, column_name, ordinal_position, data_type, udt_name, is_nullable,
      column_default, character_maximum_length, numeric_precision, is_identity, is_generated
    from information_schema.columns where table_schema = 'content' order by table_name, ordinal_position`,
  indexes: `select tablename, indexname, indexdef from pg_indexes
    where schemaname = 'content' order by tablename, indexname`,
  constraints: `select c.conrelid::regclass::text as table_name, c.conname, c.contype,
      pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = 'content' and c.contype in ('p', 'u', 'f', 'c', 'x') order by 1, 2`,
} as const;

/** The content schema as rows of text (so that the two drivers' value parsing cannot differ). */
async function schemaOf(database: Database) {
  const out: Record<string, string[]> = {};
  for (const [key, text] of Object.entries(SCHEMA_QUERIES)) {
    const rows = await database.query<Record<string, unknown>>(text);
    out[key] = rows.map((row) => Object.values(row).map(String).join(' | '));
  }
  return out;
}

const MIGRATIONS = `select id, hash, created_at::text as created_at from drizzle.content_migrations order by id`;

describe.skipIf(!up)('content migrations on the real PostgreSQL', () => {
  const opened: Database[] = [];
  const children: ChildProcess[] = [];
  let server: Database;

  beforeAll(async () => {
    await createDatabases(name);
    server = await openDatabase({ url, poolSize: 2 });
    opened.push(server);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(opened.map((d) => d.close()));
    await dropDatabases(name);
  });

  it(`migrates once when ${PROCESSES} processes start at the same moment`, async () => {
    const migrators = Array.from({ length: PROCESSES }, migrator);
    children.push(...migrators.map((m) => m.child));
    await Promise.all(migrators.map((m) => m.ready));
    for (const m of migrators) m.child.stdin.write('go\n');
    const codes = await Promise.all(migrators.map((m) => m.exited));
    for (const [i, m] of migrators.entries()) {
      expect(codes[i], m.output().err).toBe(0);
      expect(m.output().out).toMatch(/migrated \d+/);
    }

    const applied = await server.query<{ hash: string }>(MIGRATIONS);
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((r) => r.hash)).size).toBe(journal.entries.length);
  });

  it('migrating again changes nothing', async () => {
    const before = { migrations: await server.query(MIGRATIONS), schema: await schemaOf(server) };
    const config = loadConfig(zContentConfig, { LOG_LEVEL: 'silent' });
    await createContent({
      database: server,
      config,
      storage: createStorage(config),
      logger: silentLogger,
    }).migrate();
    expect({ migrations: await server.query(MIGRATIONS), schema: await schemaOf(server) }).toEqual(before);
  });

  it('gives the same tables, columns, indexes and constraints as PGlite', async () => {
    const lite = await openDatabase({ dataDir: 'memory://' });
    opened.push(lite);
    const config = loadConfig(zContentConfig, { LOG_LEVEL: 'silent' });
    await createContent({
      database: lite,
      config,
      storage: createStorage(config),
      logger: silentLogger,
    }).migrate();
    const onServer = await schemaOf(server);
    const onLite = await schemaOf(lite);
    // Not two empty schemas: the read model, the outbox and the audience GIN indexes are there.
    expect(onServer.tables!.length).toBeGreaterThanOrEqual(15);
    expect(onServer.tables).toContain('directory_housing_companies | BASE TABLE');
    expect(
      onServer.indexes!.some((i) => i.includes('articles_audience_idx') && i.includes('USING gin')),
    ).toBe(true);
    expect(onServer).toEqual(onLite);
  });
});
