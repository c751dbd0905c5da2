import {
  DOCUMENT_ARCHIVE_EXTENSIONS,
  DOCUMENT_EVENTS,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_UPLOAD_FILES_MAX,
  type Document,
  type DocumentPage,
  type HomeFolderCategory,
  type UpdateDocumentBody,
  type UploadQuery,
} from '@porta/contracts';
import {
  AppError,
  cleanFileName,
  deleteStoredFiles,
  enqueueEvent,
  FILE_FORMATS,
  type FileExtension,
  type Principal,
  streamUploads,
  type UploadRules,
  uploadRules,
  uuidv7,
  withTransaction,
} from '@porta/service-kit';
import { and, arrayContains, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DocumentsContext } from '../context.js';
import { documents, folders, outbox } from '../db/schema.js';
import { uploadsArchives } from '../policies.js';
import { type Entry, enterHousingCompany, type FolderRow, type FolderTree, loadTree } from './access.js';
import { scheduleAnnouncement } from './announce.js';
import { scheduleThumbnails, THUMBNAIL_TYPES, thumbnailKeys } from './thumbnails.js';

export type DocumentRow = typeof documents.$inferSelect;

const ERRORS: UploadRules['errors'] = {
  illegalCharacters: 'DOC_ILLEGAL_CHARACTERS',
  fileExtension: 'DOC_FILE_EXTENSION',
  fileSize: 'DOC_FILE_SIZE',
  mimeType: 'DOC_MIME_TYPE',
};

/** The upload checks for the caller (archives for yitUser and admin). */
export function rulesFor(p: Principal, maxBytes: number): UploadRules {
  const extensions: FileExtension[] = [...DOCUMENT_EXTENSIONS];
  if (uploadsArchives(p)) extensions.push(...DOCUMENT_ARCHIVE_EXTENSIONS);
  return uploadRules(extensions, maxBytes, ERRORS);
}

/** The file as the caller sees it, with what they may do with it (03 §6). */
export function documentOf(tree: FolderTree, folder: FolderRow, row: DocumentRow): Document {
  const rights = tree.rights(folder);
  const mine = row.createdBy === tree.entry.principal.userId;
  return {
    id: row.id,
    name: row.name,
    fileName: row.fileName,
    extension: row.extension,
    mimeType: row.mimeType,
    size: row.size,
    folderId: row.folderId,
    path: tree.path(folder),
    housingCompanyId: row.housingCompanyId,
    apartmentId: row.apartmentId,
    tags: row.tags,
    homeFolder: row.homeFolder,
    uploadBatchId: row.uploadBatchId,
    createdUserUuid: row.createdBy,
    created: row.createdAt.toISOString(),
    modified: row.updatedAt.toISOString(),
    fileUrl: `/api/documents/documents/${row.id}/file`,
    thumbnails: row.thumbnails
      ? {
          medium: `/api/documents/documents/${row.id}/thumbnails/medium`,
          large: `/api/documents/documents/${row.id}/thumbnails/large`,
        }
      : null,
    canUpdate: rights.canUpdate || mine,
    canDelete: rights.canDelete || mine,
  };
}

/**
 * Upload the request's files into the folder (02 §7 addFileMultipart): each checked by name,
 * extension, size and bytes as it streams to storage; the rows are written once every file is
 * stored, in one transaction with the event, so that a refused file leaves nothing of the upload.
 * Pictures then get their thumbnails (on the job runner; without one, before the answer).
 */
