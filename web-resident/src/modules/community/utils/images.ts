import { COMMENT_IMAGE_EXTENSIONS, COMMENT_IMAGE_MAX_BYTES } from '@porta/contracts';

/** What the file picker offers (02 §5: jpg, gif, jpeg, png). */
export const IMAGE_ACCEPT = COMMENT_IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * Does an image pass the checks the service makes before it reads the bytes (02 §5): a jpg, gif,
 * jpeg or png name without a backslash, up to 35,000,000 bytes. The service checks the bytes too.
 */
export function isAcceptableImage(file: Pick<File, 'name' | 'size'>): boolean {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return (
    (COMMENT_IMAGE_EXTENSIONS as readonly string[]).includes(extension) &&
    !file.name.includes('\\') &&
    file.size > 0 &&
    file.size <= COMMENT_IMAGE_MAX_BYTES
  );
}

/** The service's refusals of an image (01 §8 attachment error codes). */
export const IMAGE_ERROR_CODES: ReadonlySet<string> = new Set([
  'COM_FILE_SIZE',
  'COM_MIME_TYPE',
  'COM_FILE_EXTENSION',
  'COM_ILLEGAL_CHARACTERS',
]);
