import { type Language, type Video, type VideoBody, type VideoList, videoUrls } from '@porta/contracts';
import { AppError, type Principal, uuidv7 } from '@porta/service-kit';
import { and, asc, eq, max, ne } from 'drizzle-orm';
import type { DocumentsContext } from '../context.js';
import { videos } from '../db/schema.js';
import { type Entry, enterHousingCompany, type FolderTree, loadTree } from './access.js';

/**
 * Introduction videos (02 §2–§3, §5; 03 §2, §7; ADR 0030): listed beside the folders to everyone who
 * enters the housing company's documents (a video shown beside a folder only to those who read the
 * folder), added, changed and deleted by its document managers. A company without a building
 * taxonomy term has none (02 §5: "Kentico taxonomy term for this project could not be determined.").
 */

export type VideoRow = typeof videos.$inferSelect;

/** A codename's longest base (a suffix `_<n>` may follow). */
const CODENAME_MAX = 60;
/** Codenames tried before giving up (a company with that many videos of one title is unlikely). */
const CODENAME_TRIES = 50;

/** The video as the caller reads it, its title in the language asked for. */
export function videoOf(row: VideoRow, language: Language): Video {
  const { embedUrl } = videoUrls(row.source, row.identifier);
  return {
    id: row.id,
    housingCompanyId: row.housingCompanyId,
    codename: row.codename,
    title: row.translations[language] ?? row.title,
    titles: { title: row.title, translations: row.translations },
    source: row.source,
    identifier: row.identifier,
    fullUrl: row.fullUrl,
    embedUrl,
    documentFolderKey: row.documentFolderKey,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A codename from a title, as the content's codenames look: lower-case ascii words joined by `_`. */
export function videoCodename(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, CODENAME_MAX)
    .replace(/_+$/, '');
  if (!base) return 'video';
  return /^[a-z]/.test(base) ? base : `video_${base}`.slice(0, CODENAME_MAX);
}

/** 02 §5: the company's videos need its building-taxonomy term (identity's directory entry). */
function requireTaxonomy(entry: Entry): void {
  if (entry.housingCompany.taxonomyPath.length === 0) throw new AppError('DOC_VIDEO_TAXONOMY_MISSING');
}

/**
 * Whether the caller sees the video: a manager every one; others one beside no folder, or beside a
 * folder of the company's tree they may read (one whose folder is gone: managers only).
 */
function shownTo(tree: FolderTree, row: VideoRow): boolean {
  if (tree.entry.manages || row.documentFolderKey === null) return true;
  const folder = folderByKey(tree, row.documentFolderKey);
  return !!folder && tree.rights(folder).canRead;
}

/** The company's folder a video names: by standard key, or by id. */
function folderByKey(tree: FolderTree, key: string) {
  for (const folder of tree.byId.values()) if (folder.key === key || folder.id === key) return folder;
  return undefined;
}

/** The housing company's videos the caller sees, by position, then as they were added. */
export async function listVideos(ctx: DocumentsContext, entry: Entry): Promise<VideoList> {
  requireTaxonomy(entry);
  const tree = await loadTree(ctx, entry, null);
  const rows = await ctx.db
    .select()
    .from(videos)
    .where(eq(videos.housingCompanyId, entry.housingCompanyId))
    .orderBy(asc(videos.position), asc(videos.createdAt), asc(videos.id));
  return {
    housingCompanyId: entry.housingCompanyId,
    manages: entry.manages,
    videos: rows.filter((row) => shownTo(tree, row)).map((row) => videoOf(row, entry.language)),
  };
}

/** The folder key as stored: one of the company's folders (its standard key or id), else 404. */
async function checkedFolderKey(
  ctx: DocumentsContext,
  entry: Entry,
  key: string | null | undefined,
): Promise<string | null> {
  if (!key) return null;
  const tree = await loadTree(ctx, entry, null);
  if (!folderByKey(tree, key)) throw new AppError('DOC_FOLDER_NOT_FOUND');
  return key;
}

/** 02 §8 "video already exists": the same video in the company (another than `exceptId`). */
async function refuseDuplicate(
  ctx: DocumentsContext,
  entry: Entry,
  body: Pick<VideoBody, 'source' | 'identifier'>,
  exceptId?: string,
): Promise<void> {
  const [same] = await ctx.db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        eq(videos.housingCompanyId, entry.housingCompanyId),
        eq(videos.source, body.source),
        eq(videos.identifier, body.identifier),
        exceptId ? ne(videos.id, exceptId) : undefined,
      ),
    );
  if (same) throw new AppError('DOC_VIDEO_EXISTS');
}

