import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { countRows } from './admin-list.js';
import type { Db } from './database.js';

/** A page of a skip/limit list as answered: the items, the total and the paging asked for. */
export interface SkipLimitPage<Item> {
  items: Item[];
  total: number;
  skip: number;
  limit: number;
}

/**
 * One page of a skip/limit list (the resident app's paging, 02 §7): the rows matching `where` in
 * `orderBy` order and the total of all of them (queried together), presented as items.
 */
export async function skipLimitPage<TSchema extends Record<string, unknown>, T extends PgTable, Item>(
  db: Db<TSchema>,
  table: T,
  query: {
    where: SQL | undefined;
    orderBy: SQL[];
    skip: number;
    limit: number;
    /** The total another way than counting the rows of `where` (a count the service keeps). */
    total?: (() => Promise<number>) | undefined;
  },
  present: (rows: T['$inferSelect'][]) => Item[] | Promise<Item[]>,
): Promise<SkipLimitPage<Item>> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(query.where)
      .orderBy(...query.orderBy)
      .offset(query.skip)
      .limit(query.limit),
    query.total ? query.total() : countRows(db as Db<Record<string, unknown>>, table, query.where),
  ]);
  return {
    items: await present(rows as T['$inferSelect'][]),
    total,
    skip: query.skip,
    limit: query.limit,
  };
}