export async function uploadDocuments(
  ctx: DocumentsContext,
  request: FastifyRequest,
  place: { entry: Entry; tree: FolderTree; folder: FolderRow },
  query: UploadQuery,
): Promise<{ uploadBatchId: string; rows: DocumentRow[] }> {
  const { entry, folder } = place;
  const p = entry.principal;
  if (folder.key === 'home' && !query.homeFolder) throw new AppError('DOC_HOME_FOLDER_CATEGORY_REQUIRED');
  const uploadBatchId = query.uploadBatchId ?? uuidv7();
  const stored: string[] = [];
  let rows: DocumentRow[];
  try {
    const files = await streamUploads(
      request,
      rulesFor(p, ctx.config.DOCUMENTS_MAX_FILE_BYTES),
      { maxFiles: DOCUMENT_UPLOAD_FILES_MAX, tooMany: 'DOC_TOO_MANY_FILES', noFile: 'DOC_MANDATORY_PARAMS' },
      async (file) => {
        const id = uuidv7();
        const storageKey = `documents/${entry.housingCompanyId}/${id}`;
        stored.push(storageKey);
        const { size } = await ctx.storage.put(storageKey, file.stream);
        const fileName = cleanFileName(file.fileName);
        return {
          id,
          storageKey,
          fileName,
          name: fileName,
          extension: file.extension,
          mimeType: FILE_FORMATS[file.extension as FileExtension].mime,
          size,
        };
      },
    );
    rows = (await recordUploads(ctx, p, [{ entry, folder, files, uploadBatchId }], query))[0]!;
  } catch (error) {
    await deleteStoredFiles(ctx.storage, ctx.logger, stored, 'a refused upload');
    throw error;
  }
  return {
    uploadBatchId,
    rows: await afterUploads(ctx, [{ housingCompanyId: entry.housingCompanyId, uploadBatchId, rows }], query),
  };
}

/** A file in storage, about to be recorded in a folder. */
export interface StoredFile {
  id: string;
  storageKey: string;
  fileName: string;
  name: string;
  extension: string;
  mimeType: string;
  size: number;
}

/** Files stored for one folder, one upload batch. */
export interface StoredUpload {
  entry: Entry;
  folder: FolderRow;
  files: StoredFile[];
  uploadBatchId: string;
}

/**
 * Record stored files in their folders: the rows and each batch's `uploaded` event in one
 * transaction (so that nothing is recorded when a part fails). The caller deletes the stored files
 * when this throws.
 */
export async function recordUploads(
  ctx: DocumentsContext,
  p: Principal,
  uploads: StoredUpload[],
  settings: { tags?: string[]; homeFolder?: HomeFolderCategory; notifyUsers?: boolean },
): Promise<DocumentRow[][]> {
  const recorded = await withTransaction(ctx.db, async (tx) => {
    const all: DocumentRow[][] = [];
    for (const { entry, folder, files, uploadBatchId } of uploads) {
      const inserted = await tx
        .insert(documents)
        .values(
          files.map((f) => ({
            ...f,
            housingCompanyId: entry.housingCompanyId,
            apartmentId: folder.apartmentId,
            folderId: folder.id,
            tags: settings.tags ?? [],
            homeFolder: folder.key === 'home' ? (settings.homeFolder ?? null) : null,
            uploadBatchId,
            createdBy: p.userId,
          })),
        )
        .returning();
      await enqueueEvent(tx, outbox, DOCUMENT_EVENTS.uploaded, {
        housingCompanyId: entry.housingCompanyId,
        apartmentId: folder.apartmentId,
        folderId: folder.id,
        documentIds: inserted.map((r) => r.id),
        names: inserted.map((r) => r.name),
        uploadBatchId,
        notifyUsers: settings.notifyUsers ?? false,
        by: p.userId,
      });
      all.push(inserted);
    }
    return all;
  });
  ctx.kickEvents();
  return recorded;
}

/**
 * After recorded uploads: pictures get their thumbnails (on the job runner; without one, before
 * the answer) and, when asked, each batch is announced. Answers the rows of all batches.
 */
export async function afterUploads(
  ctx: DocumentsContext,
  batches: { housingCompanyId: string; uploadBatchId: string; rows: DocumentRow[] }[],
  settings: { notifyUsers?: boolean },
): Promise<DocumentRow[]> {
  const rows = batches.flatMap((b) => b.rows);
  const thumbnailed = await scheduleThumbnails(ctx, rows);
  if (settings.notifyUsers) {
    for (const { uploadBatchId, housingCompanyId } of batches) {
      // The files are in: an announcement that cannot be scheduled now is logged, not the upload's failure.
      await scheduleAnnouncement(ctx, { uploadBatchId, housingCompanyId }).catch((err: unknown) =>
        ctx.logger.error({ err, uploadBatchId }, 'announcing an upload failed'),
      );
    }
  }
  return rows.map((row) => (thumbnailed.has(row.id) ? { ...row, thumbnails: true } : row));
}

