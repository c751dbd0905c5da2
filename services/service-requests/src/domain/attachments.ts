import {
  SERVICE_REQUEST_ARCHIVE_EXTENSIONS,
  SERVICE_REQUEST_ATTACHMENT_EXTENSIONS,
  SERVICE_REQUEST_ATTACHMENT_MAX_BYTES,
  type ServiceRequestAttachment,
} from '@porta/contracts';
import {
  AppError,
  checkUpload,
  cleanFileName,
  deleteStoredFiles,
  FILE_FORMATS,
  type FileExtension,
  type Principal,
  putThenRecord,
  type Upload,
  type UploadRules,
  uploadRules,
} from '@porta/service-kit';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { ServiceRequestsContext, ServiceRequestsDb } from '../context.js';
import { attachments, responses } from '../db/schema.js';
import { attachesArchives } from '../policies.js';

/**
 * Attachments of requests and responses (02 §5, §9): up to 36,700,160 bytes; the name without a
 * backslash; the extension one of the list; zip, rar and tar only for yitUser or admin. The bytes
 * must be what the extension says, as file-type reads them: images and pdf exactly; the office
 * formats file-type reads only as their container (an OOXML or OpenDocument file as zip when it
 * cannot tell, the old Office formats as cfb) pass when the container is the right one. A file is
 * uploaded first and put on a request or response by its uploader; until then only they see it.
 */

const ERRORS: UploadRules['errors'] = {
  illegalCharacters: 'SRQ_ILLEGAL_CHARACTERS',
  fileExtension: 'SRQ_FILE_EXTENSION',
  fileSize: 'SRQ_FILE_SIZE',
  mimeType: 'SRQ_MIME_TYPE',
};

const RESIDENT_RULES = uploadRules(
  SERVICE_REQUEST_ATTACHMENT_EXTENSIONS,
  SERVICE_REQUEST_ATTACHMENT_MAX_BYTES,
  ERRORS,
);
const ARCHIVE_RULES = uploadRules(
  [...SERVICE_REQUEST_ATTACHMENT_EXTENSIONS, ...SERVICE_REQUEST_ARCHIVE_EXTENSIONS],
  SERVICE_REQUEST_ATTACHMENT_MAX_BYTES,
  ERRORS,
);

/** Check an upload for the caller: name, extension, size, then the bytes. Answers the type to serve it with. */
export async function checkAttachment(p: Principal, upload: Upload): Promise<{ mimeType: string }> {
  const { extension } = await checkUpload(upload, attachesArchives(p) ? ARCHIVE_RULES : RESIDENT_RULES);
  return { mimeType: FILE_FORMATS[extension as FileExtension].mime };
}

/** Check and store an upload for the housing company; nothing is kept when a check fails. */
export async function storeAttachment(
  ctx: ServiceRequestsContext,
  p: Principal,
  housingCompanyId: string,
  upload: Upload,
) {
  const { mimeType } = await checkAttachment(p, upload);
  const id = crypto.randomUUID();
  const storageKey = `service-requests/attachments/${id}`;
  return putThenRecord(ctx.storage, storageKey, upload.data, async () => {
    const [row] = await ctx.db
      .insert(attachments)
      .values({
        id,
        housingCompanyId,
        uploadedBy: p.userId,
        storageKey,
        fileName: cleanFileName(upload.fileName),
        mimeType,
        size: upload.data.length,
      })
      .returning();
    return row!;
  });
}

export type AttachmentRow = typeof attachments.$inferSelect;

/** An attachment as answered; canRemove: what the caller may do with it (false on a fresh upload). */
export function attachmentRef(row: AttachmentRow, canRemove = false): ServiceRequestAttachment {
  return {
    id: row.id,
    url: `/api/service-requests/attachments/${row.id}`,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
    canRemove,
  };
}

/**
 * Put the caller's uploads on a request or a response (inside its transaction): each must be the
 * caller's own, for the same housing company and on nothing yet, else 400 SRQ_ATTACHMENT_NOT_FOUND
 * and the transaction is rolled back.
 */
