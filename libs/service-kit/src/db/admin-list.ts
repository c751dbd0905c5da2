import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';

/** The rows react-admin asks for when it sends no range (ra-data-simple-rest's first page). */
export const DEFAULT_LIST_RANGE: readonly [number, number] = [0, 24];

export interface ListPageQuery {
  where: SQL | undefined;
  /** The requested column and direction first, then tie-breakers for a stable order. */
  orderBy: SQL[];
  range?: readonly [number, number] | undefined;
  /** The total another way than counting the rows of `where` (a count the service keeps). */
  total?: (() => Promise<number>) | undefined;
}

export interface ListPage<Row> {
  rows: Row[];
  /** The Content-Range header value, e.g. `users 0-24/137`. */
  contentRange: string;
}

/** One column ascending or descending, as react-admin's sort parameter names it. */
export function sortBy(column: PgColumn | SQL, order: 'ASC' | 'DESC'): SQL {
  return order === 'ASC' ? asc(column) : desc(column);
}

/**
 * One page of a staff list in the ra-data-simple-rest convention: the rows in the range and the
 * total of all matching rows (queried together), with the Content-Range header for `resource`.
 */
export async function listPage<T extends PgTable>(
  db: Db<Record<string, unknown>>,
  table: T,
  resource: string,
  query: ListPageQuery,
): Promise<ListPage<T['$inferSelect']>> {
  const [from, to] = query.range ?? DEFAULT_LIST_RANGE;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(query.where)
      .orderBy(...query.orderBy)
      .offset(from)
      .limit(to - from + 1),
    query.total ? query.total() : countRows(db, table, query.where),
  ]);
  const last = rows.length ? from + rows.length - 1 : from;
  return { rows: rows as T['$inferSelect'][], contentRange: `${resource} ${from}-${last}/${total}` };
}

/** How many rows of the table match `where`. */
export async function countRows(db: Db<Record<string, unknown>>, table: PgTable, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
