/**
 * Planner statistics for PGlite. PostgreSQL's autovacuum analyses a table once enough of it has
 * changed; PGlite runs no autovacuum, so its tables are never analysed and the planner guesses. It
 * guessed 26 rows for a folder of 10,000 files, sorted all of them for every page of 50, and never
 * took the index that reads the page in order. So the embedded database looks every
 * STATISTICS_CHECK_MS for tables whose size has moved by a tenth (or that have data and were never
 * analysed) and analyses those, as autovacuum's rule would.
 */
export const STATISTICS_CHECK_MS = 15_000;

/** User tables never analysed while holding data, or whose pages moved by more than 10 % (1 at least). */
const STALE_TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  cross join lateral (select pg_relation_size(c.oid) / current_setting('block_size')::bigint as pages) s
  where c.relkind = 'r'
    and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_%'
    and ((c.reltuples < 0 and s.pages > 0) or abs(s.pages - c.relpages) > greatest(1, c.relpages / 10))
  order by 1`;

type Query = <T>(statement: string) => Promise<T[]>;

/** Analyse the tables whose statistics are stale; answers their names. */
export async function analyzeStaleTables(query: Query): Promise<string[]> {
  const stale = await query<{ name: string }>(STALE_TABLES);
  for (const { name } of stale) await query(`analyze ${name}`);
  return stale.map((t) => t.name);
}

/**
 * Keep the statistics while the database is open: a look every STATISTICS_CHECK_MS (the timer
 * does not keep the process alive; one look at a time). A failed look is tried again at the next.
 */
export function keepStatistics(query: Query, everyMs = STATISTICS_CHECK_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    analyzeStaleTables(query)
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
