import {
  zAttachmentCopyBody,
  zAttachmentCopyResponse,
  zBatchParam,
  zDeletedCount,
  zDocument,
  zDocumentIdParam,
  zDocumentListQuery,
  zDocumentPage,
  zDownloadBody,
  zDownloadLink,
  zDownloadParam,
  zFileQuery,
  zFolderIdParam,
  zHousingCompanyParam,
  zLatestDocumentsQuery,
  zThumbnailParam,
  zUpdateDocumentBody,
  zUploadQuery,
  zUploadResult,
} from '@porta/contracts';
import {
  type App,
  AppError,
  acceptUploads,
  contentDisposition,
  principalOf,
  sendStoredFile,
} from '@porta/service-kit';
import { z } from 'zod';
import type { DocumentsContext } from '../context.js';
import { enterFolder, enterHousingCompany } from '../domain/access.js';
import { copyArticleAttachments } from '../domain/copies.js';
import {
  deleteBatch,
  deleteDocument,
  documentOf,
  enterDocument,
  latestDocuments,
  listDocuments,
  updateDocument,
  uploadDocuments,
} from '../domain/documents.js';
import { createDownload, openDownload, zipStream } from '../domain/downloads.js';
import { thumbnailKey } from '../domain/thumbnails.js';
import { DOCUMENT_POLICIES } from '../policies.js';

/** Shown in the browser when asked; every other file is offered as a download. */
const INLINE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf']);
const zLangQuery = zDocumentListQuery.pick({ lang: true });

/**
 * The files (02 §2–§3, §7): a folder's page, the dashboard's latest, upload (multipart, many files,
 * streamed), the file itself with byte ranges, changes, deletes (one, or an upload batch) and
 * download links for one file or a zip.
 */
