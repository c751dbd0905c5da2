import { and, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * One key of a total order that a long read walks in batches (an export): a NOT NULL column and
 * its direction. The last key must make the order total (the primary key).
 */
export interface OrderKey {
  column: PgColumn | SQL;
  order: 'ASC' | 'DESC';
}

/** The ORDER BY of the keys. */
export function orderOf(keys: readonly OrderKey[]): SQL[] {
  return keys.map((k) => (k.order === 'ASC' ? sql`${k.column} asc` : sql`${k.column} desc`));
}

/**
 * A row's place in the order, to select with it: each key's value as text, exactly (a timestamp
 * keeps its microseconds, which a JavaScript Date would lose).
 */
export function keysetCursor(keys: readonly OrderKey[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    keys.map((k) => sql`${k.column}::text`),
    sql`, `,
  )}]`;
}

/**
 * The rows after the one at `cursor` (what keysetCursor selected for it) in the keys' order: past
 * it on the first key, or equal there and past it on the second, and so on. Unlike an offset, a
 * batch read this way neither repeats nor skips a row when rows come or go during the read, and
 * costs the same at the end as at the start. The text values are compared as the columns' types.
 */
export function afterCursor(keys: readonly OrderKey[], cursor: readonly string[]): SQL {
  if (cursor.length !== keys.length) throw new Error('a cursor has one value per key');
  const past = (k: OrderKey, value: string) =>
    k.order === 'ASC' ? sql`${k.column} > ${value}` : sql`${k.column} < ${value}`;
  return or(
    ...keys.map((key, at) =>
      and(...keys.slice(0, at).map((k, j) => sql`${k.column} = ${cursor[j]}`), past(key, cursor[at]!)),
    ),
  )!;
}