export async function attachFiles(
  tx: ServiceRequestsDb,
  uploader: { userId: string; housingCompanyId: string },
  attachmentIds: readonly string[],
  on: { requestId: string } | { responseId: string },
): Promise<void> {
  const ids = [...new Set(attachmentIds)];
  if (ids.length === 0) return;
  const attached = await tx
    .update(attachments)
    .set(on)
    .where(
      and(
        inArray(attachments.id, ids),
        eq(attachments.uploadedBy, uploader.userId),
        eq(attachments.housingCompanyId, uploader.housingCompanyId),
        isNull(attachments.requestId),
        isNull(attachments.responseId),
      ),
    )
    .returning({ id: attachments.id });
  if (attached.length !== ids.length) throw new AppError('SRQ_ATTACHMENT_NOT_FOUND');
}

/**
 * The attachments of requests (by request id) and of responses (by response id), oldest first;
 * canRemove tells whether the caller may remove each.
 */
export async function attachmentsOf(
  db: ServiceRequestsDb,
  of: { requestIds?: readonly string[]; responseIds?: readonly string[] },
  canRemove: (row: AttachmentRow) => boolean = () => false,
): Promise<Map<string, ServiceRequestAttachment[]>> {
  const out = new Map<string, ServiceRequestAttachment[]>();
  const requestIds = [...(of.requestIds ?? [])];
  const responseIds = [...(of.responseIds ?? [])];
  if (requestIds.length === 0 && responseIds.length === 0) return out;
  const rows = await db
    .select()
    .from(attachments)
    .where(
      or(
        requestIds.length ? inArray(attachments.requestId, requestIds) : undefined,
        responseIds.length ? inArray(attachments.responseId, responseIds) : undefined,
      ),
    )
    .orderBy(attachments.createdAt, attachments.id);
  for (const row of rows) {
    const key = (row.requestId ?? row.responseId)!;
    const list = out.get(key) ?? [];
    list.push(attachmentRef(row, canRemove(row)));
    out.set(key, list);
  }
  return out;
}

/** The stored files of a request and its responses (to delete after the request is gone). */
export async function filesOfRequest(tx: ServiceRequestsDb, requestId: string): Promise<string[]> {
  const rows = await tx
    .select({ storageKey: attachments.storageKey })
    .from(attachments)
    .leftJoin(responses, eq(responses.id, attachments.responseId))
    .where(or(eq(attachments.requestId, requestId), eq(responses.requestId, requestId)));
  return rows.map((r) => r.storageKey);
}

/** Delete stored files (after their rows are gone); a failure is logged and left for nobody. */
export function deleteFiles(ctx: ServiceRequestsContext, keys: readonly string[]): Promise<void> {
  return deleteStoredFiles(ctx.storage, ctx.logger, keys, 'a service request attachment');
}

/** Remove attachments uploaded before the cutoff and never put on anything; answers how many. */
export async function purgeUnattachedAttachments(ctx: ServiceRequestsContext, cutoff: Date): Promise<number> {
  const rows = await ctx.db
    .delete(attachments)
    .where(
      and(isNull(attachments.requestId), isNull(attachments.responseId), lt(attachments.createdAt, cutoff)),
    )
    .returning({ storageKey: attachments.storageKey });
  await deleteFiles(
    ctx,
    rows.map((r) => r.storageKey),
  );
  if (rows.length) ctx.logger.info({ count: rows.length }, 'purged service request attachments never used');
  return rows.length;
}

/** The request an attachment belongs to (directly or through its response), or null while unattached. */
export async function requestOfAttachment(db: ServiceRequestsDb, row: typeof attachments.$inferSelect) {
  if (row.requestId) return row.requestId;
  if (!row.responseId) return null;
  const [response] = await db
    .select({ requestId: responses.requestId })
    .from(responses)
    .where(eq(responses.id, row.responseId));
  return response?.requestId ?? null;
}
