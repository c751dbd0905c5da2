import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES } from '../content/limits.js';
import type { Role } from '../roles.js';

/**
 * Limits of the documents (02 §5, §9; 03 §5, §9), one place each. The spec reads the file limit
 * two ways (8 MB, or 36,700,160 bytes with the attachment list of 03 §9): the documents take the
 * larger, as blueprints and manuals run large, and a deployment may raise it (ADR 0030).
 */

/** A file at most, by default (the service's DOCUMENTS_MAX_FILE_BYTES setting may raise it). */
export const DOCUMENT_MAX_BYTES = ATTACHMENT_MAX_BYTES;
/** The extensions of 03 §9 (dwg is 02 §5's "autocad"). */
export const DOCUMENT_EXTENSIONS = ATTACHMENT_EXTENSIONS;
/** Archives (02 §5, 03 §5): only for yitUser or admin. */
export const DOCUMENT_ARCHIVE_EXTENSIONS = ['zip', 'rar', 'tar'] as const;
export const DOCUMENT_ARCHIVE_ROLES: readonly Role[] = ['yitUser'];

/** Files of one upload request at most (a batch may span many requests). */
export const DOCUMENT_UPLOAD_FILES_MAX = 50;
/** A document's or folder's name. */
export const DOCUMENT_NAME_MAX_CHARS = 200;
export const DOCUMENT_TAGS_MAX = 20;
export const DOCUMENT_TAG_MAX_CHARS = 50;
/** A page of a folder's files at most; the default page. */
export const DOCUMENT_PAGE_MAX = 100;
export const DOCUMENT_PAGE_DEFAULT = 50;
/** The dashboard's latest documents (02 §9 "documents latest count 2"). */
export const DOCUMENTS_LATEST_COUNT = 2;
/** Files of one zip download at most (a whole folder: this many of its files). */
export const DOCUMENT_ZIP_FILES_MAX = 10_000;
/** Folders of one housing company at most (with every apartment's). */
export const FOLDER_DEPTH_MAX = 8;

/** An introduction video's title, and its address (`url`) at most. */
export const VIDEO_TITLE_MAX_CHARS = 200;
export const VIDEO_URL_MAX_CHARS = 2000;
/** The highest list position a video may be given. */
export const VIDEO_POSITION_MAX = 10_000;

/**
 * A picture's thumbnails (02 §3 Document thumbnails: medium, large), WebP, their longest side at
 * most this many pixels (never enlarged).
 */
export const DOCUMENT_THUMBNAIL_SIZES = { medium: 320, large: 1280 } as const;
export type DocumentThumbnailSize = keyof typeof DOCUMENT_THUMBNAIL_SIZES;