/** `<created_at ISO>|<id>`, the keyset of a folder's page (newest first). */
function cursorOf(row: DocumentRow): string {
  return `${row.createdAt.toISOString()}|${row.id}`;
}

function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('|');
  const time = Date.parse(at ?? '');
  if (!id || Number.isNaN(time) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'after', message: 'Unknown cursor' }] });
  }
  return sql`(${documents.createdAt}, ${documents.id}) < (${new Date(time).toISOString()}::timestamptz, ${id}::uuid)`;
}

/**
 * Newest first, in the order of the folder index (documents_folder_idx, `desc nulls last` as
 * drizzle writes it): a plain `desc` means nulls first, which that index cannot give, and the
 * planner then sorts the whole folder for every page.
 */
const NEWEST_FIRST = [sql`${documents.createdAt} desc nulls last`, sql`${documents.id} desc nulls last`];

/** A page of the folder's files, newest first, narrowed by words of the name, file name or a tag. */
export async function listDocuments(
  ctx: DocumentsContext,
  place: { tree: FolderTree; folder: FolderRow },
  query: { q?: string | undefined; after?: string | undefined; limit: number },
): Promise<DocumentPage> {
  const { tree, folder } = place;
  const conditions: (SQL | undefined)[] = [eq(documents.folderId, folder.id), afterCursor(query.after)];
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(documents.name, like), ilike(documents.fileName, like), arrayContains(documents.tags, [word])),
    );
  }
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(and(...conditions))
    .orderBy(...NEWEST_FIRST)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((r) => documentOf(tree, folder, r)),
    nextCursor: rows.length > query.limit ? cursorOf(page[page.length - 1]!) : null,
  };
}

/**
 * A file entered as the caller, with its folder: 404 DOC_NOT_FOUND when there is none, when it is
 * of a housing company the caller does not reach, or when they may not read it (its uploader may).
 */
export async function enterDocument(
  ctx: DocumentsContext,
  p: Principal,
  id: string,
  language: Parameters<typeof enterHousingCompany>[3],
): Promise<{ entry: Entry; tree: FolderTree; folder: FolderRow; row: DocumentRow }> {
  const [row] = await ctx.db.select().from(documents).where(eq(documents.id, id));
  if (!row) throw new AppError('DOC_NOT_FOUND');
  const entry = await enterHousingCompany(ctx, p, row.housingCompanyId, language).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'DOC_HOUSING_COMPANY_NOT_FOUND'
      ? new AppError('DOC_NOT_FOUND')
      : error;
  });
  const tree = await loadTree(ctx, entry, row.apartmentId);
  const folder = tree.byId.get(row.folderId);
  if (!folder) throw new AppError('DOC_NOT_FOUND');
  if (!tree.rights(folder).canRead && row.createdBy !== p.userId) throw new AppError('DOC_NOT_FOUND');
  return { entry, tree, folder, row };
}

/**
 * Rename a file, change its tags or category, or move it to another folder of the housing company
 * (the caller may change it, and upload into the target; the home folder wants a category).
 */
export async function updateDocument(
  ctx: DocumentsContext,
  place: { entry: Entry; tree: FolderTree; folder: FolderRow; row: DocumentRow },
  body: UpdateDocumentBody,
): Promise<{ tree: FolderTree; folder: FolderRow; row: DocumentRow }> {
  const { entry, row } = place;
  if (!documentOf(place.tree, place.folder, row).canUpdate) throw new AppError('DOC_UPDATE_NOT_PERMITTED');
  let { tree, folder } = place;
  if (body.folderId && body.folderId !== row.folderId) {
    const target = await findFolderOfCompany(ctx, entry, body.folderId);
    if (!target.tree.rights(target.folder).canUpload) throw new AppError('DOC_UPLOAD_NOT_PERMITTED');
    tree = target.tree;
    folder = target.folder;
  }
  const homeFolder =
    folder.key === 'home' ? (body.homeFolder !== undefined ? body.homeFolder : row.homeFolder) : null;
  if (folder.key === 'home' && !homeFolder) throw new AppError('DOC_HOME_FOLDER_CATEGORY_REQUIRED');
  const [updated] = await ctx.db
    .update(documents)
    .set({
      ...(body.name !== undefined ? { name: cleanFileName(body.name) } : {}),
      ...(body.tags !== undefined ? { tags: body.tags } : {}),
      homeFolder,
      folderId: folder.id,
      apartmentId: folder.apartmentId,
      updatedAt: new Date(),
    })
    .where(eq(documents.id, row.id))
    .returning();
  return { tree, folder, row: updated! };
}

