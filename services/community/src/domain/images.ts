import { type COMMENT_IMAGE_EXTENSIONS, COMMENT_IMAGE_MAX_BYTES, type CommentImage } from '@porta/contracts';
import {
  AppError,
  checkUpload,
  cleanFileName,
  deleteStoredFiles,
  putThenRecord,
  type Upload,
  type UploadRules,
} from '@porta/service-kit';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { CommunityContext, CommunityDb } from '../context.js';
import { images } from '../db/schema.js';
import type { Viewer } from './access.js';

/**
 * Comment images (02 §5): jpg, gif, jpeg or png up to 35,000,000 bytes. The type is decided by the
 * bytes (file-type), which must agree with the name's extension: a text file named .png is refused.
 * An image is uploaded first and put on a comment by its writer; until then only the writer sees
 * it, after that the members of the housing company.
 */

/** What the bytes must be for each allowed extension (file-type's answer), and the checks' codes. */
const IMAGE_RULES: UploadRules = {
  accepts: { jpg: ['jpg'], jpeg: ['jpg'], png: ['png'], gif: ['gif'] } satisfies Record<
    (typeof COMMENT_IMAGE_EXTENSIONS)[number],
    readonly string[]
  >,
  maxBytes: COMMENT_IMAGE_MAX_BYTES,
  errors: {
    illegalCharacters: 'COM_ILLEGAL_CHARACTERS',
    fileExtension: 'COM_FILE_EXTENSION',
    fileSize: 'COM_FILE_SIZE',
    mimeType: 'COM_MIME_TYPE',
  },
};

/** Check an upload: name, extension, size, then the bytes. Answers the type to serve it with. */
export async function checkImage(upload: Upload): Promise<{ mimeType: string }> {
  const { sniffed } = await checkUpload(upload, IMAGE_RULES);
  return { mimeType: sniffed.mime };
}

/** Check and store an upload for the viewer's housing company; nothing is kept when a check fails. */
export async function storeImage(ctx: CommunityContext, viewer: Viewer, upload: Upload) {
  const { mimeType } = await checkImage(upload);
  const id = crypto.randomUUID();
  const storageKey = `community/images/${id}`;
  return putThenRecord(ctx.storage, storageKey, upload.data, async () => {
    const [row] = await ctx.db
      .insert(images)
      .values({
        id,
        housingCompanyId: viewer.housingCompanyId,
        uploadedBy: viewer.userId,
        storageKey,
        fileName: cleanFileName(upload.fileName, 'image'),
        mimeType,
        size: upload.data.length,
      })
      .returning();
    return row!;
  });
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

/** Delete stored files (after their rows are gone); a failure is logged and left for nobody. */
export function deleteFiles(ctx: CommunityContext, keys: readonly string[]): Promise<void> {
  return deleteStoredFiles(ctx.storage, ctx.logger, keys, 'a comment image');
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
