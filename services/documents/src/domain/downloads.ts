import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { DownloadBody, DownloadLink } from '@porta/contracts';
import { AppError, type Logger, type Storage } from '@porta/service-kit';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import yazl from 'yazl';
import type { DocumentsContext } from '../context.js';
import { documents, downloads, folders } from '../db/schema.js';
import { type Entry, type FolderTree, loadTree } from './access.js';
import type { DocumentRow } from './documents.js';
import { useNativeZipChecksums } from './zip-crc.js';

useNativeZipChecksums();

/**
 * Download links (ADR 0030): a signed-in caller chooses files they may read (or a folder) and gets
 * a link the browser opens to save them without the session's token, valid for
 * DOCUMENTS_DOWNLOAD_LINK_MINUTES. Its id is random (122 bits), not ordered, so it cannot be
 * guessed; one file is sent as itself (with byte ranges), several as a zip streamed while it is
 * read: stored, not compressed (documents are mostly compressed already), one file open at a time.
 */

/** The files of the request, each of the housing company and readable by the caller; else 404. */
async function chosenFiles(
  ctx: DocumentsContext,
  entry: Entry,
  body: DownloadBody,
): Promise<{ rows: DocumentRow[]; name: string }> {
  const trees = new Map<string | null, FolderTree>();
  const treeOf = async (apartmentId: string | null) => {
    const tree = trees.get(apartmentId) ?? (await loadTree(ctx, entry, apartmentId));
    trees.set(apartmentId, tree);
    return tree;
  };
  if ('folderId' in body) {
    const [found] = await ctx.db
      .select({ apartmentId: folders.apartmentId })
      .from(folders)
      .where(and(eq(folders.id, body.folderId), eq(folders.housingCompanyId, entry.housingCompanyId)));
    if (!found) throw new AppError('DOC_FOLDER_NOT_FOUND');
    const tree = await treeOf(found.apartmentId);
    const folder = tree.byId.get(body.folderId);
    if (!folder || !tree.rights(folder).canRead) throw new AppError('DOC_FOLDER_NOT_FOUND');
    const rows = await ctx.db.select().from(documents).where(eq(documents.folderId, folder.id));
    if (rows.length === 0) throw new AppError('DOC_NOT_FOUND');
    return { rows, name: `${tree.nameOf(folder)}.zip` };
  }
  const ids = [...new Set(body.ids)];
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(and(inArray(documents.id, ids), eq(documents.housingCompanyId, entry.housingCompanyId)));
  if (rows.length !== ids.length) throw new AppError('DOC_NOT_FOUND');
  for (const row of rows) {
    const tree = await treeOf(row.apartmentId);
    const folder = tree.byId.get(row.folderId);
    const readable = folder && (tree.rights(folder).canRead || row.createdBy === entry.principal.userId);
    if (!readable) throw new AppError('DOC_NOT_FOUND');
  }
  return { rows, name: rows.length === 1 ? rows[0]!.fileName : 'documents.zip' };
}

export async function createDownload(
  ctx: DocumentsContext,
  entry: Entry,
  body: DownloadBody,
): Promise<DownloadLink> {
  const { rows, name } = await chosenFiles(ctx, entry, body);
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.config.DOCUMENTS_DOWNLOAD_LINK_MINUTES * 60_000);
  // Links expired a day ago go with each new one.
  await ctx.db.delete(downloads).where(lt(downloads.expiresAt, new Date(Date.now() - 86_400_000)));
  await ctx.db.insert(downloads).values({
    id,
    housingCompanyId: entry.housingCompanyId,
    userId: entry.principal.userId,
    documentIds: rows.map((r) => r.id),
    fileName: name,
    expiresAt,
  });
  return {
    url: `/api/documents/downloads/${id}`,
    fileName: name,
    count: rows.length,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The link's files (those still there) and its name; an expired or unknown link: 404. */
export async function openDownload(
  ctx: DocumentsContext,
  id: string,
): Promise<{ fileName: string; rows: DocumentRow[]; single: boolean }> {
  const [link] = await ctx.db
    .select()
    .from(downloads)
    .where(and(eq(downloads.id, id), gt(downloads.expiresAt, new Date())));
  if (!link) throw new AppError('DOC_DOWNLOAD_EXPIRED');
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(
      and(inArray(documents.id, link.documentIds), eq(documents.housingCompanyId, link.housingCompanyId)),
    )
    .orderBy(documents.name, documents.id);
  if (rows.length === 0) throw new AppError('DOC_NOT_FOUND');
  return { fileName: link.fileName, rows, single: link.documentIds.length === 1 };
}

/** The names in the zip: the file names, a number added where two are alike ("a (2).pdf"). */
export function entryNames(rows: readonly { fileName: string }[]): string[] {
  const taken = new Set<string>();
  return rows.map(({ fileName }) => {
    const dot = fileName.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
    let name = fileName;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * What a zip download may hold ahead of the connection: yazl's output buffers 16 KiB, so the next
 * file part is read only once the socket has taken the last; with a few mebibytes between them the
 * disk reads while the network sends (docs/performance.md). Memory stays flat: this much per download.
 */
const ZIP_AHEAD_BYTES = 8 * 1024 * 1024;

/** A zip of the files, written while it is read; each file is opened when its turn comes. */
export function zipStream(storage: Storage, logger: Logger, rows: readonly DocumentRow[]): Readable {
  const zip = new yazl.ZipFile();
  const names = entryNames(rows);
  rows.forEach((row, i) => {
    zip.addReadStreamLazy(names[i]!, { size: row.size, mtime: row.updatedAt, compress: false }, (done) => {
      storage.get(row.storageKey).then(
        (stream) => done(null, stream),
        (err: unknown) => done(err, undefined as unknown as Readable),
      );
    });
  });
  const ahead = new PassThrough({ highWaterMark: ZIP_AHEAD_BYTES });
  zip.on('error', (err: unknown) => {
    logger.error({ err }, 'writing a zip download failed');
    (zip.outputStream as Readable).destroy(err as Error);
    ahead.destroy(err as Error);
  });
  zip.end();
  return (zip.outputStream as Readable).pipe(ahead);
}
