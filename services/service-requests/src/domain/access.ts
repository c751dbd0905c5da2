import {
  DEFAULT_LANGUAGE,
  type DirectoryHousingCompany,
  isClosedStatus,
  type Language,
  SERVICE_REQUEST_REMINDER_INTERVAL_MS,
  type ServiceRequestRights,
} from '@porta/contracts';
import { AppError, type Principal } from '@porta/service-kit';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ServiceRequestsContext } from '../context.js';
import { recipients, requests, type responses } from '../db/schema.js';
import { deletesInHousingCompany, handlesHousingCompany, isGlobalHandler } from '../policies.js';

/** The feature of the service requests (01 §6 feature policies). */
export const SERVICE_REQUESTS_FEATURE = 'service-requests' as const;

export type RequestRow = typeof requests.$inferSelect;

/** A caller in one housing company's service requests. */
export interface Entry {
  principal: Principal;
  userId: string;
  housingCompanyId: string;
  /** Reads every request of the company. */
  handler: boolean;
  /** Sends requests: a member of the company, or the developer's staff. */
  sends: boolean;
  /** The company as identity's directory has it (partner companies, apartments). */
  housingCompany: DirectoryHousingCompany;
}

/** The partner companies serving the housing company (02 §5: a partner request goes to one). */
export function partnerCompaniesOf(hc: DirectoryHousingCompany): { id: string; name: string }[] {
  const out = new Map<string, string>();
  for (const c of hc.partnerContacts) out.set(c.partnerCompanyId, c.companyName);
  return [...out].map(([id, name]) => ({ id, name }));
}

/**
 * The caller on a housing company's service requests: members, the developer's staff and users of a
 * partner company serving it get in; anyone else, or a company identity does not know, gets 404.
 * Then the feature service-requests must be on (403 FEATURE_NOT_ACTIVATED).
 */
export async function enterHousingCompany(
  ctx: ServiceRequestsContext,
  p: Principal,
  housingCompanyId: string,
  language: Language | undefined,
): Promise<Entry> {
  const member = p.belongsTo(housingCompanyId);
  const global = isGlobalHandler(p);
  if (!member && !global && p.partnerCompanies.size === 0)
    throw new AppError('SRQ_HOUSING_COMPANY_NOT_FOUND');
  const hc = await ctx.directory.housingCompany(housingCompanyId);
  if (!hc) throw new AppError('SRQ_HOUSING_COMPANY_NOT_FOUND');
  const partner = partnerCompaniesOf(hc).some((c) => p.partnerCompanies.has(c.id));
  if (!member && !global && !partner) throw new AppError('SRQ_HOUSING_COMPANY_NOT_FOUND');
  await requireFeature(ctx, housingCompanyId, language);
  return {
    principal: p,
    userId: p.userId,
    housingCompanyId,
    handler: handlesHousingCompany(p, housingCompanyId),
    sends: member || global,
    housingCompany: hc,
  };
}

export function requireFeature(ctx: ServiceRequestsContext, housingCompanyId: string, language?: Language) {
  return ctx.features.require(housingCompanyId, language ?? DEFAULT_LANGUAGE, [SERVICE_REQUESTS_FEATURE]);
}

/** The apartments of the caller in the housing company. */
export function apartmentsIn(p: Principal, housingCompanyId: string): string[] {
  return [...p.apartments].filter(([, a]) => a.housingCompanyId === housingCompanyId).map(([id]) => id);
}

/** The reasons a caller who does not handle the housing company sees a request of it (ADR 0018). */
function reasons(entry: Entry): SQL[] {
  const { principal: p, housingCompanyId } = entry;
  const out: SQL[] = [
    eq(requests.senderId, p.userId),
    eq(requests.targetUserId, p.userId),
    // The caller's few recipient rows read once (a correlated EXISTS is priced per request of the
    // company: with many, the planner then reads the heap and compiles the statement).
    sql`${requests.id} in (select ${recipients.requestId} from ${recipients} where ${recipients.userId} = ${p.userId})`,
  ];
  if (p.partnerCompanies.size) out.push(inArray(requests.partnerCompanyId, [...p.partnerCompanies]));
  // The flags as columns, not compared with a parameter: the partial indexes are on them.
  if (p.belongsTo(housingCompanyId)) out.push(sql`${requests.isPublic}`);
  const apartments = apartmentsIn(p, housingCompanyId);
  if (apartments.length) {
    out.push(sql`(${requests.visibleInApartment} and ${inArray(requests.apartmentId, apartments)})`);
  }
  return out;
}

/**
 * The condition on requests a caller sees in a housing company they entered: all of them for its
 * handlers; else their own, those targeted to them or sent to them, those of their partner
 * companies, those visible in their apartments and (members) the public ones. Read along the
 * company's requests newest first, it finds a page quickly when the caller sees many of them.
 */
export function visibleTo(entry: Entry): SQL | undefined {
  const inCompany = eq(requests.housingCompanyId, entry.housingCompanyId);
  return entry.handler ? inCompany : and(inCompany, or(...reasons(entry)));
}

