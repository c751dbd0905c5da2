import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, namedStatement, openDatabase } from './database.js';

describe('namedStatement', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => db.close());

  it('gives one name one text: the same again is fine, another text is refused', () => {
    const first = namedStatement('kit_test_one', 'select 1');
    expect(namedStatement('kit_test_one', 'select 1')).toEqual(first);
    expect(() => namedStatement('kit_test_one', 'select 2')).toThrow(/already another text/);
  });

  it('runs on PGlite as a plain parameterised query', async () => {
    const twice = namedStatement('kit_test_twice', 'select $1::int * 2 as n');
    expect(await db.query(twice, [21])).toEqual([{ n: 42 }]);
    expect(await db.query(twice, [5])).toEqual([{ n: 10 }]);
  });
});