/**
 * Add a video (03 §7 POST /video; document managers): last in the list unless a position is
 * given, its codename made from the title (`_2`, `_3`, … when the company has it already).
 */
export async function createVideo(ctx: DocumentsContext, entry: Entry, body: VideoBody): Promise<VideoRow> {
  if (!entry.manages) throw new AppError('DOC_FOLDER_NOT_PERMITTED');
  requireTaxonomy(entry);
  const documentFolderKey = await checkedFolderKey(ctx, entry, body.documentFolderKey);
  await refuseDuplicate(ctx, entry, body);
  const [last] = await ctx.db
    .select({ position: max(videos.position) })
    .from(videos)
    .where(eq(videos.housingCompanyId, entry.housingCompanyId));
  const base = videoCodename(body.title);
  for (let n = 1; n <= CODENAME_TRIES; n++) {
    const [row] = await ctx.db
      .insert(videos)
      .values({
        id: uuidv7(),
        housingCompanyId: entry.housingCompanyId,
        codename: n === 1 ? base : `${base}_${n}`,
        title: body.title,
        translations: body.translations ?? {},
        source: body.source,
        identifier: body.identifier,
        fullUrl: videoUrls(body.source, body.identifier).fullUrl,
        documentFolderKey,
        position: body.position ?? (last?.position ?? -1) + 1,
        createdBy: entry.principal.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    // Either unique index refused it: the same video (added meanwhile), or the codename is taken.
    await refuseDuplicate(ctx, entry, body);
  }
  throw new AppError('DOC_VIDEO_EXISTS');
}

/**
 * A video entered as the caller: 404 when there is none or it is of a company they do not reach
 * (or one they do not see); those who see it but do not run the documents get 403 on changes.
 */
export async function enterVideo(
  ctx: DocumentsContext,
  p: Principal,
  id: string,
  language: Language | undefined,
): Promise<{ entry: Entry; row: VideoRow }> {
  const [row] = await ctx.db.select().from(videos).where(eq(videos.id, id));
  if (!row) throw new AppError('DOC_VIDEO_NOT_FOUND');
  const entry = await enterHousingCompany(ctx, p, row.housingCompanyId, language).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'DOC_HOUSING_COMPANY_NOT_FOUND'
      ? new AppError('DOC_VIDEO_NOT_FOUND')
      : error;
  });
  if (!entry.manages) {
    const seen =
      entry.housingCompany.taxonomyPath.length > 0 && shownTo(await loadTree(ctx, entry, null), row);
    throw new AppError(seen ? 'DOC_FOLDER_NOT_PERMITTED' : 'DOC_VIDEO_NOT_FOUND');
  }
  return { entry, row };
}

/** Change a video's details (03 §7 PUT /video/{id}); its codename stays. */
export async function updateVideo(
  ctx: DocumentsContext,
  place: { entry: Entry; row: VideoRow },
  body: VideoBody,
): Promise<VideoRow> {
  const { entry, row } = place;
  const documentFolderKey =
    body.documentFolderKey === row.documentFolderKey
      ? row.documentFolderKey
      : await checkedFolderKey(ctx, entry, body.documentFolderKey);
  await refuseDuplicate(ctx, entry, body, row.id);
  const [updated] = await ctx.db
    .update(videos)
    .set({
      title: body.title,
      translations: body.translations ?? {},
      source: body.source,
      identifier: body.identifier,
      fullUrl: videoUrls(body.source, body.identifier).fullUrl,
      documentFolderKey,
      ...(body.position !== undefined ? { position: body.position } : {}),
      updatedAt: new Date(),
    })
    .where(eq(videos.id, row.id))
    .returning()
    .catch((error: unknown) => {
      // The same video saved meanwhile by someone else.
      throw uniqueViolated(error) ? new AppError('DOC_VIDEO_EXISTS') : error;
    });
  if (!updated) throw new AppError('DOC_VIDEO_NOT_FOUND');
  return updated;
}

/** Delete a video (03 §7 DELETE /video/{id}). */
export async function deleteVideo(ctx: DocumentsContext, row: VideoRow): Promise<void> {
  await ctx.db.delete(videos).where(eq(videos.id, row.id));
}

/** The insert or update hit a unique index (PostgreSQL 23505; drizzle keeps the driver's error as the cause). */
function uniqueViolated(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
