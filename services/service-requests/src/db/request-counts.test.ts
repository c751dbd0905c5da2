import { type Database, openDatabase } from '@porta/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateServiceRequests } from '../testing/migrate.js';

/**
 * The kept counts (migration 0002_request_counts) against the requests themselves, whatever writes
 * them: set-based inserts, updates and deletes as the bench's loader and a data fix would run them,
 * and TRUNCATE, which fires no row triggers.
 */

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrateServiceRequests(database);
});

afterAll(() => database.close());

const KEY = 'housing_company_id, status_key, type_id, is_public';

/** The kept counts and the requests' own, as `hc/status/type/public=n` lines (zeros left out). */
async function both() {
  const lines = (rows: { k: string; n: number }[]) =>
    rows.filter((r) => r.n !== 0).map((r) => `${r.k}=${r.n}`);
  const kept = await database.query<{ k: string; n: number }>(
    `select concat_ws('/', ${KEY}) as k, n from service_requests.request_counts order by 1`,
  );
  const counted = await database.query<{ k: string; n: number }>(
    `select concat_ws('/', ${KEY}) as k, count(*)::int as n from service_requests.requests group by ${KEY} order by 1`,
  );
  return { kept: lines(kept), counted: lines(counted) };
}

const HC = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];

describe('request counts', () => {
  it('follow inserts, updates, deletes and TRUNCATE', async () => {
    await database.query(`
      insert into service_requests.requests
        (id, housing_company_id, type_id, subject, content, status_key, is_public, sender_id, sender_name)
      select gen_random_uuid(), (array['${HC[0]}', '${HC[1]}']::uuid[])[1 + g % 2],
        (array['fit_out', 'construction_yard', 'board'])[1 + g % 3], 'Subject', 'Content',
        (array['open', 'inprogress', 'closed', 'declined'])[1 + g % 4], g % 5 = 0,
        '00000000-0000-4000-8000-000000000001', 'Sender'
      from generate_series(1, 240) as g`);
    let counts = await both();
    expect(counts.kept.length).toBeGreaterThan(20);
    expect(counts.kept).toEqual(counts.counted);

    await database.query(
      `update service_requests.requests set status_key = 'closed' where status_key = 'open'`,
    );
    await database.query(
      `update service_requests.requests set is_public = not is_public where type_id = 'board'`,
    );
    await database.query(`update service_requests.requests set subject = 'Renamed'`);
    await database.query(
      `delete from service_requests.requests where housing_company_id = '${HC[1]}' and is_public`,
    );
    counts = await both();
    expect(counts.kept).toEqual(counts.counted);
    expect(counts.kept.some((line) => line.includes('/open/'))).toBe(false);

    await database.query('truncate service_requests.requests cascade');
    expect(await both()).toEqual({ kept: [], counted: [] });
  });
});
