import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CommunityDb } from '../context.js';

/** A page of a community list as answered: the items, the total and the paging asked for. */
export interface CommunityPage<Item> {
  items: Item[];
  total: number;
  skip: number;
  limit: number;
}

/**
 * One page of a community list (02 §7 skip/limit): the rows matching `where` in `orderBy` order
 * and the total of all of them (queried together), presented as items.
 */
export async function communityPage<T extends PgTable, Item>(
  db: CommunityDb,
  table: T,
  query: { where: SQL | undefined; orderBy: SQL[]; skip: number; limit: number },
  present: (rows: T['$inferSelect'][]) => Item[] | Promise<Item[]>,
): Promise<CommunityPage<Item>> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(query.where)
      .orderBy(...query.orderBy)
      .offset(query.skip)
      .limit(query.limit),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(query.where),
  ]);
  return {
    items: await present(rows as T['$inferSelect'][]),
    total: totals[0]?.n ?? 0,
    skip: query.skip,
    limit: query.limit,
  };
}
