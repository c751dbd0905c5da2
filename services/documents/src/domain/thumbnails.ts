import { DOCUMENT_THUMBNAIL_SIZES, type DocumentThumbnailSize } from '@porta/contracts';
import { defineJob, deleteStoredFiles, StorageNotFoundError } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import type { DocumentsContext } from '../context.js';
import { documents } from '../db/schema.js';

/**
 * A picture's thumbnails (02 §3 Document thumbnails: medium, large; ADR 0030): WebP, the longest
 * side at most DOCUMENT_THUMBNAIL_SIZES (never enlarged), turned as the camera's EXIF orientation
 * says and without its metadata (place, camera). Made on the job runner after the upload is
 * stored, so the upload answers at once; stored beside the file (`<storage key>.<size>.webp`: a
 * storage key is a file on disk, so it cannot also be a folder). A picture sharp cannot read keeps
 * its upload and gets no thumbnails.
 */

/** The uploads that get thumbnails. */
export const THUMBNAIL_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/tiff',
]);

/**
 * Pictures larger than this are not decoded (a decompression bomb: a small file of a huge image).
 * 50 megapixels holds a 48-megapixel phone photo.
 */
export const THUMBNAIL_MAX_INPUT_PIXELS = 50_000_000;
/** Files larger than this are not read for thumbnails (the picture is read into memory whole). */
export const THUMBNAIL_MAX_INPUT_BYTES = 64 * 1024 * 1024;

// Every picture is decoded once: sharp's operation cache would only hold memory.
sharp.cache(false);

const SIZES = Object.keys(DOCUMENT_THUMBNAIL_SIZES) as DocumentThumbnailSize[];

/** Where a file's thumbnail of a size is stored. */
export function thumbnailKey(storageKey: string, size: DocumentThumbnailSize): string {
  return `${storageKey}.${size}.webp`;
}

/** Every thumbnail key of a file (to delete with it). */
export function thumbnailKeys(storageKey: string): string[] {
  return SIZES.map((size) => thumbnailKey(storageKey, size));
}

/** The thumbnails of a picture's bytes, or null when sharp cannot read it (or it is too large). */
export async function renderThumbnails(bytes: Buffer): Promise<Record<DocumentThumbnailSize, Buffer> | null> {
  const image = sharp(bytes, { limitInputPixels: THUMBNAIL_MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  const rendered = await Promise.all(
    SIZES.map((size) =>
      image
        .clone()
        .resize(DOCUMENT_THUMBNAIL_SIZES[size], DOCUMENT_THUMBNAIL_SIZES[size], {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer(),
    ),
  );
  return Object.fromEntries(SIZES.map((size, i) => [size, rendered[i]!])) as Record<
    DocumentThumbnailSize,
    Buffer
  >;
}

/** The stored file's bytes, or null past THUMBNAIL_MAX_INPUT_BYTES or when it is gone. */
async function readStored(ctx: DocumentsContext, storageKey: string): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = await ctx.storage.get(storageKey).catch((error: unknown) => {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  });
  if (!stream) return null;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > THUMBNAIL_MAX_INPUT_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Make and store a document's thumbnails and mark its row; answers whether it has them. A file that
 * is gone, not a picture or has them already is left alone; a picture sharp cannot read is logged.
 * Storage failures throw (the job tries again). A document deleted meanwhile loses the new files.
 */
export async function makeThumbnails(ctx: DocumentsContext, documentId: string): Promise<boolean> {
  const [row] = await ctx.db.select().from(documents).where(eq(documents.id, documentId));
  if (!row || !THUMBNAIL_TYPES.has(row.mimeType) || row.size > THUMBNAIL_MAX_INPUT_BYTES) return false;
  if (row.thumbnails) return true;
  const bytes = await readStored(ctx, row.storageKey);
  let made: Record<DocumentThumbnailSize, Buffer> | null = null;
  try {
    made = bytes && (await renderThumbnails(bytes));
  } catch (err) {
    ctx.logger.warn({ err, documentId }, 'the picture could not be read for thumbnails');
  }
  if (!made) return false;
  const keys: string[] = [];
  for (const size of SIZES) {
    const key = thumbnailKey(row.storageKey, size);
    keys.push(key);
    await ctx.storage.put(key, made[size]);
  }
  const [marked] = await ctx.db
    .update(documents)
    .set({ thumbnails: true })
    .where(eq(documents.id, documentId))
    .returning({ id: documents.id });
  if (!marked) {
    await deleteStoredFiles(ctx.storage, ctx.logger, keys, "a deleted document's thumbnails");
    return false;
  }
  return true;
}

const zThumbnailJob = z.object({ documentId: z.uuid() });

/** The job that makes one uploaded picture's thumbnails. */
export function thumbnailsJob(ctx: DocumentsContext) {
  return defineJob({
    name: 'documents.make-thumbnails',
    payload: zThumbnailJob,
    attempts: 3,
    handler: async ({ documentId }) => {
      await makeThumbnails(ctx, documentId);
    },
  });
}

/**
 * Have the uploaded pictures' thumbnails made: on the job runner, one job a picture; without one, at
 * once (answers the ids that got them). A failure is logged, never the upload's.
 */
export async function scheduleThumbnails(
  ctx: DocumentsContext,
  rows: readonly { id: string; mimeType: string }[],
): Promise<Set<string>> {
  const made = new Set<string>();
  for (const row of rows.filter((r) => THUMBNAIL_TYPES.has(r.mimeType))) {
    try {
      if (ctx.jobs) {
        await ctx.jobs.enqueue(thumbnailsJob(ctx), { documentId: row.id }, { jobId: `thumbnails:${row.id}` });
      } else if (await makeThumbnails(ctx, row.id)) {
        made.add(row.id);
      }
    } catch (err) {
      ctx.logger.error({ err, documentId: row.id }, 'making thumbnails failed');
    }
  }
  return made;
}