/**
 * What a caller who does not handle the company sees, `where` (the list's filters) applied, as the
 * union of one SELECT of ids per reason, each read along its own index. Counting that reads what
 * the caller sees; counting with visibleTo would read every request of the company (tens of
 * thousands in a busy one).
 */
export function visibleIds(entry: Entry, where: SQL | undefined): SQL {
  const inCompany = and(eq(requests.housingCompanyId, entry.housingCompanyId), where);
  const parts = reasons(entry).map(
    (reason) => sql`select ${requests.id} from ${requests} where ${and(inCompany, reason)}`,
  );
  return sql.join(parts, sql` union `);
}

/** What the caller is to one request. */
export interface Access {
  principal: Principal;
  row: RequestRow;
  isOwn: boolean;
  isRecipient: boolean;
  /** Handles the request: the company's handlers, the developer's staff, its recipients and partner users. */
  handler: boolean;
}

/** Does the caller see the request (ADR 0018); false for anyone else, who gets 404. */
export function reads(p: Principal, row: RequestRow, isRecipient: boolean): boolean {
  if (handlesHousingCompany(p, row.housingCompanyId) || isRecipient) return true;
  if (row.senderId === p.userId || row.targetUserId === p.userId) return true;
  if (row.partnerCompanyId && p.partnerCompanies.has(row.partnerCompanyId)) return true;
  if (row.isPublic && p.belongsTo(row.housingCompanyId)) return true;
  return !!(row.visibleInApartment && row.apartmentId && p.apartments.has(row.apartmentId));
}

export function accessOf(p: Principal, row: RequestRow, isRecipient: boolean): Access {
  return {
    principal: p,
    row,
    isOwn: row.senderId === p.userId,
    isRecipient,
    handler:
      handlesHousingCompany(p, row.housingCompanyId) ||
      isRecipient ||
      (!!row.partnerCompanyId && p.partnerCompanies.has(row.partnerCompanyId)),
  };
}

/**
 * The request as the caller may reach it: 404 SRQ_NOT_FOUND when there is none or they may not
 * see it, then the feature must be on for its housing company.
 */
export async function loadRequest(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
  language: Language | undefined,
): Promise<Access> {
  const [found] = await ctx.db
    .select({ row: requests, recipient: recipients.userId })
    .from(requests)
    .leftJoin(recipients, and(eq(recipients.requestId, requests.id), eq(recipients.userId, p.userId)))
    .where(eq(requests.id, id));
  if (!found || !reads(p, found.row, found.recipient !== null)) throw new AppError('SRQ_NOT_FOUND');
  await requireFeature(ctx, found.row.housingCompanyId, language);
  return accessOf(p, found.row, found.recipient !== null);
}

/** When the next reminder may be sent (now when none was). */
export function nextReminderAt(row: Pick<RequestRow, 'lastReminderAt'>): Date {
  return new Date((row.lastReminderAt?.getTime() ?? 0) + SERVICE_REQUEST_REMINDER_INTERVAL_MS);
}

/** What the caller may do with the request (ADR 0018: who changes what). */
export function rightsOf(a: Access, now = new Date()): ServiceRequestRights {
  const { principal: p, row, isOwn, handler } = a;
  const closed = isClosedStatus(row.statusKey);
  const staff = handlesHousingCompany(p, row.housingCompanyId);
  return {
    isOwn,
    canEdit: isOwn && row.statusKey === 'open',
    canChangeStatus: handler || (isOwn && !closed),
    canChangePublicity: handler || isOwn,
    canRespond: !closed,
    canDelete: (isOwn && row.statusKey === 'open') || deletesInHousingCompany(p, row.housingCompanyId),
    canAddRecipient: staff,
    canForward: handler && !closed,
    canRemind: (isOwn || handler) && !closed && nextReminderAt(row) <= now,
    canChangeInternalId: handler,
    canChangeType: handler,
  };
}

/**
 * Moderates the request's company: deletes any response and removes any attachment (admin, the
 * developer's staff and the company's property and maintenance managers, as deleting requests).
 */
export function moderates(p: Principal, row: Pick<RequestRow, 'housingCompanyId'>): boolean {
  return deletesInHousingCompany(p, row.housingCompanyId);
}

/**
 * What the caller may do with a response (ADR 0018): its writer edits and deletes it while the
 * request is not closed; moderators delete any, any time. Nothing is done to a deleted one.
 */
export function responseRightsOf(
  p: Principal,
  row: Pick<RequestRow, 'housingCompanyId' | 'statusKey'>,
  response: Pick<typeof responses.$inferSelect, 'senderId' | 'deletedAt'>,
): { canEdit: boolean; canDelete: boolean } {
  if (response.deletedAt) return { canEdit: false, canDelete: false };
  const writes = response.senderId === p.userId && !isClosedStatus(row.statusKey);
  return { canEdit: writes, canDelete: writes || moderates(p, row) };
}

/** May the caller remove an attachment: its uploader while the request is not closed, or a moderator. */
export function removesAttachment(
  p: Principal,
  row: Pick<RequestRow, 'housingCompanyId' | 'statusKey'>,
  uploadedBy: string,
): boolean {
  return (uploadedBy === p.userId && !isClosedStatus(row.statusKey)) || moderates(p, row);
}
