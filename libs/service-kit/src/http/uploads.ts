/// <reference types="@fastify/multipart" preserve="true" />
// The request augmentation (isMultipart, file) travels with this module's declarations to the
// services that call request.isMultipart() themselves.
import { extname } from 'node:path';
import multipart from '@fastify/multipart';
import type { ErrorCode } from '@porta/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors.js';
import { type Storage, StorageNotFoundError } from '../storage/index.js';
import type { App } from './create-service.js';

/**
 * File uploads of the services (community's comment images, service requests' attachments): one
 * multipart file a request, checked by its name, extension, size and bytes before anything is
 * stored, and served back with headers that keep a browser from guessing.
 */

export interface Upload {
  fileName: string;
  data: Buffer;
}

/** The error codes of the four checks (01 §8: illegal_characters, file_extension, file_size, mime_type). */
export interface UploadErrors {
  illegalCharacters: ErrorCode;
  fileExtension: ErrorCode;
  fileSize: ErrorCode;
  mimeType: ErrorCode;
}

export interface UploadRules {
  /**
   * The allowed extensions (lower case, without the dot), each with what file-type may read its
   * bytes as (any of them). An office file file-type reads only as its container says so with 'zip'
   * or 'cfb'.
   */
  accepts: Readonly<Record<string, readonly string[]>>;
  maxBytes: number;
  errors: UploadErrors;
}

/**
 * What a file name must not hold: a slash or backslash, control characters (C0, DEL, C1), the
 * invisible format characters (bidirectional overrides, embeddings and isolates, which show
 * `invoice\u202Efdp.exe` as `invoiceexe.pdf`; zero-width spaces and joiners, the byte order mark,
 * the soft hyphen) and the line and paragraph separators.
 */
const ILLEGAL_IN_FILE_NAME = /[\\/\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Whether an uploaded file's name is refused as illegal characters (01 §8): see above, or blank. */
export function isIllegalFileName(fileName: string): boolean {
  return ILLEGAL_IN_FILE_NAME.test(fileName) || fileName.trim() === '';
}

/**
 * Check an upload in order: the name (no slash, backslash, control or invisible format character,
 * not blank), the extension, the size (1 byte up to maxBytes), then the bytes. Answers the
 * extension and what the bytes are.
 */
export async function checkUpload(
  upload: Upload,
  rules: UploadRules,
): Promise<{ extension: string; sniffed: FileTypeResult }> {
  const { fileName, data } = upload;
  if (isIllegalFileName(fileName)) {
    throw new AppError(rules.errors.illegalCharacters);
  }
  const extension = extname(fileName).slice(1).toLowerCase();
  const accepted = Object.hasOwn(rules.accepts, extension) ? rules.accepts[extension] : undefined;
  if (!accepted) throw new AppError(rules.errors.fileExtension);
  if (data.length === 0 || data.length > rules.maxBytes) throw new AppError(rules.errors.fileSize);
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed || !accepted.includes(sniffed.ext)) throw new AppError(rules.errors.mimeType);
  return { extension, sniffed };
}

/** The file name as stored and offered: $ & ? quotes and backslashes removed (as for documents, 02 §5). */
export function cleanFileName(name: string, fallback = 'file'): string {
  return name.replace(/[$&?"'\\]/g, '').trim() || fallback;
}

/**
 * Take multipart uploads on the app's routes: one file (field "file") up to maxBytes. A larger
 * file is cut one byte past the limit and refused by receiveUpload with the size error. The name
 * is kept as sent, so that a path or a backslash in it is refused rather than cut off.
 */
export async function acceptUploads(app: App, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: maxBytes + 1, fields: 5 },
    throwFileSizeLimit: false,
    preservePath: true,
  });
}

/**
 * An error met while reading the client's multipart body. The parser's own refusals (too many
 * files or fields, 413) and ours stand; anything else is the body's fault: busboy throws plain
 * errors for a missing boundary or a malformed part header, and a part cut short ends the file's
 * stream early (ERR_STREAM_PREMATURE_CLOSE). Those are 400, not 500.
 */
function unreadable(error: unknown): unknown {
  if (error instanceof AppError || (error as { statusCode?: unknown } | null)?.statusCode !== undefined) {
    return error;
  }
  const message = 'The multipart body could not be read';
  return new AppError('VALIDATION_FAILED', {
    detail: `${message}.`,
    errors: [{ path: 'body', message }],
    cause: error,
  });
}

/**
 * The request's uploaded file (415 when it is not multipart, 400 without a file or when the body
 * cannot be read, tooLarge past the limit). Every upload route reads its file through this.
 */
export async function receiveUpload(request: FastifyRequest, tooLarge: ErrorCode): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const file = await request.file();
    if (!file) throw new AppError('VALIDATION_FAILED', { detail: 'A file is required.' });
    const data = await file.toBuffer();
    if (file.file.truncated) throw new AppError(tooLarge);
    return { fileName: file.filename, data };
  } catch (error) {
    throw unreadable(error);
  }
}

/** Send a stored file (404 NOT_FOUND when the storage has lost it); inline or as a download. */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: Storage,
  file: { storageKey: string; mimeType: string; size: number; fileName: string },
  disposition: 'inline' | 'attachment' = 'inline',
) {
  try {
    const body = await storage.get(file.storageKey);
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .send(body);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND');
    throw error;
  }
}
