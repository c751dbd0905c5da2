import { extname } from 'node:path';
import { COMMENT_IMAGE_EXTENSIONS, COMMENT_IMAGE_MAX_BYTES, type CommentImage } from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { CommunityContext, CommunityDb } from '../context.js';
import { images } from '../db/schema.js';
import type { Viewer } from './access.js';

/**
 * Comment images (02 §5): jpg, gif, jpeg or png up to 35,000,000 bytes. The type is decided by the
 * bytes (file-type), which must agree with the name's extension: a text file named .png is refused.
 * An image is uploaded first and put on a comment by its writer; until then only the writer sees
 * it, after that the members of the housing company.
 */

/** What the bytes must be for each allowed extension (file-type's answer). */
const SNIFFED: Record<(typeof COMMENT_IMAGE_EXTENSIONS)[number], string> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
};

export interface Upload {
  fileName: string;
  data: Buffer;
}

function hasControlCharacters(text: string): boolean {
  for (const ch of text) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return true;
  return false;
}

/** Check an upload: name, extension, size, then the bytes. Answers the type to serve it with. */
export async function checkImage(upload: Upload): Promise<{ mimeType: string }> {
  const { fileName, data } = upload;
  if (/[\\/]/.test(fileName) || hasControlCharacters(fileName) || fileName.trim() === '') {
    throw new AppError('COM_ILLEGAL_CHARACTERS');
  }
  const extension = extname(fileName).slice(1).toLowerCase();
  if (!(COMMENT_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new AppError('COM_FILE_EXTENSION');
  }
  if (data.length === 0 || data.length > COMMENT_IMAGE_MAX_BYTES) throw new AppError('COM_FILE_SIZE');
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed || sniffed.ext !== SNIFFED[extension as keyof typeof SNIFFED]) {
    throw new AppError('COM_MIME_TYPE');
  }
  return { mimeType: sniffed.mime };
}

/** The file name as stored and offered: $ & ? quotes and backslashes removed (as for documents, 02 §5). */
export function cleanFileName(name: string): string {
  return name.replace(/[$&?"'\\]/g, '').trim() || 'image';
}

/** Check and store an upload for the viewer's housing company; nothing is kept when a check fails. */
export async function storeImage(ctx: CommunityContext, viewer: Viewer, upload: Upload) {
  const { mimeType } = await checkImage(upload);
  const id = crypto.randomUUID();
  const storageKey = `community/images/${id}`;
  await ctx.storage.put(storageKey, upload.data);
  try {
    const [row] = await ctx.db
      .insert(images)
      .values({
        id,
        housingCompanyId: viewer.housingCompanyId,
        uploadedBy: viewer.userId,
        storageKey,
        fileName: cleanFileName(upload.fileName),
        mimeType,
        size: upload.data.length,
      })
      .returning();
    return row!;
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export function imageRef(row: typeof images.$inferSelect): CommentImage {
  return {
    id: row.id,
    url: `/api/community/images/${row.id}`,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
  };
}

/**
 * Put the viewer's uploaded images on a comment (inside its transaction): each must be the
 * viewer's own upload for the same housing company and on no comment yet, else 400
 * COM_IMAGE_NOT_FOUND and the transaction (the comment) is rolled back.
 */
export async function attachImages(
  tx: CommunityDb,
  viewer: Viewer,
  imageIds: readonly string[],
  commentId: string,
): Promise<void> {
  const ids = [...new Set(imageIds)];
  if (ids.length === 0) return;
  const attached = await tx
    .update(images)
    .set({ commentId })
    .where(
      and(
        inArray(images.id, ids),
        eq(images.uploadedBy, viewer.userId),
        eq(images.housingCompanyId, viewer.housingCompanyId),
        isNull(images.commentId),
      ),
    )
    .returning({ id: images.id });
  if (attached.length !== ids.length) throw new AppError('COM_IMAGE_NOT_FOUND');
}

/** The images of comments, oldest upload first. */
export async function imagesOf(
  db: CommunityDb,
  commentIds: readonly string[],
): Promise<Map<string, CommentImage[]>> {
  const out = new Map<string, CommentImage[]>();
  if (commentIds.length === 0) return out;
  const rows = await db
    .select()
    .from(images)
    .where(inArray(images.commentId, [...commentIds]))
    .orderBy(images.createdAt, images.id);
  for (const row of rows) {
    const list = out.get(row.commentId!) ?? [];
    list.push(imageRef(row));
    out.set(row.commentId!, list);
  }
  return out;
}

/** Remove the images of comments (inside a transaction); answers their files to delete after commit. */
export async function removeImagesOf(tx: CommunityDb, commentIds: readonly string[]): Promise<string[]> {
  if (commentIds.length === 0) return [];
  const rows = await tx
    .delete(images)
    .where(inArray(images.commentId, [...commentIds]))
    .returning({ storageKey: images.storageKey });
  return rows.map((r) => r.storageKey);
}

/** Delete stored files (after the rows are gone); a failure is logged and left for nobody. */
export async function deleteFiles(ctx: CommunityContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      ctx.logger.warn({ err, key }, 'deleting a comment image failed');
    }
  }
}

/** Remove images uploaded before the cutoff and never put on a comment; answers how many. */
export async function purgeUnattachedImages(ctx: CommunityContext, cutoff: Date): Promise<number> {
  const rows = await ctx.db
    .delete(images)
    .where(and(isNull(images.commentId), lt(images.createdAt, cutoff)))
    .returning({ storageKey: images.storageKey });
  await deleteFiles(
    ctx,
    rows.map((r) => r.storageKey),
  );
  if (rows.length) ctx.logger.info({ count: rows.length }, 'purged comment images never used');
  return rows.length;
}
