import type { Readable } from 'node:stream';
import {
  isClosedStatus,
  SERVICE_REQUEST_CSV_COLUMNS,
  SERVICE_REQUEST_TYPE_NAMES,
  type ServiceRequestExportQuery,
  type ServiceRequestStatus,
  type ServiceRequestTypeKey,
  zServiceRequestExportQuery,
} from '@porta/contracts';
import { csvStream, type Principal } from '@porta/service-kit';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ServiceRequestsContext } from '../context.js';
import { requests } from '../db/schema.js';
import { requireFeature } from './access.js';
import { FILTERS } from './requests.js';
import { staffScope, withWords } from './staff.js';

/** Rows read per query: the export walks the requests newest first by id, a batch at a time. */
export const EXPORT_BATCH = 2_000;

/** SQL: a timestamp as toISOString() writes it (UTC, milliseconds), so that no Date is made per row. */
const isoText = (column: AnyPgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One request of a batch, as the batch's JSON array has it. */
type ExportRow = [
  id: string,
  internalId: string | null,
  createdAt: string,
  typeId: ServiceRequestTypeKey,
  subject: string,
  statusKey: ServiceRequestStatus,
  isPublic: boolean,
  urgentRequest: boolean,
  visibleInApartment: boolean,
  senderName: string,
  apartmentNo: string | null,
  senderTel: string | null,
  responseCount: number,
  closedAt: string | null,
];

/**
 * Rows a JSON value of a batch holds: its text (about 200 characters a row, two bytes each with
 * ä or ö in it) stays below V8's large-object size (128 KiB).
 */
const JSON_PART = 200;

/** A batch as read: its rows as JSON texts of JSON_PART rows each, how many, and the last (oldest) id. */
interface Batch {
  parts: string[];
  count: number;
  last: string | null;
}

/**
 * One batch: the EXPORT_BATCH newest requests matching `where` older than `before` (keyset by id),
 * as a few JSON values of arrays. A few values a batch instead of 2,000 rows of 14 fields: the
 * drivers (PGlite's above all) spend most of an export's time turning fields into values. The texts
 * are parsed only when their rows are written, so that a batch read ahead holds a few strings
 * rather than thousands of values (which would outlive the young generation and swell the heap).
 */
async function readBatch(
  ctx: ServiceRequestsContext,
  where: SQL | undefined,
  before: string | null,
): Promise<Batch> {
  const newest = ctx.db
    .select({
      id: requests.id,
      internalId: requests.internalId,
      createdAt: isoText(requests.createdAt).as('created_at'),
      typeId: requests.typeId,
      subject: requests.subject,
      statusKey: requests.statusKey,
      isPublic: requests.isPublic,
      urgentRequest: requests.urgentRequest,
      visibleInApartment: requests.visibleInApartment,
      senderName: requests.senderName,
      apartmentNo: requests.apartmentNo,
      senderTel: requests.senderTel,
      responseCount: requests.responseCount,
      closedAt: isoText(requests.closedAt).as('closed_at'),
    })
    .from(requests)
    .where(before ? and(where, lt(requests.id, before)) : where)
    .orderBy(desc(requests.id))
    .limit(EXPORT_BATCH)
    .as('newest');
  const b = ctx.db
    .select({
      row: sql<unknown>`json_build_array(${newest.id}, ${newest.internalId}, ${newest.createdAt},
        ${newest.typeId}, ${newest.subject}, ${newest.statusKey}, ${newest.isPublic}, ${newest.urgentRequest},
        ${newest.visibleInApartment}, ${newest.senderName}, ${newest.apartmentNo}, ${newest.senderTel},
        ${newest.responseCount}, ${newest.closedAt})`.as('row'),
      id: newest.id,
      part: sql<number>`(row_number() over (order by ${newest.id} desc) - 1) / ${JSON_PART}`.as('part'),
    })
    .from(newest)
    .as('b');
  const parts = await ctx.db
    .select({
      rows: sql<string>`json_agg(${b.row} order by ${b.id} desc)::text`,
      count: sql<number>`count(*)::int`,
      last: sql<string>`((array_agg(${b.id} order by ${b.id}))[1])::text`,
    })
    .from(b)
    .groupBy(b.part)
    .orderBy(b.part);
  return {
    parts: parts.map((part) => part.rows),
    count: parts.reduce((n, part) => n + part.count, 0),
    last: parts.at(-1)?.last ?? null,
  };
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
  async function* batches() {
    let next: Promise<Batch> | null = readBatch(ctx, where, null);
    try {
      while (next) {
        const batch: Batch = await next;
        const more = batch.count === EXPORT_BATCH;
        next = more && readAhead ? readBatch(ctx, where, batch.last) : null;
        for (const part of batch.parts) {
          yield (JSON.parse(part) as ExportRow[]).map((r) => [
            r[0],
            r[1] ?? '',
            r[2],
            SERVICE_REQUEST_TYPE_NAMES[r[3]],
            r[4],
            r[5],
            isClosedStatus(r[5]),
            r[6],
            r[7],
            r[8],
            r[9],
            r[10] ?? '',
            r[11] ?? '',
            r[12],
            r[13] ?? '',
          ]);
        }
        if (more && !readAhead) next = readBatch(ctx, where, batch.last);
      }
    } finally {
      // Stopped early (the download was broken off): the batch asked for ahead is not wanted.
      next?.catch(() => undefined);
    }
  }
  return csvStream(SERVICE_REQUEST_CSV_COLUMNS, batches(), onError);
}
