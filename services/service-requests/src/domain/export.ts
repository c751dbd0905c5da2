import type { Transform } from 'node:stream';
import {
  isClosedStatus,
  SERVICE_REQUEST_CSV_COLUMNS,
  SERVICE_REQUEST_TYPE_NAMES,
  type ServiceRequestExportQuery,
  zServiceRequestExportQuery,
} from '@porta/contracts';
import { csvStream, type Principal } from '@porta/service-kit';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { ServiceRequestsContext } from '../context.js';
import { requests } from '../db/schema.js';
import { requireFeature } from './access.js';
import { FILTERS } from './requests.js';
import { staffScope } from './staff.js';

/** Rows read per query: the export walks the requests newest first by id, a batch at a time. */
export const EXPORT_BATCH = 2_000;

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
): Promise<Transform> {
  const query = zServiceRequestExportQuery.parse(input);
  const scope = staffScope(p, query.housingCompanyId, 'SRQ_EXPORT_NOT_PERMITTED');
  if (query.housingCompanyId) await requireFeature(ctx, query.housingCompanyId, query.lang);
  const where = and(scope, FILTERS[query.filter], query.type ? eq(requests.typeId, query.type) : undefined);
  async function* rows() {
    let before: string | null = null;
    for (;;) {
      const batch = await ctx.db
        .select({
          id: requests.id,
          internalId: requests.internalId,
          createdAt: requests.createdAt,
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
          closedAt: requests.closedAt,
        })
        .from(requests)
        .where(before ? and(where, lt(requests.id, before)) : where)
        .orderBy(desc(requests.id))
        .limit(EXPORT_BATCH);
      for (const r of batch) {
        yield [
          r.id,
          r.internalId ?? '',
          r.createdAt.toISOString(),
          SERVICE_REQUEST_TYPE_NAMES[r.typeId],
          r.subject,
          r.statusKey,
          isClosedStatus(r.statusKey),
          r.isPublic,
          r.urgentRequest,
          r.visibleInApartment,
          r.senderName,
          r.apartmentNo ?? '',
          r.senderTel ?? '',
          r.responseCount,
          r.closedAt?.toISOString() ?? '',
        ];
      }
      if (batch.length < EXPORT_BATCH) return;
      before = batch[batch.length - 1]!.id;
    }
  }
  return csvStream(SERVICE_REQUEST_CSV_COLUMNS, rows(), onError);
}
