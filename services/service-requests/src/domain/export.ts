import type { Readable } from 'node:stream';
import {
  SERVICE_REQUEST_CLOSED_STATUSES,
  SERVICE_REQUEST_CSV_COLUMNS,
  SERVICE_REQUEST_TYPE_NAMES,
  type ServiceRequestExportQuery,
  zServiceRequestExportQuery,
} from '@porta/contracts';
import { csvCellSql, csvLineSql, csvLinesSql, csvTextStream, type Principal } from '@porta/service-kit';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ServiceRequestsContext } from '../context.js';
import { requests } from '../db/schema.js';
import { requireFeature } from './access.js';
import { FILTERS } from './requests.js';
import { staffScope, withWords } from './staff.js';

/** Rows read per query: the export walks the requests newest first by id, a batch at a time. */
export const EXPORT_BATCH = 2_000;

/** SQL: a timestamp as toISOString() writes it (UTC, milliseconds); null stays null. */
const isoText = (column: AnyPgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQL: the type's English name (the CSV's type column), as SERVICE_REQUEST_TYPE_NAMES has it. */
const typeName = sql`(case ${requests.typeId} ${sql.join(
  Object.entries(SERVICE_REQUEST_TYPE_NAMES).map(([key, name]) => sql`when ${key} then ${name}::text`),
  sql` `,
)} end)`;

/**
 * One request as its CSV line (SERVICE_REQUEST_CSV_COLUMNS), written by the database with
 * csvStream's rules: the export never turns a row's fields into values and back into text. Ids,
 * times, statuses, flags and numbers never need quoting; the texts people typed go through
 * csvCellSql.
 */
const csvLine = csvLineSql([
  sql`${requests.id}::text`,
  csvCellSql(requests.internalId),
  isoText(requests.createdAt),
  csvCellSql(typeName),
  csvCellSql(requests.subject),
  requests.statusKey,
  sql`(${inArray(requests.statusKey, [...SERVICE_REQUEST_CLOSED_STATUSES])})::text`,
  sql`${requests.isPublic}::text`,
  sql`${requests.urgentRequest}::text`,
  sql`${requests.visibleInApartment}::text`,
  csvCellSql(requests.senderName),
  csvCellSql(requests.apartmentNo),
  csvCellSql(requests.senderTel),
  sql`${requests.responseCount}::text`,
  sql`coalesce(${isoText(requests.closedAt)}, '')`,
]);

/** A batch as read: its rows as CSV text, how many, and the last (oldest) id. */
interface Batch {
  text: string;
  count: number;
  last: string | null;
}

/**
 * One batch: the EXPORT_BATCH newest requests matching `where` older than `before` (keyset by id),
 * as one text of CSV lines. The drivers (PGlite's above all) spend most of an export's time turning
 * fields into values, and the writing most of the rest; the database writes the lines for less.
 */
async function readBatch(
  ctx: ServiceRequestsContext,
  where: SQL | undefined,
  before: string | null,
  oneCompany: boolean,
): Promise<Batch> {
  const matching = before ? and(where, lt(requests.id, before)) : where;
  // One company's requests are a small part of the table spread through it: their ids come from
  // the company's index (read alone), then the rows by id, rather than walking the primary key past
  // every other company's requests.
  const lines = ctx.db.select({ id: requests.id, line: csvLine.as('line') }).from(requests);
  const newest = (
    oneCompany
      ? lines.where(
          inArray(
            requests.id,
            ctx.db
              .select({ id: requests.id })
              .from(requests)
              .where(matching)
              .orderBy(desc(requests.housingCompanyId), desc(requests.id))
              .limit(EXPORT_BATCH),
          ),
        )
      : lines.where(matching).orderBy(desc(requests.id)).limit(EXPORT_BATCH)
  ).as('newest');
  const [batch] = await ctx.db
    .select({
      text: csvLinesSql(newest.line, sql`${newest.id} desc`),
      count: sql<number>`count(*)::int`,
      last: sql<string | null>`((array_agg(${newest.id} order by ${newest.id}))[1])::text`,
    })
    .from(newest);
  return { text: batch?.text ?? '', count: batch?.count ?? 0, last: batch?.last ?? null };
}

/**
 * The staff's CSV export (02 §7 format=csv): the list's filters, every matching request of the
 * housing company asked for (or of every company the caller handles), newest first, streamed in
 * batches read by id (keyset), so that memory stays flat and each batch costs the same however far
 * in it is. Only handlers (a company's managers, board, rental and hab managers) and the
 * developer's staff export: anyone else gets 403, a company the caller does not handle 404.
 */
export async function exportRequests(
  ctx: ServiceRequestsContext,
  p: Principal,
  input: ServiceRequestExportQuery,
  onError: (error: unknown) => void,
): Promise<Readable> {
  const query = zServiceRequestExportQuery.parse(input);
  const scope = staffScope(p, query.housingCompanyId, 'SRQ_EXPORT_NOT_PERMITTED');
  if (query.housingCompanyId) await requireFeature(ctx, query.housingCompanyId, query.lang);
  const where = and(
    scope,
    FILTERS[query.filter],
    query.type ? eq(requests.typeId, query.type) : undefined,
    query.statusKey ? eq(requests.statusKey, query.statusKey) : undefined,
    withWords(query.q),
  );
  // On PostgreSQL the next batch is read while this one is written (the server works meanwhile);
  // PGlite runs in this thread, where reading ahead would only hold two batches at a time.
  const readAhead = ctx.database.kind === 'pg';
  const oneCompany = !!query.housingCompanyId;
  async function* texts() {
    let next: Promise<Batch> | null = readBatch(ctx, where, null, oneCompany);
    try {
      while (next) {
        const batch: Batch = await next;
        const more = batch.count === EXPORT_BATCH;
        next = more && readAhead ? readBatch(ctx, where, batch.last, oneCompany) : null;
        if (batch.count) yield batch.text;
        if (more && !readAhead) next = readBatch(ctx, where, batch.last, oneCompany);
      }
    } finally {
      // Stopped early (the download was broken off): the batch asked for ahead is not wanted.
      next?.catch(() => undefined);
    }
  }
  return csvTextStream(SERVICE_REQUEST_CSV_COLUMNS, texts(), onError);
}
