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

function hasControlCharacters(text: string): boolean {
  for (const ch of text) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return true;
  return false;
}

/**
 * Check an upload in order: the name (no slash, backslash or control character, not blank), the
 * extension, the size (1 byte up to maxBytes), then the bytes. Answers the extension and what the
 * bytes are.
 */
export async function checkUpload(
  upload: Upload,
  rules: UploadRules,
): Promise<{ extension: string; sniffed: FileTypeResult }> {
  const { fileName, data } = upload;
  if (/[\\/]/.test(fileName) || hasControlCharacters(fileName) || fileName.trim() === '') {
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

/** The request's uploaded file (415 when it is not multipart, 400 without a file, tooLarge past the limit). */
export async function receiveUpload(request: FastifyRequest, tooLarge: ErrorCode): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const file = await request.file();
  if (!file) throw new AppError('VALIDATION_FAILED', { detail: 'A file is required.' });
  const data = await file.toBuffer();
  if (file.file.truncated) throw new AppError(tooLarge);
  return { fileName: file.filename, data };
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
