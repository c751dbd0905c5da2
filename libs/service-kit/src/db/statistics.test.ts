import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.js';

/**
 * PGlite's planner statistics (statistics.ts): without them a folder's page sorted the whole
 * folder; once the stale table is analysed, the page is read in the index's order.
 */
describe('planner statistics on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await db.query('create schema lib');
    await db.query(
      'create table lib.files (id int primary key, folder int not null, at int not null, name text not null)',
    );
    await db.query('create index files_folder_idx on lib.files (folder, at desc, id desc)');
  });
  afterAll(() => db.close());

  const plan = async () =>
    (
      await db.query<{ 'QUERY PLAN': string }>(
        'explain select * from lib.files where folder = 1 order by at desc, id desc limit 51',
      )
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');

  it('analyses a table that grew, and then only when it grows again', async () => {
    await db.query("insert into lib.files select g, 1, g, 'file ' || g from generate_series(1, 10000) g");
    expect(await plan()).toMatch(/Sort/);
    expect(await db.refreshStatistics!()).toEqual(['lib.files']);
    expect(await plan()).toMatch(/Index Scan using files_folder_idx/);
    expect(await plan()).not.toMatch(/Sort/);
    expect(await db.refreshStatistics!()).toEqual([]);
    await db.query("insert into lib.files select g, 2, g, 'file ' || g from generate_series(10001, 12000) g");
    expect(await db.refreshStatistics!()).toEqual(['lib.files']);
  });
});
