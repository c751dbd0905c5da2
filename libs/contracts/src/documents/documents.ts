import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';
import { zHomeFolderCategory } from './folders.js';
import {
  DOCUMENT_NAME_MAX_CHARS,
  DOCUMENT_PAGE_DEFAULT,
  DOCUMENT_PAGE_MAX,
  DOCUMENT_TAG_MAX_CHARS,
  DOCUMENT_TAGS_MAX,
  type DOCUMENT_THUMBNAIL_SIZES,
  DOCUMENT_ZIP_FILES_MAX,
  DOCUMENTS_LATEST_COUNT,
} from './limits.js';

/**
 * The files of the document library (02 §3 Document, §7 calls): uploaded into a folder in one or
 * more multipart requests sharing an upload batch, listed a page at a time, downloaded one by one
 * or many as a zip streamed while it is read (ADR 0030).
 */

export const zDocument = z.object({
  id: zUuid,
  /** The name shown (the file name, cleaned, unless renamed). */
  name: z.string(),
  /** The file name the download is saved under. */
  fileName: z.string(),
  extension: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  folderId: zUuid,
  /** The folder's path ("Home / Blueprints"). */
  path: z.string(),
  housingCompanyId: zUuid,
  apartmentId: zUuid.nullable(),
  tags: z.array(z.string()),
  homeFolder: zHomeFolderCategory.nullable(),
  uploadBatchId: zUuid.nullable(),
  createdUserUuid: zUuid,
  created: zIsoDateTime,
  modified: zIsoDateTime,
  /** The file, for the signed-in caller (bearer): `?download=1` offers it as a download. */
  fileUrl: z.string(),
  /**
   * A picture's thumbnails (WebP, read like the file, with the bearer); null for other files and
   * until they are made (a moment after the upload).
   */
  thumbnails: z.object({ medium: z.string(), large: z.string() }).nullable(),
  canUpdate: z.boolean(),
  canDelete: z.boolean(),
});
export type Document = z.infer<typeof zDocument>;

export const zDocumentPage = z.object({
  items: z.array(zDocument),
  /** Pass as `after` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type DocumentPage = z.infer<typeof zDocumentPage>;

export const zDocumentListQuery = z.strictObject({
  /** Words the name, file name or tags hold. */
  q: z.string().trim().max(100).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(DOCUMENT_PAGE_MAX).default(DOCUMENT_PAGE_DEFAULT),
  lang: z.enum(LANGUAGES).optional(),
});

export const zLatestDocumentsQuery = z.strictObject({
  apartmentId: zUuid.optional(),
  limit: z.coerce.number().int().min(1).max(10).default(DOCUMENTS_LATEST_COUNT),
  lang: z.enum(LANGUAGES).optional(),
});

export const zDocumentIdParam = z.strictObject({ id: zUuid });

const zTag = z.string().trim().min(1).max(DOCUMENT_TAG_MAX_CHARS);
/** Tags as a list, or in a query string one `tags` each or comma-separated. */
const zTagsQuery = z
  .union([z.string(), z.array(z.string()).max(DOCUMENT_TAGS_MAX)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((t) => t.trim()).filter((t) => t.length > 0))
  .pipe(z.array(zTag).max(DOCUMENT_TAGS_MAX));

/** The upload's settings (02 §7 addFileMultipart's query); the files are the multipart body. */
export const zUploadQuery = z.strictObject({
  /** Requests of one upload share it (the first answer gives one when left out). */
  uploadBatchId: zUuid.optional(),
  tags: zTagsQuery.optional(),
  /** Required in the home folder (03 §5). */
  homeFolder: zHomeFolderCategory.optional(),
  /** Tell those who may read the folder (the DOCUMENT_UPLOAD notification). */
  notifyUsers: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  lang: z.enum(LANGUAGES).optional(),
});
export type UploadQuery = z.infer<typeof zUploadQuery>;

export const zUploadResult = z.object({
  uploadBatchId: zUuid,
  documents: z.array(zDocument),
});
export type UploadResult = z.infer<typeof zUploadResult>;

export const zUpdateDocumentBody = z.strictObject({
  name: z.string().trim().min(1).max(DOCUMENT_NAME_MAX_CHARS).optional(),
  tags: z.array(zTag).max(DOCUMENT_TAGS_MAX).optional(),
  homeFolder: zHomeFolderCategory.nullable().optional(),
  /** Move it to another folder of the same housing company (and apartment). */
  folderId: zUuid.optional(),
});
export type UpdateDocumentBody = z.infer<typeof zUpdateDocumentBody>;

export const zBatchParam = z.strictObject({ housingCompanyId: zUuid, batchId: zUuid });
export const zDeletedCount = z.object({ deleted: z.number().int() });

/** Ask for a download link: chosen files, or every file of a folder the caller may read. */
export const zDownloadBody = z.union([
  z.strictObject({ ids: z.array(zUuid).min(1).max(DOCUMENT_ZIP_FILES_MAX) }),
  z.strictObject({ folderId: zUuid }),
]);
export type DownloadBody = z.infer<typeof zDownloadBody>;

/**
 * A link the browser opens to save the files without the session's token (a zip of several, the
 * file itself for one), valid for a short while (02 §9: zip download 10 min).
 */
export const zDownloadLink = z.object({
  url: z.string(),
  fileName: z.string(),
  count: z.number().int(),
  expiresAt: zIsoDateTime,
});
export type DownloadLink = z.infer<typeof zDownloadLink>;
export const zDownloadParam = z.strictObject({ id: zUuid });
export const zDownloadQuery = z.strictObject({ token: z.string().max(200) });
export const zFileQuery = z.strictObject({ download: z.enum(['0', '1']).optional() });
/** A thumbnail's size (DOCUMENT_THUMBNAIL_SIZES). */
export const zDocumentThumbnailSize = z.enum([
  'medium',
  'large',
] as const satisfies readonly (keyof typeof DOCUMENT_THUMBNAIL_SIZES)[]);
export const zThumbnailParam = z.strictObject({ id: zUuid, size: zDocumentThumbnailSize });
