/// <reference types="@fastify/multipart" preserve="true" />
// The request augmentation (isMultipart, file) travels with this module's declarations to the
// services that call request.isMultipart() themselves.
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { ErrorCode } from '@porta/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors.js';
import { type ByteRange, type Storage, StorageNotFoundError } from '../storage/index.js';
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
 * What file-type may read each extension's bytes as (any of them), and the type a file is served
 * with: the attachment and document extensions of 02 §5 and 03 §9, and the archives. An office
 * file file-type reads only as its container (an OOXML or OpenDocument file as zip when it cannot
 * tell, the old Office formats as cfb) passes when the container is the right one.
 */
export const FILE_FORMATS = {
  jpg: { sniffed: ['jpg'], mime: 'image/jpeg' },
  jpeg: { sniffed: ['jpg'], mime: 'image/jpeg' },
  png: { sniffed: ['png'], mime: 'image/png' },
  gif: { sniffed: ['gif'], mime: 'image/gif' },
  webp: { sniffed: ['webp'], mime: 'image/webp' },
  ico: { sniffed: ['ico', 'cur'], mime: 'image/x-icon' },
  tiff: { sniffed: ['tif'], mime: 'image/tiff' },
  pdf: { sniffed: ['pdf'], mime: 'application/pdf' },
  dwg: { sniffed: ['dwg'], mime: 'image/vnd.dwg' },
  docx: {
    sniffed: ['docx', 'zip'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: {
    sniffed: ['xlsx', 'zip'],
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  pptx: {
    sniffed: ['pptx', 'zip'],
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  ppsx: {
    sniffed: ['ppsx', 'pptx', 'zip'],
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  },
  odt: { sniffed: ['odt', 'zip'], mime: 'application/vnd.oasis.opendocument.text' },
  key: { sniffed: ['zip'], mime: 'application/vnd.apple.keynote' },
  asice: { sniffed: ['zip'], mime: 'application/vnd.etsi.asic-e+zip' },
  doc: { sniffed: ['cfb'], mime: 'application/msword' },
  xls: { sniffed: ['cfb'], mime: 'application/vnd.ms-excel' },
  ppt: { sniffed: ['cfb'], mime: 'application/vnd.ms-powerpoint' },
  pps: { sniffed: ['cfb'], mime: 'application/vnd.ms-powerpoint' },
  zip: { sniffed: ['zip'], mime: 'application/zip' },
  rar: { sniffed: ['rar'], mime: 'application/vnd.rar' },
  tar: { sniffed: ['tar'], mime: 'application/x-tar' },
} as const satisfies Record<string, { sniffed: readonly string[]; mime: string }>;
export type FileExtension = keyof typeof FILE_FORMATS;

/** The rules that accept these extensions (FILE_FORMATS) up to maxBytes. */
export function uploadRules(
  extensions: readonly FileExtension[],
  maxBytes: number,
  errors: UploadErrors,
): UploadRules {
  return {
    accepts: Object.fromEntries(extensions.map((ext) => [ext, FILE_FORMATS[ext].sniffed])),
    maxBytes,
    errors,
  };
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

/** A Content-Disposition with the name as RFC 6266 writes any name (and an ASCII one for old clients). */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Take multipart uploads on the app's routes: one file (field "file"; or up to maxFiles for
 * streamUploads) up to maxBytes each. A larger
 * file is cut one byte past the limit and refused by receiveUpload with the size error. The name
 * is kept as sent, so that a path or a backslash in it is refused rather than cut off.
 */
export async function acceptUploads(app: App, maxBytes: number, maxFiles = 1): Promise<void> {
  await app.register(multipart, {
    // One file past the most, so that streamUploads refuses it with its own code.
    limits: { files: maxFiles === 1 ? 1 : maxFiles + 1, fileSize: maxBytes + 1, fields: 5 },
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

/**
 * Send a stored file (404 NOT_FOUND when the storage has lost it); inline or as a download. With
 * `ranges`, the request's Range header is honoured: 206 with the bytes asked for, `unsatisfiable`
 * (a code) past the end.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: Storage,
  file: { storageKey: string; mimeType: string; size: number; fileName: string },
  disposition: 'inline' | 'attachment' = 'inline',
  ranges?: { header: string | undefined; unsatisfiable: ErrorCode },
) {
  const range = ranges ? byteRange(ranges.header, file.size) : null;
  if (range === 'unsatisfiable') {
    throw new AppError(ranges!.unsatisfiable, { headers: { 'content-range': `bytes */${file.size}` } });
  }
  try {
    const body = await storage.get(file.storageKey, range ?? undefined);
    if (ranges) reply.header('accept-ranges', 'bytes');
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    }
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', range ? range.end - range.start + 1 : file.size)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(disposition, file.fileName))
      .send(body);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND');
    throw error;
  }
}

/** The bytes file-type reads to tell a file's type. */
const SNIFF_BYTES = 4100;

/** A file of a multipart upload as streamUploads hands it on: checked, its bytes still coming. */
export interface IncomingFile {
  fileName: string;
  /** Lower case, without the dot. */
  extension: string;
  sniffed: FileTypeResult;
  /** The file's bytes; fails with the size error past the rules' maxBytes (nothing more is read). */
  stream: Readable;
}

/**
 * The request's multipart files one after the other as they stream, without holding any whole:
 * each is checked by its name, its extension (rulesFor the extension's rules may say the caller
 * takes archives, say) and its first bytes before `handle` gets it, and its bytes are counted while
 * `handle` reads them (to storage): past maxBytes, or empty, the stream fails with the size error
 * and the rest of the body is left unread. 415 when not multipart; `noFile` without a file;
 * `tooMany` past maxFiles. What `handle` stored for earlier files is the caller's to undo when
 * this throws.
 */
export async function streamUploads<T>(
  request: FastifyRequest,
  rules: UploadRules,
  options: { maxFiles: number; tooMany: ErrorCode; noFile: ErrorCode },
  handle: (file: IncomingFile) => Promise<T>,
): Promise<T[]> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const done: T[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (done.length >= options.maxFiles) throw new AppError(options.tooMany);
      const fileName = part.filename;
      if (isIllegalFileName(fileName)) throw new AppError(rules.errors.illegalCharacters);
      const extension = extname(fileName).slice(1).toLowerCase();
      const accepted = Object.hasOwn(rules.accepts, extension) ? rules.accepts[extension] : undefined;
      if (!accepted) throw new AppError(rules.errors.fileExtension);
      const bytes = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const head = await readHead(bytes, SNIFF_BYTES);
      if (head.length === 0 || head.length > rules.maxBytes) throw new AppError(rules.errors.fileSize);
      const sniffed = await fileTypeFromBuffer(head);
      if (!sniffed || !accepted.includes(sniffed.ext)) throw new AppError(rules.errors.mimeType);
      const stream = Readable.from(counted(head, bytes, rules.maxBytes, rules.errors.fileSize), {
        objectMode: false,
      });
      done.push(await handle({ fileName, extension, sniffed, stream }));
    }
  } catch (error) {
    throw unreadable(error);
  }
  if (done.length === 0) throw new AppError(options.noFile);
  return done;
}

/** The first `size` bytes (or all, when fewer), leaving the rest to be read. */
async function readHead(bytes: AsyncIterator<Buffer>, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await bytes.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  return Buffer.concat(chunks);
}

/** The head, then the rest; fails with `tooLarge` past maxBytes. */
async function* counted(
  head: Buffer,
  rest: AsyncIterator<Buffer>,
  maxBytes: number,
  tooLarge: ErrorCode,
): AsyncGenerator<Buffer> {
  let length = head.length;
  yield head;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    length += next.value.length;
    if (length > maxBytes) throw new AppError(tooLarge);
    yield next.value;
  }
}

/**
 * The one byte range of a Range header (`bytes=a-b`, `bytes=a-`, `bytes=-n`) within a file of
 * `size` bytes: null to send the whole file (no header, several ranges, another unit or a
 * malformed one, which RFC 9110 lets a server ignore), 'unsatisfiable' when it starts past the end.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
