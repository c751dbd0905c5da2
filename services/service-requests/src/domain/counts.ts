import {
  SERVICE_REQUEST_CLOSED_STATUSES,
  type ServiceRequestFilter,
  type ServiceRequestStatus,
  type ServiceRequestTypeKey,
} from '@porta/contracts';
import { and, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { ServiceRequestsContext } from '../context.js';
import { requestCounts } from '../db/schema.js';

/** The lists' filters (requests.ts FILTERS) on the kept counts. */
const COUNT_FILTERS: Record<ServiceRequestFilter, SQL | undefined> = {
  all: undefined,
  closed: inArray(requestCounts.statusKey, [...SERVICE_REQUEST_CLOSED_STATUSES]),
  pending: not(inArray(requestCounts.statusKey, [...SERVICE_REQUEST_CLOSED_STATUSES])),
  public: eq(requestCounts.isPublic, true),
};

export interface CountedRequests {
  /** The housing companies; null for every company. */
  companies: readonly string[] | null;
  view?: ServiceRequestFilter | undefined;
  typeId?: ServiceRequestTypeKey | undefined;
  statusKey?: ServiceRequestStatus | undefined;
}

/**
 * How many requests the companies have with these filters, from the counts the triggers keep
 * (schema.ts requestCounts): what a handler, who reads every request of a company, has in total.
 */
export async function countedRequests(ctx: ServiceRequestsContext, q: CountedRequests): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${requestCounts.n}), 0)::int` })
    .from(requestCounts)
    .where(
      and(
        q.companies ? inArray(requestCounts.housingCompanyId, [...q.companies]) : undefined,
        q.view ? COUNT_FILTERS[q.view] : undefined,
        q.typeId ? eq(requestCounts.typeId, q.typeId) : undefined,
        q.statusKey ? eq(requestCounts.statusKey, q.statusKey) : undefined,
      ),
    );
  return row?.n ?? 0;
}
