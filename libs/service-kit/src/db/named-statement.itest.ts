import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationServiceUrls, requireService } from '../testing/services.js';
import { type Database, namedStatement, openDatabase } from './database.js';

const urls = integrationServiceUrls();
const postgresUp = await requireService('PostgreSQL', urls.DATABASE_URL);

const SUM = namedStatement('kit_itest_sum', 'select $1::int + $2::int as sum');

describe.skipIf(!postgresUp)('named statements on PostgreSQL', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ url: urls.DATABASE_URL, poolSize: 2 });
  });
  afterAll(() => db.close());

  it('are prepared once per connection and run with new parameters after', async () => {
    const sums = await Promise.all(
      Array.from({ length: 20 }, (_, i) => db.query<{ sum: number }>(SUM, [i, 1])),
    );
    expect(sums.map(([row]) => row!.sum)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Both pooled connections hold the statement under its name.
    const prepared = await Promise.all(
      [0, 1].map(() =>
        db.query<{ n: number }>(
          "select count(*)::int as n from pg_prepared_statements where name = 'kit_itest_sum'",
        ),
      ),
    );
    expect(prepared.some(([row]) => row!.n === 1)).toBe(true);
  });
});
