import {
  isClosedStatus,
  type Language,
  type ServiceRequestAttachmentParams,
  type ServiceRequestDetail,
  type ServiceRequestResponseAttachmentParams,
  type ServiceRequestResponseParams,
  type ServiceRequestResponseUpdate,
  zServiceRequestResponseUpdate,
} from '@porta/contracts';
import { AppError, type Principal, withTransaction } from '@porta/service-kit';
import { and, eq, isNull } from 'drizzle-orm';
import type { ServiceRequestsContext } from '../context.js';
import { attachments, requests, responses } from '../db/schema.js';
import { type Access, loadRequest, removesAttachment, responseRightsOf } from './access.js';
import { deleteFiles } from './attachments.js';
import { emitChange } from './events.js';
import { cleanContent, presentDetail } from './requests.js';

/**
 * Changing what was written on a request (02 §7 PUT and DELETE serviceRequestResponse, DELETE
 * serviceRequestAttachment and serviceRequestResponseAttachment; ADR 0018): the writer of a
 * response edits and deletes it while the request is not closed; the uploader of an attachment
 * removes it while the request is not closed; admin, the developer's staff and the company's
 * property and maintenance managers delete any response and remove any attachment (moderation).
 * A request the caller may not read answers 404 as everywhere (SRQ_NOT_FOUND), and so does a
 * response or attachment that is not on it. A deleted response keeps its place: its content is
 * emptied and its files removed. Each change is recorded in the outbox; nobody is told.
 */

type ResponseRow = typeof responses.$inferSelect;

/** The response of the request, or 404 SRQ_RESPONSE_NOT_FOUND. */
async function loadResponse(
  ctx: ServiceRequestsContext,
  a: Access,
  responseId: string,
): Promise<ResponseRow> {
  const [row] = await ctx.db
    .select()
    .from(responses)
    .where(and(eq(responses.id, responseId), eq(responses.requestId, a.row.id)));
  if (!row) throw new AppError('SRQ_RESPONSE_NOT_FOUND');
  return row;
}

/** The request again, as the caller now sees it with its responses. */
async function detailAfter(
  ctx: ServiceRequestsContext,
  p: Principal,
  a: Access,
): Promise<ServiceRequestDetail> {
  const [row] = await ctx.db.select().from(requests).where(eq(requests.id, a.row.id));
  if (!row) throw new AppError('SRQ_NOT_FOUND');
  return presentDetail(ctx, p, row);
}

/**
 * Edit a response (its writer, while the request is not closed: 403 SRQ_RESPONSE_NOT_EDITABLE for
 * anyone else, 409 SRQ_ALREADY_CLOSED once closed, 409 SRQ_RESPONSE_DELETED when deleted). The
 * content is sanitised and required as when answering. Answers the request with its responses.
 */
export async function editResponse(
  ctx: ServiceRequestsContext,
  p: Principal,
  params: ServiceRequestResponseParams,
  input: ServiceRequestResponseUpdate,
  language: Language | undefined,
): Promise<ServiceRequestDetail> {
  const body = zServiceRequestResponseUpdate.parse(input);
  const a = await loadRequest(ctx, p, params.id, language);
  const response = await loadResponse(ctx, a, params.responseId);
  if (response.senderId !== p.userId) throw new AppError('SRQ_RESPONSE_NOT_EDITABLE');
  if (response.deletedAt) throw new AppError('SRQ_RESPONSE_DELETED');
  if (isClosedStatus(a.row.statusKey)) throw new AppError('SRQ_ALREADY_CLOSED');
  const content = cleanContent(body.content);
  if (content !== response.content) {
    const now = new Date();
    await withTransaction(ctx.db, async (tx) => {
      const [changed] = await tx
        .update(responses)
        .set({ content, editedAt: now })
        .where(and(eq(responses.id, response.id), isNull(responses.deletedAt)))
        .returning({ id: responses.id });
      if (!changed) throw new AppError('SRQ_RESPONSE_DELETED');
      await emitChange(tx, 'responseUpdated', {
        serviceRequestId: a.row.id,
        housingCompanyId: a.row.housingCompanyId,
        actorId: p.userId,
        responseId: response.id,
        authorId: response.senderId,
        at: now,
      });
    });
    ctx.kickEvents();
  }
  return detailAfter(ctx, p, a);
}