/** A folder of the entered housing company (any of its trees) that the caller may see, else 404. */
async function findFolderOfCompany(
  ctx: DocumentsContext,
  entry: Entry,
  folderId: string,
): Promise<{ tree: FolderTree; folder: FolderRow }> {
  const [target] = await ctx.db
    .select({ apartmentId: folders.apartmentId, housingCompanyId: folders.housingCompanyId })
    .from(folders)
    .where(eq(folders.id, folderId));
  if (!target || target.housingCompanyId !== entry.housingCompanyId)
    throw new AppError('DOC_FOLDER_NOT_FOUND');
  const tree = await loadTree(ctx, entry, target.apartmentId);
  const folder = tree.byId.get(folderId)!;
  if (!tree.rights(folder).canRead) throw new AppError('DOC_FOLDER_NOT_FOUND');
  return { tree, folder };
}

/** A file's stored objects: its bytes, and a picture's thumbnails (whether or not made yet). */
function storedKeysOf(row: DocumentRow): string[] {
  return THUMBNAIL_TYPES.has(row.mimeType)
    ? [row.storageKey, ...thumbnailKeys(row.storageKey)]
    : [row.storageKey];
}

/** Delete a file (its row, then its bytes and thumbnails). */
export async function deleteDocument(
  ctx: DocumentsContext,
  place: { tree: FolderTree; folder: FolderRow; row: DocumentRow },
): Promise<void> {
  const { tree, folder, row } = place;
  if (!documentOf(tree, folder, row).canDelete) throw new AppError('DOC_DELETE_NOT_PERMITTED');
  await ctx.db.delete(documents).where(eq(documents.id, row.id));
  await deleteStoredFiles(ctx.storage, ctx.logger, storedKeysOf(row), 'a deleted document');
}

/**
 * Delete the files of an upload batch that the caller may delete (02 §7 deleteFilesByBatchId):
 * answers how many; none of them (or no batch): 404.
 */
export async function deleteBatch(ctx: DocumentsContext, entry: Entry, batchId: string): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.housingCompanyId, entry.housingCompanyId), eq(documents.uploadBatchId, batchId)));
  const trees = new Map<string | null, FolderTree>();
  const deletable: DocumentRow[] = [];
  for (const row of rows) {
    const tree = trees.get(row.apartmentId) ?? (await loadTree(ctx, entry, row.apartmentId));
    trees.set(row.apartmentId, tree);
    const folder = tree.byId.get(row.folderId);
    if (folder && documentOf(tree, folder, row).canDelete) deletable.push(row);
  }
  if (deletable.length === 0) throw new AppError('DOC_NOT_FOUND');
  await ctx.db.delete(documents).where(
    inArray(
      documents.id,
      deletable.map((r) => r.id),
    ),
  );
  await deleteStoredFiles(ctx.storage, ctx.logger, deletable.flatMap(storedKeysOf), 'a deleted document');
  return deletable.length;
}

/** The latest files of the folders the caller may read (02 §9: the dashboard's two). */
export async function latestDocuments(
  ctx: DocumentsContext,
  entry: Entry,
  apartmentId: string | null,
  limit: number,
): Promise<Document[]> {
  const trees = [await loadTree(ctx, entry, null)];
  if (apartmentId) trees.push(await loadTree(ctx, entry, apartmentId));
  const readable = new Map<string, { tree: FolderTree; folder: FolderRow }>();
  for (const tree of trees) {
    for (const folder of tree.byId.values())
      if (tree.rights(folder).canRead) readable.set(folder.id, { tree, folder });
  }
  if (readable.size === 0) return [];
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(inArray(documents.folderId, [...readable.keys()]))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map((row) => {
    const { tree, folder } = readable.get(row.folderId)!;
    return documentOf(tree, folder, row);
  });
}
