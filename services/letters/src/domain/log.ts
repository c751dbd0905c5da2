import type { Readable } from 'node:stream';
import {
  type Delivery,
  type DeliveryPage,
  type DeliveryStatus,
  LANGUAGES,
  type Language,
} from '@porta/contracts';
import { csvStream } from '@porta/service-kit';
import { and, asc, count, eq, gt, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { LettersContext } from '../context.js';
import { deliveries } from '../db/schema.js';

type DeliveryRow = typeof deliveries.$inferSelect;

function deliveryOf(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    language: (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : 'en',
    source: row.source,
    status: row.status === 'sending' ? 'queued' : row.status,
    answer: row.answer,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function where(letterId: string, filter: { status?: DeliveryStatus | undefined; q?: string | undefined }) {
  const conditions: (SQL | undefined)[] = [eq(deliveries.letterId, letterId)];
  if (filter.status) {
    // Taken by the sending job, not yet known to be sent: shown as queued.
    conditions.push(
      filter.status === 'queued'
        ? inArray(deliveries.status, ['queued', 'sending'])
        : eq(deliveries.status, filter.status),
    );
  }
  for (const word of (filter.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(deliveries.name, like), ilike(deliveries.email, like)));
  }
  return and(...conditions);
}

/** A page of a letter's log in the order the recipients were frozen, narrowed by state and words. */
export async function listDeliveries(
  ctx: LettersContext,
  letterId: string,
  query: { status?: DeliveryStatus | undefined; q?: string | undefined; offset: number; limit: number },
): Promise<DeliveryPage> {
  const condition = where(letterId, query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(deliveries)
      .where(condition)
      .orderBy(asc(deliveries.seq))
      .offset(query.offset)
      .limit(query.limit),
    ctx.db.select({ n: count() }).from(deliveries).where(condition),
  ]);
  return { items: rows.map(deliveryOf), total: total?.n ?? 0 };
}

export const DELIVERY_CSV_COLUMNS = [
  'name',
  'email',
  'language',
  'source',
  'status',
  'answer',
  'updated',
] as const;
const EXPORT_BATCH = 1000;

/**
 * The log as CSV, every matching recipient, read in batches along the frozen order. Names and
 * answers come from outside (a CSV import, a mail server): csvStream writes a formula-like cell
 * as text (OWASP "CSV injection").
 */
export function deliveriesCsv(
  ctx: LettersContext,
  letterId: string,
  filter: { status?: DeliveryStatus | undefined; q?: string | undefined },
  onError: (error: unknown) => void,
): Readable {
  async function* batches() {
    let after = 0;
    for (;;) {
      const batch = await ctx.db
        .select()
        .from(deliveries)
        .where(and(where(letterId, filter), gt(deliveries.seq, after)))
        .orderBy(asc(deliveries.seq))
        .limit(EXPORT_BATCH);
      after = batch.at(-1)?.seq ?? after;
      yield batch.map((row) => {
        const d = deliveryOf(row);
        return [d.name, d.email, d.language, d.source, d.status, d.answer ?? '', d.updatedAt];
      });
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return csvStream(DELIVERY_CSV_COLUMNS, batches(), onError);
}