/**
 * Delete a response: its writer while the request is not closed (409 SRQ_ALREADY_CLOSED after),
 * moderators any time; anyone else 403 SRQ_RESPONSE_NOT_DELETABLE. It keeps its place, without
 * content; its files are removed. Answers the request with its responses.
 */
export async function deleteResponse(
  ctx: ServiceRequestsContext,
  p: Principal,
  params: ServiceRequestResponseParams,
  language: Language | undefined,
): Promise<ServiceRequestDetail> {
  const a = await loadRequest(ctx, p, params.id, language);
  const response = await loadResponse(ctx, a, params.responseId);
  if (response.deletedAt) throw new AppError('SRQ_RESPONSE_DELETED');
  if (!responseRightsOf(p, a.row, response).canDelete) {
    throw new AppError(
      response.senderId === p.userId && isClosedStatus(a.row.statusKey)
        ? 'SRQ_ALREADY_CLOSED'
        : 'SRQ_RESPONSE_NOT_DELETABLE',
    );
  }
  const now = new Date();
  const files = await withTransaction(ctx.db, async (tx) => {
    const [deleted] = await tx
      .update(responses)
      .set({ content: '', deletedAt: now, deletedBy: p.userId })
      .where(and(eq(responses.id, response.id), isNull(responses.deletedAt)))
      .returning({ id: responses.id });
    if (!deleted) throw new AppError('SRQ_RESPONSE_DELETED');
    const removed = await tx
      .delete(attachments)
      .where(eq(attachments.responseId, response.id))
      .returning({ storageKey: attachments.storageKey });
    await emitChange(tx, 'responseDeleted', {
      serviceRequestId: a.row.id,
      housingCompanyId: a.row.housingCompanyId,
      actorId: p.userId,
      responseId: response.id,
      authorId: response.senderId,
      at: now,
    });
    return removed.map((r) => r.storageKey);
  });
  ctx.kickEvents();
  await deleteFiles(ctx, files);
  return detailAfter(ctx, p, a);
}

/**
 * Remove an attachment from a request or from one of its responses: its uploader while the request
 * is not closed (409 SRQ_ALREADY_CLOSED after), moderators any time; anyone else 403
 * SRQ_ATTACHMENT_NOT_REMOVABLE. One that is not there answers 404 SRQ_ATTACHMENT_MISSING. The row
 * and the stored file are removed. Answers the request with its responses.
 */
export async function removeAttachment(
  ctx: ServiceRequestsContext,
  p: Principal,
  params: ServiceRequestAttachmentParams | ServiceRequestResponseAttachmentParams,
  language: Language | undefined,
): Promise<ServiceRequestDetail> {
  const a = await loadRequest(ctx, p, params.id, language);
  const responseId = 'responseId' in params ? (await loadResponse(ctx, a, params.responseId)).id : null;
  const [file] = await ctx.db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.id, params.attachmentId),
        responseId ? eq(attachments.responseId, responseId) : eq(attachments.requestId, a.row.id),
      ),
    );
  if (!file) throw new AppError('SRQ_ATTACHMENT_MISSING');
  if (!removesAttachment(p, a.row, file.uploadedBy)) {
    throw new AppError(
      file.uploadedBy === p.userId && isClosedStatus(a.row.statusKey)
        ? 'SRQ_ALREADY_CLOSED'
        : 'SRQ_ATTACHMENT_NOT_REMOVABLE',
    );
  }
  const now = new Date();
  const removed = await withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .delete(attachments)
      .where(eq(attachments.id, file.id))
      .returning({ storageKey: attachments.storageKey });
    if (!row) throw new AppError('SRQ_ATTACHMENT_MISSING');
    await emitChange(tx, 'attachmentRemoved', {
      serviceRequestId: a.row.id,
      housingCompanyId: a.row.housingCompanyId,
      actorId: p.userId,
      responseId,
      attachmentId: file.id,
      authorId: file.uploadedBy,
      at: now,
    });
    return row.storageKey;
  });
  ctx.kickEvents();
  await deleteFiles(ctx, [removed]);
  return detailAfter(ctx, p, a);
}
