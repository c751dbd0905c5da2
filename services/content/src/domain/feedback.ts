import type { Readable } from 'node:stream';
import {
  type AdminFeedbackEntry,
  type AdminFeedbackListQuery,
  FEEDBACK_CSV_COLUMNS,
  type FeedbackCreate,
} from '@porta/contracts';
import { AppError, afterCursor, csvStream, keysetCursor, type OrderKey, orderOf } from '@porta/service-kit';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { directoryHousingCompanies, feedbackEntries } from '../db/schema.js';
import { addDays } from './clock.js';
import type { Reader } from './reader.js';

/**
 * Feedback (01 §1, §4, §5; 03 §3, §7): a rating from 1 to 5 with an optional comment. The entry
 * keeps the housing company's country, area, city, business unit and hcExt as they were when it
 * was sent, so that the staff list and export can be filtered by them later.
 */

type FeedbackRow = typeof feedbackEntries.$inferSelect;

export async function storeFeedback(
  ctx: ContentContext,
  reader: Reader,
  input: FeedbackCreate,
): Promise<string> {
  const hc = reader.housingCompany;
  const [row] = await ctx.db
    .insert(feedbackEntries)
    .values({
      userId: reader.userId,
      rating: input.rating,
      comment: input.comment ?? '',
      housingCompanyId: hc.id,
      hcExt: hc.hcExt,
      country: hc.addressCountry,
      area: hc.addressArea,
      city: hc.addressCity,
      businessUnit: hc.businessUnit,
      createdAt: reader.now,
    })
    .returning({ id: feedbackEntries.id });
  return row!.id;
}

// --- Staff ------------------------------------------------------------------------------------

export function feedbackWhere(filter: AdminFeedbackListQuery['filter']): SQL | undefined {
  if (!filter) return undefined;
  const where: (SQL | undefined)[] = [];
  if (filter.country) where.push(eq(feedbackEntries.country, filter.country));
  if (filter.area) where.push(eq(feedbackEntries.area, filter.area));
  if (filter.city) where.push(eq(feedbackEntries.city, filter.city));
  if (filter.businessUnit) where.push(eq(feedbackEntries.businessUnit, filter.businessUnit));
  if (filter.housingCompanyId) where.push(eq(feedbackEntries.housingCompanyId, filter.housingCompanyId));
  if (filter.rating !== undefined) where.push(eq(feedbackEntries.rating, filter.rating));
  // Days are UTC (ADR 0013); both ends inclusive.
  if (filter.from) where.push(gte(feedbackEntries.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to)
    where.push(lt(feedbackEntries.createdAt, addDays(new Date(`${filter.to}T00:00:00.000Z`), 1)));
  if (filter.id) where.push(filter.id.length ? inArray(feedbackEntries.id, filter.id) : sql`false`);
  return and(...where);
}

/** The list's order: the column asked for (newest first by default), then newest first, then by id. */
export function feedbackOrder(sort: AdminFeedbackListQuery['sort']): OrderKey[] {
  const [field, order] = sort ?? ['createdAt', 'DESC'];
  const column = field === 'rating' ? feedbackEntries.rating : feedbackEntries.createdAt;
  return [
    { column, order },
    { column: feedbackEntries.createdAt, order: 'DESC' },
    { column: feedbackEntries.id, order: 'ASC' },
  ];
}

export async function adminFeedbackOf(
  ctx: ContentContext,
  rows: FeedbackRow[],
): Promise<AdminFeedbackEntry[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.housingCompanyId ? [r.housingCompanyId] : [])))];
  const names = ids.length
    ? await ctx.db
        .select({ id: directoryHousingCompanies.id, name: directoryHousingCompanies.name })
        .from(directoryHousingCompanies)
        .where(inArray(directoryHousingCompanies.id, ids))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    rating: r.rating,
    comment: r.comment,
    country: r.country,
    area: r.area,
    city: r.city,
    businessUnit: r.businessUnit,
    housingCompanyId: r.housingCompanyId,
    hcExt: r.hcExt,
    housingCompanyName: r.housingCompanyId ? (nameOf.get(r.housingCompanyId) ?? null) : null,
  }));
}

export async function feedbackById(ctx: ContentContext, id: string): Promise<FeedbackRow> {
  const [row] = await ctx.db.select().from(feedbackEntries).where(eq(feedbackEntries.id, id));
  if (!row) throw new AppError('CNT_NOT_FOUND');
  return row;
}

const EXPORT_BATCH = 500;

/**
 * The CSV export as a stream (service-kit's csvStream): every matching entry, read in batches
 * along the order's keys (each batch after the last row of the one before: no entry twice or
 * missed when feedback arrives during the export, and the last batch as quick as the first).
 */
export function feedbackCsv(
  ctx: ContentContext,
  where: SQL | undefined,
  keys: OrderKey[],
  onError: (error: unknown) => void,
): Readable {
  async function* batches() {
    let cursor: string[] | null = null;
    for (;;) {
      const batch = await ctx.db
        .select({ row: feedbackEntries, cursor: keysetCursor(keys) })
        .from(feedbackEntries)
        .where(and(where, cursor ? afterCursor(keys, cursor) : undefined))
        .orderBy(...orderOf(keys))
        .limit(EXPORT_BATCH);
      cursor = batch.at(-1)?.cursor ?? null;
      yield batch.map(({ row: r }) => [
        r.createdAt.toISOString(),
        r.rating,
        r.comment,
        r.country ?? '',
        r.area ?? '',
        r.city ?? '',
        r.businessUnit ?? '',
        r.hcExt ?? '',
      ]);
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return csvStream(FEEDBACK_CSV_COLUMNS, batches(), onError);
}
