import {
  type AdminServiceRequestListQuery,
  SERVICE_REQUEST_GLOBAL_HANDLERS,
  SERVICE_REQUEST_HC_HANDLERS,
  SERVICE_REQUEST_OVERDUE_DAYS,
  type ServiceRequest,
  type ServiceRequestDetail,
} from '@porta/contracts';
import { AppError, housingCompaniesWhere, listPage, type Principal, sortBy } from '@porta/service-kit';
import { and, desc, eq, ilike, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { ServiceRequestsContext } from '../context.js';
import { requests } from '../db/schema.js';
import { isGlobalHandler } from '../policies.js';
import { countedRequests } from './counts.js';
import { FILTERS, present, presentDetail } from './requests.js';

/**
 * The staff's view across housing companies (03 /admin/service-requests): the requests of every
 * company the caller handles, all of them for the developer's staff. It reads what the handlers of
 * those companies read in the resident app (ADR 0018), without the feature gate: the back office
 * still sees a company's requests after the feature is switched off.
 */

/** The housing companies the caller handles; null for every company (the developer's staff). */
export function handledCompanies(p: Principal): string[] | null {
  if (isGlobalHandler(p)) return null;
  return housingCompaniesWhere(p, [...SERVICE_REQUEST_GLOBAL_HANDLERS, ...SERVICE_REQUEST_HC_HANDLERS]);
}

/**
 * The condition on requests of the staff's scope, narrowed to one housing company when asked. A
 * member of that company who does not handle it (a resident) gets 403 `refusal`, as does a caller
 * who handles no company; anyone else asking for a company they do not handle gets 404, as for one
 * that does not exist.
 */
export function staffScope(
  p: Principal,
  housingCompanyId: string | undefined,
  refusal: 'SRQ_EXPORT_NOT_PERMITTED' | 'SRQ_NOT_PERMITTED',
): SQL | undefined {
  const companies = handledCompanies(p);
  if (housingCompanyId) {
    if (companies && !companies.includes(housingCompanyId)) {
      throw new AppError(p.belongsTo(housingCompanyId) ? refusal : 'SRQ_HOUSING_COMPANY_NOT_FOUND');
    }
    return eq(requests.housingCompanyId, housingCompanyId);
  }
  if (companies?.length === 0) throw new AppError(refusal);
  return companies ? inArray(requests.housingCompanyId, companies) : undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Requests whose subject, sender's name or internal id has the words in it (as text, not a pattern). */
export function withWords(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const words = `%${escapeLike(q)}%`;
  return or(
    ilike(requests.subject, words),
    ilike(requests.senderName, words),
    ilike(sql`coalesce(${requests.internalId}, '')`, words),
  );
}

/**
 * Overdue (ADR 0023): pending (open or in progress) and not updated — no change, response or
 * reminder — for SERVICE_REQUEST_OVERDUE_DAYS days. Requests have no due date (02 §3).
 */
export function overdueRequests(now = new Date()): SQL {
  const since = new Date(now.getTime() - SERVICE_REQUEST_OVERDUE_DAYS * 86_400_000);
  return and(FILTERS.pending, lt(requests.updatedAt, since))!;
}

const SORT_COLUMNS = {
  createdAt: requests.createdAt,
  statusKey: requests.statusKey,
  typeId: requests.typeId,
  subject: requests.subject,
} as const;

/** One page of the staff list, newest first unless sorted otherwise (Content-Range `service-requests`). */
export async function listForStaff(
  ctx: ServiceRequestsContext,
  p: Principal,
  query: AdminServiceRequestListQuery,
): Promise<{ items: ServiceRequest[]; contentRange: string }> {
  const f = query.filter ?? {};
  const scope = staffScope(p, f.housingCompanyId, 'SRQ_NOT_PERMITTED');
  const where = and(
    scope,
    f.view ? FILTERS[f.view] : undefined,
    f.typeId ? eq(requests.typeId, f.typeId) : undefined,
    f.statusKey ? eq(requests.statusKey, f.statusKey) : undefined,
    f.overdue === undefined ? undefined : f.overdue ? overdueRequests() : not(overdueRequests()),
    f.id ? inArray(requests.id, f.id) : undefined,
    withWords(f.q),
  );
  const [field, order] = query.sort ?? ['createdAt', 'DESC'];
  // Without words, ids or overdue the total is the kept count of the companies in scope.
  const companies = f.housingCompanyId ? [f.housingCompanyId] : handledCompanies(p);
  const total =
    f.q || f.id || f.overdue !== undefined
      ? undefined
      : () => countedRequests(ctx, { companies, view: f.view, typeId: f.typeId, statusKey: f.statusKey });
  const page = await listPage(ctx.db, requests, 'service-requests', {
    where,
    orderBy: [sortBy(SORT_COLUMNS[field], order), desc(requests.id)],
    range: query.range,
    total,
  });
  return { items: await present(ctx, p, page.rows), contentRange: page.contentRange };
}

/** One request of the staff's scope with its responses; 404 for anything else. */
export async function getForStaff(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
): Promise<ServiceRequestDetail> {
  const [row] = await ctx.db
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), staffScope(p, undefined, 'SRQ_NOT_PERMITTED')));
  if (!row) throw new AppError('SRQ_NOT_FOUND');
  return presentDetail(ctx, p, row);
}
