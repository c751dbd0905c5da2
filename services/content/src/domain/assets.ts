import { extname } from 'node:path';
import {
  ARTICLE_IMAGE_MIN_WIDTH,
  ARTICLE_IMAGE_RATIO,
  type AssetRef,
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_RATIO_TOLERANCE,
  PARTNER_LOGO_MIN_WIDTH,
} from '@porta/contracts';
import { AppError, isIllegalFileName } from '@porta/service-kit';
import { inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { ContentContext, ContentDb } from '../context.js';
import { assets } from '../db/schema.js';

/**
 * Images and attachments of content items (03 §5). Every upload is checked by name, extension,
 * size and by its bytes (the type is sniffed, not taken from the name or the browser):
 * - image: jpg, jpeg, png or gif up to 35,000,000 bytes;
 * - article-image: an image that is landscape 16:9 and at least 1000 px wide (jpg, png, gif);
 * - partner-logo: a square png at least 500 px wide;
 * - attachment: the extensions of 02 §9 up to 36,700,160 bytes (zip, rar, tar for yitUser and admin).
 */
export const ASSET_PURPOSES = ['image', 'article-image', 'partner-logo', 'attachment'] as const;
export type AssetPurpose = (typeof ASSET_PURPOSES)[number];

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];
const ARCHIVE_EXTENSIONS = ['zip', 'rar', 'tar'];
/** What the bytes must be for each extension (file-type's answer). */
const SNIFFED: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  tiff: ['tif'],
  ico: ['ico', 'cur'],
  pdf: ['pdf'],
  zip: ['zip'],
  rar: ['rar'],
  tar: ['tar'],
  // Office and other zip-based containers are sniffed as their type or as zip.
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  ppsx: ['ppsx', 'pptx', 'zip'],
  odt: ['odt', 'zip'],
  asice: ['zip', 'asice'],
  key: ['zip', 'key'],
  doc: ['cfb', 'doc'],
  xls: ['cfb', 'xls'],
  ppt: ['cfb', 'ppt'],
  pps: ['cfb', 'ppt'],
  dwg: ['dwg'],
};

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};

export interface Upload {
  fileName: string;
  data: Buffer;
}

/** Check an upload against its purpose's rules; answers what is stored about it. */
export async function checkUpload(
  upload: Upload,
  purpose: AssetPurpose,
  options: { mayUploadArchives: boolean },
): Promise<{ extension: string; mimeType: string; width: number | null; height: number | null }> {
  const { fileName, data } = upload;
  if (isIllegalFileName(fileName)) {
    throw new AppError('CNT_ILLEGAL_CHARACTERS');
  }
  const extension = extname(fileName).slice(1).toLowerCase();
  const image = purpose !== 'attachment';
  const allowed = image
    ? purpose === 'partner-logo'
      ? ['png']
      : IMAGE_EXTENSIONS
    : [...ATTACHMENT_EXTENSIONS, ...(options.mayUploadArchives ? ARCHIVE_EXTENSIONS : [])];
  if (!allowed.includes(extension)) throw new AppError('CNT_FILE_EXTENSION');
  if (data.length > (image ? IMAGE_MAX_BYTES : ATTACHMENT_MAX_BYTES) || data.length === 0) {
    throw new AppError('CNT_FILE_SIZE');
  }
  const sniffed = await fileTypeFromBuffer(data);
  const expected = SNIFFED[extension];
  if (expected && (!sniffed || !expected.includes(sniffed.ext))) throw new AppError('CNT_MIME_TYPE');
  let width: number | null = null;
  let height: number | null = null;
  if (image) {
    try {
      const size = imageSize(data);
      width = size.width ?? null;
      height = size.height ?? null;
    } catch {
      throw new AppError('CNT_MIME_TYPE');
    }
    if (!width || !height) throw new AppError('CNT_MIME_TYPE');
    if (purpose === 'article-image') {
      const ratio = width / height;
      const okRatio = Math.abs(ratio - ARTICLE_IMAGE_RATIO) / ARTICLE_IMAGE_RATIO <= IMAGE_RATIO_TOLERANCE;
      if (width < ARTICLE_IMAGE_MIN_WIDTH || !okRatio) throw new AppError('CNT_IMAGE_RULES');
    }
    if (purpose === 'partner-logo' && (width !== height || width < PARTNER_LOGO_MIN_WIDTH)) {
      throw new AppError('CNT_LOGO_RULES');
    }
  }
  const mimeType = sniffed?.mime ?? MIME[extension] ?? 'application/octet-stream';
  return { extension, mimeType, width, height };
}

/** The file name as stored and offered for download: $ & ? quotes and backslashes removed (03 §5). */
export function cleanFileName(name: string): string {
  return name.replace(/[$&?"'\\]/g, '').trim() || 'file';
}

export async function storeAsset(
  ctx: ContentContext,
  upload: Upload,
  purpose: AssetPurpose,
  actor: { userId: string; mayUploadArchives: boolean },
) {
  const checked = await checkUpload(upload, purpose, { mayUploadArchives: actor.mayUploadArchives });
  const id = crypto.randomUUID();
  const storageKey = `content/assets/${id}`;
  await ctx.storage.put(storageKey, upload.data);
  const [row] = await ctx.db
    .insert(assets)
    .values({
      id,
      storageKey,
      fileName: cleanFileName(upload.fileName),
      mimeType: checked.mimeType,
      size: upload.data.length,
      width: checked.width,
      height: checked.height,
      purpose,
      createdBy: actor.userId,
    })
    .returning();
  return row!;
}

export function assetRef(row: typeof assets.$inferSelect): AssetRef {
  return {
    id: row.id,
    url: `/api/content/assets/${row.id}`,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
  };
}

/**
 * The assets for these ids, in the given order; every id must exist and have been checked for one
 * of the purposes (an attachment cannot stand in for an article image).
 */
export async function requireAssets(
  db: ContentDb,
  ids: readonly string[],
  purposes: readonly AssetPurpose[],
): Promise<AssetRef[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(assets)
    .where(inArray(assets.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError('CNT_ASSET_NOT_FOUND');
    if (!purposes.includes(row.purpose as AssetPurpose)) {
      throw new AppError(purposes.includes('article-image') ? 'CNT_IMAGE_RULES' : 'CNT_ASSET_NOT_FOUND');
    }
    return assetRef(row);
  });
}

/** Asset references for display (missing ones are skipped). */
export async function assetRefs(db: ContentDb, ids: readonly string[]): Promise<AssetRef[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(assets)
    .where(inArray(assets.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [assetRef(row)] : [];
  });
}
