import { DOCUMENT_ARCHIVE_EXTENSIONS, DOCUMENT_EXTENSIONS } from '@porta/contracts';

/**
 * The refusals a resident's upload can meet (01 §8 upload codes and the documents service's
 * own), each said in words under its file.
 */
export const UPLOAD_REFUSALS = [
  'DOC_FILE_SIZE',
  'DOC_FILE_EXTENSION',
  'DOC_MIME_TYPE',
  'DOC_ILLEGAL_CHARACTERS',
  'DOC_HOME_FOLDER_CATEGORY_REQUIRED',
  'DOC_UPLOAD_NOT_PERMITTED',
  'DOC_TOO_MANY_FILES',
] as const;
export type UploadRefusal = (typeof UPLOAD_REFUSALS)[number];

/** The extensions one may upload (03 §9); archives (zip, rar, tar) only for the developer's staff and admins. */
export function documentExtensions(archives: boolean): readonly string[] {
  return archives ? [...DOCUMENT_EXTENSIONS, ...DOCUMENT_ARCHIVE_EXTENSIONS] : DOCUMENT_EXTENSIONS;
}

/** What the file chooser offers, e.g. `.asice,.jpg,…`. */
export function documentAccept(archives: boolean): string {
  return documentExtensions(archives)
    .map((extension) => `.${extension}`)
    .join(',');
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A slash, backslash, control or invisible format character, or a line or paragraph separator. */
const ILLEGAL_IN_FILE_NAME = /[\\/\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * The service's first checks, made before a file is sent so that a refused file costs no upload:
 * its name, its extension and that it is not empty. The size limit is left to the service, as a
 * deployment may raise it (ADR 0030); the service also checks that the bytes are what the name says.
 */
export function checkDocumentFile(
  file: Pick<File, 'name' | 'size'>,
  archives: boolean,
): UploadRefusal | null {
  if (ILLEGAL_IN_FILE_NAME.test(file.name) || file.name.trim() === '') return 'DOC_ILLEGAL_CHARACTERS';
  if (!documentExtensions(archives).includes(extensionOf(file.name))) return 'DOC_FILE_EXTENSION';
  if (file.size <= 0) return 'DOC_FILE_SIZE';
  return null;
}

/** Files a browser shows itself (the service serves them inline): opened in a new tab, not saved. */
export function isViewable(mimeType: string): boolean {
  return mimeType === 'application/pdf' || /^image\/(jpeg|png|gif|webp)$/.test(mimeType);
}
