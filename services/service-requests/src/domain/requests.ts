import {
  isClosedStatus,
  type Language,
  SERVICE_REQUEST_CLOSED_STATUSES,
  SERVICE_REQUEST_TYPE_NAMES,
  SERVICE_REQUEST_TYPES,
  type ServiceRequest,
  type ServiceRequestCreate,
  type ServiceRequestDetail,
  type ServiceRequestFilter,
  type ServiceRequestListQuery,
  type ServiceRequestStatus,
  type ServiceRequestTargetList,
  type ServiceRequestTypeKey,
  type ServiceRequestTypeList,
  type ServiceRequestUpdate,
  zServiceRequestCreate,
  zServiceRequestListQuery,
  zServiceRequestUpdate,
} from '@porta/contracts';
import {
  AppError,
  hasText,
  type Principal,
  plainText,
  sanitizeBody,
  skipLimitPage,
  uuidv7,
  withTransaction,
} from '@porta/service-kit';
import { and, desc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { ServiceRequestsContext } from '../context.js';
import { requests, responses } from '../db/schema.js';
import {
  type Access,
  accessOf,
  apartmentsIn,
  type Entry,
  enterHousingCompany,
  loadRequest,
  partnerCompaniesOf,
  type RequestRow,
  removesAttachment,
  responseRightsOf,
  rightsOf,
  visibleIds,
  visibleTo,
} from './access.js';
import { attachFiles, attachmentsOf, deleteFiles, filesOfRequest } from './attachments.js';
import { countedRequests } from './counts.js';
import { emitEvent } from './events.js';
import { addRecipients, decideRecipients, memberOf, recipientsOf } from './recipients.js';

/** Sanitised content, required once sanitised (02 §5). */
export function cleanContent(html: string): string {
  const content = sanitizeBody(html);
  if (!hasText(content)) throw new AppError('SRQ_CONTENT_REQUIRED');
  return content;
}

/** The types a request can be sent as in the housing company: partner only when it has partner companies. */
export function typesOf(entry: Pick<Entry, 'housingCompany'>): ServiceRequestTypeList {
  const partnerCompanies = partnerCompaniesOf(entry.housingCompany);
  return {
    items: SERVICE_REQUEST_TYPES.filter((key) => key !== 'partner' || partnerCompanies.length > 0).map(
      (key) => ({ key, name: SERVICE_REQUEST_TYPE_NAMES[key], needsPartner: key === 'partner' }),
    ),
    partnerCompanies,
  };
}

/**
 * The residents a private request can be sent to (02 §5 targetedToUser): the company's members with
 * a public profile (identity names no one else), not the caller, by first name, with their
 * apartments' numbers. For those who send requests (partner users get 403).
 */
export async function targetsOf(
  ctx: ServiceRequestsContext,
  entry: Entry,
): Promise<ServiceRequestTargetList> {
  if (!entry.sends) throw new AppError('SRQ_NOT_PERMITTED');
  const neighbours = await ctx.identity.neighbours(entry.housingCompanyId);
  if (!neighbours) throw new AppError('SRQ_HOUSING_COMPANY_NOT_FOUND');
  const numbers = new Map(neighbours.apartments.map((a) => [a.id, a.no]));
  const items = neighbours.members
    .filter((m) => m.userId !== entry.userId)
    .map((m) => ({
      userId: m.userId,
      name: m.firstName,
      apartment:
        m.apartmentIds
          .map((id) => numbers.get(id))
          .filter(Boolean)
          .join(', ') || null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.apartment ?? '').localeCompare(b.apartment ?? ''));
  return { items };
}

/** The partner company chosen for a partner request: one serving the housing company (02 §5). */
function choosePartner(entry: Pick<Entry, 'housingCompany'>, partnerCompanyId: string | null | undefined) {
  const chosen = partnerCompaniesOf(entry.housingCompany).find((c) => c.id === partnerCompanyId);
  if (!chosen) throw new AppError('SRQ_PARTNER_REQUIRED');
  return chosen.id;
}

/** Requests as answered, with their recipients, attachments and the caller's rights. */
export async function present(
  ctx: ServiceRequestsContext,
  p: Principal,
  rows: RequestRow[],
): Promise<ServiceRequest[]> {
  const ids = rows.map((r) => r.id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [recipientLists, files] = await Promise.all([
    recipientsOf(ctx.db, ids),
    attachmentsOf(ctx.db, { requestIds: ids }, (file) =>
      removesAttachment(p, byId.get(file.requestId!)!, file.uploadedBy),
    ),
  ]);
  return rows.map((row) => {
    const list = recipientLists.get(row.id) ?? [];
    const access = accessOf(
      p,
      row,
      list.some((r) => r.userId === p.userId),
    );
    return {
      id: row.id,
      internalId: row.internalId,
      housingCompanyId: row.housingCompanyId,
      typeId: row.typeId,
      subject: row.subject,
      content: row.content,
      statusKey: row.statusKey,
      closed: isClosedStatus(row.statusKey),
      public: row.isPublic,
      visibleInApartment: row.visibleInApartment,
      urgentRequest: row.urgentRequest,
      targetedToUser: row.targetedToUser,
      targetUserId: row.targetUserId,
      partnerCompanyId: row.partnerCompanyId,
      sender: {
        id: row.senderId,
        name: row.senderName,
        tel: row.senderTel,
        apartmentId: row.apartmentId,
        apartment: row.apartmentNo,
      },
      recipients: list,
      attachments: files.get(row.id) ?? [],
      responseCount: row.responseCount,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      lastReminderAt: row.lastReminderAt?.toISOString() ?? null,
      ...rightsOf(access),
    };
  });
}

export async function presentOne(ctx: ServiceRequestsContext, p: Principal, row: RequestRow) {
  const [out] = await present(ctx, p, [row]);
  return out!;
}

/** The sender's apartment: the one named (theirs, in the company), else their only one there. */
function senderApartment(entry: Entry, apartmentId: string | null | undefined) {
  const mine = apartmentsIn(entry.principal, entry.housingCompanyId);
  if (apartmentId && !mine.includes(apartmentId)) throw new AppError('SRQ_APARTMENT_INVALID');
  const id = apartmentId ?? (mine.length === 1 ? mine[0]! : null);
  const no = id ? (entry.housingCompany.apartments.find((a) => a.id === id)?.no ?? null) : null;
  return { id, no };
}

/**
 * Send a request (02 §3, §5): everything is checked before anything is written, so a refused
 * request stores nothing; its recipients are decided now and stored with it, and hear of it.
 */
export async function createRequest(
  ctx: ServiceRequestsContext,
  p: Principal,
  input: ServiceRequestCreate,
  language: Language | undefined,
): Promise<ServiceRequest> {
  const body = zServiceRequestCreate.parse(input);
  const entry = await enterHousingCompany(ctx, p, body.housingCompanyId, language);
  if (!entry.sends) throw new AppError('SRQ_NOT_PERMITTED');
  if (!typesOf(entry).items.some((t) => t.key === body.typeId)) throw new AppError('SRQ_TYPE_NOT_SELECTABLE');
  const content = cleanContent(body.content);
  const subject = plainText(body.subject ?? '') || SERVICE_REQUEST_TYPE_NAMES[body.typeId];
  const apartment = senderApartment(entry, body.apartmentId);
  // Targeting applies only when the request is not public (02 §5).
  const targeted = !body.public && (body.targetedToUser || !!body.targetUserId);
  let targetUser = null;
  if (targeted) {
    if (!body.targetUserId) throw new AppError('SRQ_TARGET_USER_REQUIRED');
    targetUser =
      body.targetUserId === p.userId ? null : await memberOf(ctx, entry.housingCompanyId, body.targetUserId);
    if (!targetUser) throw new AppError('SRQ_TARGET_USER_INVALID');
  }
  const partnerCompanyId = body.typeId === 'partner' ? choosePartner(entry, body.partnerCompanyId) : null;
  const recipientList = await decideRecipients(ctx, {
    housingCompanyId: entry.housingCompanyId,
    typeId: body.typeId,
    targetUser,
    partnerCompanyId,
    senderId: p.userId,
  });
  const now = new Date();
  const row = await withTransaction(ctx.db, async (tx) => {
    const [created] = await tx
      .insert(requests)
      .values({
        id: uuidv7(),
        housingCompanyId: entry.housingCompanyId,
        typeId: body.typeId,
        subject,
        content,
        isPublic: body.public,
        visibleInApartment: body.visibleInApartment && apartment.id !== null,
        urgentRequest: body.urgentRequest,
        targetedToUser: targeted,
        targetUserId: targetUser?.userId ?? null,
        partnerCompanyId,
        senderId: p.userId,
        senderName: p.name,
        senderTel: body.senderTel || null,
        apartmentId: apartment.id,
        apartmentNo: apartment.no,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await attachFiles(tx, entry, body.attachmentIds, { requestId: created!.id });
    await addRecipients(tx, created!.id, recipientList, null);
    const userIds = recipientList.map((r) => r.userId);
    await emitEvent(tx, 'requestCreated', {
      request: created!,
      actorId: p.userId,
      userIds,
      at: now,
      urlsByUser: ctx.manageLinks.urlsFor(created!.id, userIds, now),
    });
    return created!;
  });
  ctx.kickEvents();
  return presentOne(ctx, p, row);
}

export const FILTERS: Record<ServiceRequestFilter, SQL | undefined> = {
  all: undefined,
  closed: inArray(requests.statusKey, [...SERVICE_REQUEST_CLOSED_STATUSES]),
  pending: not(inArray(requests.statusKey, [...SERVICE_REQUEST_CLOSED_STATUSES])),
  public: eq(requests.isPublic, true),
};

/** A housing company's requests the caller sees, newest first, with the list's filters. */
export async function listRequests(
  ctx: ServiceRequestsContext,
  p: Principal,
  input: ServiceRequestListQuery,
) {
  const query = zServiceRequestListQuery.parse(input);
  const entry = await enterHousingCompany(ctx, p, query.housingCompanyId, query.lang);
  const filters = and(FILTERS[query.filter], query.type ? eq(requests.typeId, query.type) : undefined);
  const where = and(visibleTo(entry), filters);
  const show = (rows: RequestRow[]) => present(ctx, p, rows);
  const paging = { orderBy: [desc(requests.id)], skip: query.skip, limit: query.limit };
  if (entry.handler) {
    // A handler sees every request of the company: the total is the kept count.
    const total = () =>
      countedRequests(ctx, { companies: [entry.housingCompanyId], view: query.filter, typeId: query.type });
    return skipLimitPage(ctx.db, requests, { where, ...paging, total }, show);
  }
  // A resident's total counts the union of what they see for each reason (visibleIds).
  const [rows, totals] = await Promise.all([
    ctx.db
      .select()
      .from(requests)
      .where(where)
      .orderBy(desc(requests.id))
      .offset(query.skip)
      .limit(query.limit),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(sql`(${visibleIds(entry, filters)}) as visible`),
  ]);
  return { items: await show(rows), total: totals[0]?.n ?? 0, skip: query.skip, limit: query.limit };
}

/** One request with its responses, oldest first. */
export async function getRequest(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
  language: Language | undefined,
): Promise<ServiceRequestDetail> {
  const { row } = await loadRequest(ctx, p, id, language);
  return presentDetail(ctx, p, row);
}

/** A request the caller reaches, with its responses, oldest first. */
export async function presentDetail(
  ctx: ServiceRequestsContext,
  p: Principal,
  row: RequestRow,
): Promise<ServiceRequestDetail> {
  const [request, rows] = await Promise.all([
    presentOne(ctx, p, row),
    ctx.db.select().from(responses).where(eq(responses.requestId, row.id)).orderBy(responses.id),
  ]);
  const files = await attachmentsOf(ctx.db, { responseIds: rows.map((r) => r.id) }, (file) =>
    removesAttachment(p, row, file.uploadedBy),
  );
  return {
    ...request,
    // A deleted response keeps its place, without content or attachments.
    responses: rows.map((r) => ({
      id: r.id,
      serviceRequestId: r.requestId,
      content: r.deletedAt ? '' : r.content,
      sender: {
        id: r.senderId,
        name: r.senderName,
        tel: null,
        apartmentId: r.apartmentId,
        apartment: r.apartmentNo,
      },
      attachments: r.deletedAt ? [] : (files.get(r.id) ?? []),
      createdAt: r.createdAt.toISOString(),
      editedAt: r.editedAt?.toISOString() ?? null,
      isDeleted: r.deletedAt !== null,
      isOwn: r.senderId === p.userId,
      ...responseRightsOf(p, row, r),
    })),
  };
}

/**
 * The status changes the rules allow (ADR 0018): handlers move a request between open and in
 * progress, close or decline it, and reopen a closed or declined one; its sender may only close it.
 * Closing one that is closed already fails as 'Service request could not be closed'.
 */
export function assertTransition(a: Access, to: ServiceRequestStatus): void {
  const from = a.row.statusKey;
  if (from === to) return;
  const closing = isClosedStatus(to);
  if (closing && isClosedStatus(from)) throw new AppError('SRQ_CLOSE_FAILED');
  if (a.handler) {
    if (isClosedStatus(from) && to !== 'open') throw new AppError('SRQ_STATUS_UPDATE_FAILED');
    return;
  }
  if (a.isOwn && to === 'closed') return;
  throw new AppError(closing ? 'SRQ_CLOSE_FAILED' : 'SRQ_NOT_PERMITTED');
}

/**
 * Change a request (02 §7 PUT): content (the sender while open), status (see assertTransition),
 * public and visible in apartment (the sender and handlers; a request to a resident cannot be made
 * public), type, partner company and internal id (handlers). A new type or partner company adds
 * its recipients, who hear of it. sendNotification tells the sender of a status change.
 */
export async function updateRequest(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
  input: ServiceRequestUpdate,
  language: Language | undefined,
): Promise<ServiceRequest> {
  const body = zServiceRequestUpdate.parse(input);
  return changeRequest(ctx, await loadRequest(ctx, p, id, language), body, language);
}

/** Change a request the caller reaches (see updateRequest). */
export async function changeRequest(
  ctx: ServiceRequestsContext,
  a: Access,
  input: ServiceRequestUpdate,
  language: Language | undefined,
): Promise<ServiceRequest> {
  const body = zServiceRequestUpdate.parse(input);
  const { row, principal: p } = a;
  const id = row.id;
  const set: Partial<typeof requests.$inferInsert> = {};
  if (body.content !== undefined) {
    if (!(a.isOwn && row.statusKey === 'open')) throw new AppError('SRQ_NOT_EDITABLE');
    set.content = cleanContent(body.content);
  }
  if (body.statusKey !== undefined && body.statusKey !== row.statusKey) {
    assertTransition(a, body.statusKey);
    set.statusKey = body.statusKey;
    set.closedAt = isClosedStatus(body.statusKey) ? new Date() : null;
  }
  const publicity = { public: body.public, visibleInApartment: body.visibleInApartment };
  if (
    (publicity.public !== undefined && publicity.public !== row.isPublic) ||
    (publicity.visibleInApartment !== undefined && publicity.visibleInApartment !== row.visibleInApartment)
  ) {
    if (!(a.handler || a.isOwn)) throw new AppError('SRQ_NOT_PERMITTED');
    if (publicity.public && row.targetedToUser) throw new AppError('SRQ_PUBLICITY_UPDATE_FAILED');
    if (publicity.visibleInApartment && !row.apartmentId) throw new AppError('SRQ_PUBLICITY_UPDATE_FAILED');
    if (publicity.public !== undefined) set.isPublic = publicity.public;
    if (publicity.visibleInApartment !== undefined) set.visibleInApartment = publicity.visibleInApartment;
  }
  const typeId: ServiceRequestTypeKey = body.typeId ?? row.typeId;
  const rerouted =
    typeId !== row.typeId ||
    (typeId === 'partner' &&
      body.partnerCompanyId !== undefined &&
      body.partnerCompanyId !== row.partnerCompanyId);
  const internalChanged = body.internalId !== undefined && (body.internalId || null) !== row.internalId;
  if ((rerouted || internalChanged) && !a.handler) throw new AppError('SRQ_NOT_PERMITTED');
  if (internalChanged) set.internalId = body.internalId || null;
  let added: Awaited<ReturnType<typeof decideRecipients>> = [];
  if (rerouted) {
    const entry = await enterHousingCompany(ctx, p, row.housingCompanyId, language);
    if (!typesOf(entry).items.some((t) => t.key === typeId)) throw new AppError('SRQ_TYPE_NOT_SELECTABLE');
    set.typeId = typeId;
    set.partnerCompanyId =
      typeId === 'partner' ? choosePartner(entry, body.partnerCompanyId ?? row.partnerCompanyId) : null;
    if (!row.targetedToUser) {
      added = await decideRecipients(ctx, {
        housingCompanyId: row.housingCompanyId,
        typeId,
        targetUser: null,
        partnerCompanyId: set.partnerCompanyId,
        senderId: row.senderId,
      });
    }
  }
  if (Object.keys(set).length === 0) return presentOne(ctx, p, row);
  const now = new Date();
  const updated = await withTransaction(ctx.db, async (tx) => {
    const [changed] = await tx
      .update(requests)
      .set({ ...set, updatedAt: now })
      .where(eq(requests.id, id))
      .returning();
    if (!changed) throw new AppError('SRQ_NOT_FOUND');
    const newcomers = (await addRecipients(tx, id, added, p.userId)).map((r) => r.userId);
    await emitEvent(tx, 'recipientAdded', {
      request: changed,
      actorId: p.userId,
      userIds: newcomers,
      at: now,
      urlsByUser: ctx.manageLinks.urlsFor(id, newcomers, now),
      extra: { forwarded: false },
    });
    if (set.statusKey && body.sendNotification) {
      await emitEvent(tx, 'statusChanged', {
        request: changed,
        actorId: p.userId,
        userIds: [changed.senderId],
        at: now,
        extra: { from: row.statusKey, statusKey: changed.statusKey },
      });
    }
    return changed;
  });
  ctx.kickEvents();
  return presentOne(ctx, p, updated);
}

/** Delete a request with its responses and files: its sender while it is open, or a manager. */
export async function deleteRequest(
  ctx: ServiceRequestsContext,
  p: Principal,
  id: string,
  language: Language | undefined,
): Promise<void> {
  const a = await loadRequest(ctx, p, id, language);
  if (!rightsOf(a).canDelete) throw new AppError('SRQ_NOT_DELETABLE');
  const files = await withTransaction(ctx.db, async (tx) => {
    const keys = await filesOfRequest(tx, id);
    await tx.delete(requests).where(eq(requests.id, id));
    return keys;
  });
  await deleteFiles(ctx, files);
}
