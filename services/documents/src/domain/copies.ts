import { Readable } from 'node:stream';
import {
  type ArticleAttachment,
  type AttachmentCopyBody,
  type AttachmentCopyResponse,
  CONTENT_ARTICLE_ATTACHMENT_PART_RPC,
  CONTENT_ARTICLE_ATTACHMENTS_RPC,
  zArticleAttachmentPartResponse,
  zArticleAttachmentsResponse,
} from '@porta/contracts';
import {
  AppError,
  checkUpload,
  cleanFileName,
  deleteStoredFiles,
  FILE_FORMATS,
  type FileExtension,
  type Principal,
  uuidv7,
} from '@porta/service-kit';
import type { DocumentsContext } from '../context.js';
import { enterHousingCompany, type FolderRow, loadTree } from './access.js';
import { afterUploads, recordUploads, rulesFor, type StoredFile, type StoredUpload } from './documents.js';

/**
 * An article's attachments copied to documents (03 §3 Article, §5, §9; ADR 0030): into the
 * standard folder of the chosen key in each chosen housing company (at most 5), as an upload of the
 * caller's in each, checked as an upload is (name, extension, size, bytes). content gives the files
 * over request/reply, in parts, to the caller as its staff app would; each file is read from
 * content once and stored for every company. All or nothing: a refusal or failure leaves no file.
 */

/** The target folder in each company, where the caller may upload (else 404 / 403 as for an upload). */
async function targets(
  ctx: DocumentsContext,
  p: Principal,
  body: AttachmentCopyBody,
): Promise<Omit<StoredUpload, 'files'>[]> {
  const found: Omit<StoredUpload, 'files'>[] = [];
  for (const housingCompanyId of body.housingCompanyIds) {
    const entry = await enterHousingCompany(ctx, p, housingCompanyId, body.lang);
    const tree = await loadTree(ctx, entry, null);
    const folder: FolderRow | undefined = [...tree.byId.values()].find((f) => f.key === body.folderKey);
    if (!folder || !tree.rights(folder).canRead) throw new AppError('DOC_FOLDER_NOT_FOUND');
    if (!tree.rights(folder).canUpload) throw new AppError('DOC_UPLOAD_NOT_PERMITTED');
    found.push({ entry, folder, uploadBatchId: uuidv7() });
  }
  return found;
}

/** Ask content (see CONTENT_ARTICLE_ATTACHMENTS_RPC). */
async function attachmentsOf(
  ctx: DocumentsContext,
  p: Principal,
  articleId: string,
): Promise<ArticleAttachment[]> {
  const answer = zArticleAttachmentsResponse.parse(
    await ctx.bus.request(CONTENT_ARTICLE_ATTACHMENTS_RPC, { articleId, claims: p.claims }),
  );
  if (answer.attachments === null) throw new AppError('DOC_ARTICLE_NOT_FOUND');
  if (answer.attachments.length === 0) throw new AppError('DOC_COPY_NO_ATTACHMENTS');
  return answer.attachments;
}

/** The attachment's bytes, part by part as content gives them; exactly its size, else DOC_COPY_FAILED. */
async function* partsOf(
  ctx: DocumentsContext,
  p: Principal,
  articleId: string,
  file: ArticleAttachment,
  first: Buffer,
): AsyncGenerator<Buffer> {
  let offset = first.length;
  yield first;
  while (offset < file.size) {
    const part = await partAt(ctx, p, articleId, file, offset);
    if (part.length === 0) break;
    offset += part.length;
    yield part;
  }
  if (offset !== file.size) throw new AppError('DOC_COPY_FAILED');
}

async function partAt(
  ctx: DocumentsContext,
  p: Principal,
  articleId: string,
  file: ArticleAttachment,
  offset: number,
): Promise<Buffer> {
  const answer = zArticleAttachmentPartResponse.parse(
    await ctx.bus.request(CONTENT_ARTICLE_ATTACHMENT_PART_RPC, {
      articleId,
      assetId: file.id,
      offset,
      claims: p.claims,
    }),
  );
  if (answer.data === null) throw new AppError('DOC_COPY_FAILED');
  return Buffer.from(answer.data, 'base64');
}

export async function copyArticleAttachments(
  ctx: DocumentsContext,
  p: Principal,
  body: AttachmentCopyBody,
): Promise<AttachmentCopyResponse> {
  if (body.folderKey === 'home' && !body.homeFolder) throw new AppError('DOC_HOME_FOLDER_CATEGORY_REQUIRED');
  const places = await targets(ctx, p, body);
  const attachments = await attachmentsOf(ctx, p, body.articleId);
  const rules = rulesFor(p, ctx.config.DOCUMENTS_MAX_FILE_BYTES);
  const stored: string[] = [];
  const files: StoredFile[][] = places.map(() => []);
  let rows: Awaited<ReturnType<typeof recordUploads>>;
  try {
    for (const file of attachments) {
      if (file.size > rules.maxBytes) throw new AppError('DOC_FILE_SIZE');
      const first = await partAt(ctx, p, body.articleId, file, 0);
      const { extension } = await checkUpload({ fileName: file.fileName, data: first }, rules);
      const fileName = cleanFileName(file.fileName);
      const mimeType = FILE_FORMATS[extension as FileExtension].mime;
      let source: string | null = null;
      for (const [i, place] of places.entries()) {
        const id = uuidv7();
        const storageKey = `documents/${place.entry.housingCompanyId}/${id}`;
        stored.push(storageKey);
        // The first company's copy streams from content; the others are copied from it.
        const bytes = source
          ? await ctx.storage.get(source)
          : Readable.from(partsOf(ctx, p, body.articleId, file, first));
        const { size } = await ctx.storage.put(storageKey, bytes);
        if (size !== file.size) throw new AppError('DOC_COPY_FAILED');
        source ??= storageKey;
        files[i]!.push({ id, storageKey, fileName, name: fileName, extension, mimeType, size });
      }
    }
    rows = await recordUploads(
      ctx,
      p,
      places.map((place, i) => ({ ...place, files: files[i]! })),
      body,
    );
  } catch (error) {
    await deleteStoredFiles(ctx.storage, ctx.logger, stored, 'attachments not copied');
    throw error;
  }
  const batches = places.map((place, i) => ({
    housingCompanyId: place.entry.housingCompanyId,
    uploadBatchId: place.uploadBatchId,
    rows: rows[i]!,
  }));
  await afterUploads(ctx, batches, body);
  return {
    copies: batches.map((b, i) => ({
      housingCompanyId: b.housingCompanyId,
      folderId: places[i]!.folder.id,
      uploadBatchId: b.uploadBatchId,
      documentIds: b.rows.map((r) => r.id),
    })),
  };
}
