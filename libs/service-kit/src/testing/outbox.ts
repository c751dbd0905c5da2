import { asc, eq } from 'drizzle-orm';
import type { OutboxTable } from '../bus/outbox.js';
import type { Db } from '../db/database.js';

/** The events a service wrote to its outbox (of one subject, when given), oldest first. */
export async function outboxEvents<TSchema extends Record<string, unknown>>(
  db: Db<TSchema>,
  outbox: OutboxTable,
  subject?: string,
): Promise<{ subject: string; payload: Record<string, unknown> }[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(subject ? eq(outbox.subject, subject) : undefined)
    .orderBy(asc(outbox.id));
  return rows.map((r) => ({ subject: r.subject, payload: r.payload as Record<string, unknown> }));
}