export async function documentRoutes(app: App, ctx: DocumentsContext) {
  await acceptUploads(app, ctx.config.DOCUMENTS_MAX_FILE_BYTES, 50);

  app.post(
    '/attachment-copies',
    {
      schema: {
        summary:
          "Copy a news article's attachments into the standard folder of a key in up to 5 housing companies (03 §3)",
        body: zAttachmentCopyBody,
        response: { 201: zAttachmentCopyResponse },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) =>
      reply.status(201).send(await copyArticleAttachments(ctx, principalOf(request), request.body)),
  );

  app.get(
    '/folders/:id/documents',
    {
      schema: {
        summary: 'A page of the files of a folder the caller may read, newest first',
        params: zFolderIdParam,
        querystring: zDocumentListQuery,
        response: { 200: zDocumentPage },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const place = await enterFolder(ctx, principalOf(request), request.params.id, request.query.lang);
      return listDocuments(ctx, place, request.query);
    },
  );

  app.post(
    '/folders/:id/documents',
    {
      schema: {
        summary:
          'Upload files into a folder (multipart; up to 50 a request, each up to the limit; archives for staff only)',
        params: zFolderIdParam,
        querystring: zUploadQuery,
        response: { 201: zUploadResult },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) => {
      const place = await enterFolder(ctx, principalOf(request), request.params.id, request.query.lang, {
        readable: false,
      });
      if (!place.rights.canUpload) {
        throw new AppError(place.rights.canRead ? 'DOC_UPLOAD_NOT_PERMITTED' : 'DOC_FOLDER_NOT_FOUND');
      }
      const { uploadBatchId, rows } = await uploadDocuments(ctx, request, place, request.query);
      return reply.status(201).send({
        uploadBatchId,
        documents: rows.map((row) => documentOf(place.tree, place.folder, row)),
      });
    },
  );

  app.get(
    '/housing-companies/:housingCompanyId/documents/latest',
    {
      schema: {
        summary: 'The latest files the caller may read (the dashboard shows two)',
        params: zHousingCompanyParam,
        querystring: zLatestDocumentsQuery,
        response: { 200: z.array(zDocument) },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const { apartmentId, limit, lang } = request.query;
      const entry = await enterHousingCompany(
        ctx,
        principalOf(request),
        request.params.housingCompanyId,
        lang,
      );
      return latestDocuments(ctx, entry, apartmentId ?? null, limit);
    },
  );

  app.get(
    '/documents/:id',
    {
      schema: {
        summary: 'A file’s details (02 §7 getFileMetaData)',
        params: zDocumentIdParam,
        querystring: zLangQuery,
        response: { 200: zDocument },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const { tree, folder, row } = await enterDocument(
        ctx,
        principalOf(request),
        request.params.id,
        request.query.lang,
      );
      return documentOf(tree, folder, row);
    },
  );

  app.get(
    '/documents/:id/file',
    {
      schema: {
        summary: 'The file (byte ranges honoured; download=1 offers it as a download)',
        params: zDocumentIdParam,
        querystring: zFileQuery,
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) => {
      const { row } = await enterDocument(ctx, principalOf(request), request.params.id, undefined);
      const inline = request.query.download !== '1' && INLINE.has(row.mimeType);
      return sendStoredFile(reply, ctx.storage, row, inline ? 'inline' : 'attachment', {
        header: request.headers.range,
        unsatisfiable: 'DOC_RANGE_NOT_SATISFIABLE',
      });
    },
  );

  app.get(
    '/documents/:id/thumbnails/:size',
    {
      schema: {
        summary: 'A picture’s thumbnail (WebP, 02 §3 thumbnails medium and large), read like the file',
        params: zThumbnailParam,
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) => {
      const { row } = await enterDocument(ctx, principalOf(request), request.params.id, undefined);
      const storageKey = thumbnailKey(row.storageKey, request.params.size);
      const stored = row.thumbnails ? await ctx.storage.stat(storageKey) : null;
      if (!stored) throw new AppError('DOC_THUMBNAIL_NOT_FOUND');
      const fileName = `${row.name.replace(/\.[^.]*$/, '')}-${request.params.size}.webp`;
      return sendStoredFile(reply, ctx.storage, {
        storageKey,
        mimeType: 'image/webp',
        size: stored.size,
        fileName,
      });
    },
  );

  app.patch(
    '/documents/:id',
    {
      schema: {
        summary: 'Rename a file, change its tags or category, or move it (02 §7 updateFileMetaData)',
        params: zDocumentIdParam,
        querystring: zLangQuery,
        body: zUpdateDocumentBody,
        response: { 200: zDocument },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const place = await enterDocument(ctx, principalOf(request), request.params.id, request.query.lang);
      const { tree, folder, row } = await updateDocument(ctx, place, request.body);
      return documentOf(tree, folder, row);
    },
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        summary: 'Delete a file (02 §7 deleteFile)',
        params: zDocumentIdParam,
        response: { 204: z.null() },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) => {
      const place = await enterDocument(ctx, principalOf(request), request.params.id, undefined);
      await deleteDocument(ctx, place);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/housing-companies/:housingCompanyId/batches/:batchId',
    {
      schema: {
        summary: 'Delete the files of an upload batch the caller may delete (02 §7 deleteFilesByBatchId)',
        params: zBatchParam,
        response: { 200: zDeletedCount },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const entry = await enterHousingCompany(
        ctx,
        principalOf(request),
        request.params.housingCompanyId,
        undefined,
      );
      return { deleted: await deleteBatch(ctx, entry, request.params.batchId) };
    },
  );

  app.post(
    '/housing-companies/:housingCompanyId/downloads',
    {
      schema: {
        summary: 'A download link for chosen files or a folder (one file as itself, several as a zip)',
        params: zHousingCompanyParam,
        body: zDownloadBody,
        response: { 201: zDownloadLink },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) => {
      const entry = await enterHousingCompany(
        ctx,
        principalOf(request),
        request.params.housingCompanyId,
        undefined,
      );
      return reply.status(201).send(await createDownload(ctx, entry, request.body));
    },
  );

  app.get(
    '/downloads/:id',
    {
      schema: {
        summary: 'A download link’s files: the file, or a zip streamed while it is read',
        params: zDownloadParam,
      },
      config: { policy: DOCUMENT_POLICIES.downloadLink },
    },
    async (request, reply) => {
      const { fileName, rows, single } = await openDownload(ctx, request.params.id);
      if (single) {
        return sendStoredFile(reply, ctx.storage, rows[0]!, 'attachment', {
          header: request.headers.range,
          unsatisfiable: 'DOC_RANGE_NOT_SATISFIABLE',
        });
      }
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(zipStream(ctx.storage, ctx.logger, rows));
    },
  );
}
