import {
  SERVICE_REQUEST_ARCHIVE_EXTENSIONS,
  SERVICE_REQUEST_ATTACHMENT_EXTENSIONS,
  SERVICE_REQUEST_ATTACHMENT_MAX_BYTES,
} from '@porta/contracts';

/** Why an attachment is refused: the attachment error codes of 01 §8. */
export const ATTACHMENT_REFUSALS = [
  'file_size',
  'mime_type',
  'file_extension',
  'illegal_characters',
] as const;
export type AttachmentRefusal = (typeof ATTACHMENT_REFUSALS)[number];

/** The most one attachment may weigh, in megabytes (36,700,160 bytes is 35 MB). */
export const ATTACHMENT_MAX_MB = Math.floor(SERVICE_REQUEST_ATTACHMENT_MAX_BYTES / (1024 * 1024));

/** The extensions one may attach (02 §9); archives (zip, rar, tar) only for yitUser or admin (02 §5). */
export function attachmentExtensions(archives: boolean): readonly string[] {
  return archives
    ? [...SERVICE_REQUEST_ATTACHMENT_EXTENSIONS, ...SERVICE_REQUEST_ARCHIVE_EXTENSIONS]
    : SERVICE_REQUEST_ATTACHMENT_EXTENSIONS;
}

/** What the file picker offers, e.g. `.asice,.jpg,…`. */
export function attachmentAccept(archives: boolean): string {
  return attachmentExtensions(archives)
    .map((extension) => `.${extension}`)
    .join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function hasControlCharacters(text: string): boolean {
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The checks the service makes before it reads the bytes, in its order (02 §5, ADR 0018): a name
 * without a backslash, slash or control character; an allowed extension; 1 byte up to 36,700,160
 * bytes. Null when the file passes (the service still checks that the bytes are what the name says).
 */
export function checkAttachment(
  file: Pick<File, 'name' | 'size'>,
  archives: boolean,
): AttachmentRefusal | null {
  if (/[\\/]/.test(file.name) || hasControlCharacters(file.name) || file.name.trim() === '') {
    return 'illegal_characters';
  }
  if (!attachmentExtensions(archives).includes(extensionOf(file.name))) return 'file_extension';
  if (file.size <= 0 || file.size > SERVICE_REQUEST_ATTACHMENT_MAX_BYTES) return 'file_size';
  return null;
}

const isRefusal = (value: string): value is AttachmentRefusal =>
  (ATTACHMENT_REFUSALS as readonly string[]).includes(value);

/**
 * The refusal a failed upload carries: the service answers 400 with the code SRQ_FILE_SIZE,
 * SRQ_MIME_TYPE, SRQ_FILE_EXTENSION or SRQ_ILLEGAL_CHARACTERS and the attachment code as its
 * message; the bare attachment code is taken too.
 */
export function refusalOf(error: unknown): AttachmentRefusal | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    const bare = code.replace(/^SRQ_/, '').toLowerCase();
    if (isRefusal(bare)) return bare;
  }
  if (typeof message === 'string' && isRefusal(message)) return message;
  return null;
}

/** Images are shown as thumbnails, other files as links. */
export function isImage(mimeType: string): boolean {
  return /^image\/(jpeg|png|gif|webp)$/.test(mimeType);
}
