import {
  type CreateFolderBody,
  FOLDER_DEPTH_MAX,
  type Folder,
  type FolderList,
  type FolderRulesBody,
  type UpdateFolderBody,
} from '@porta/contracts';
import { AppError, uuidv7, withTransaction } from '@porta/service-kit';
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { DocumentsContext } from '../context.js';
import { documents, folders } from '../db/schema.js';
import { type Entry, type FolderRow, type FolderTree, loadTree } from './access.js';

/** The folder as the caller sees it (names and rules only for those who run the documents). */
export function folderOf(tree: FolderTree, folder: FolderRow, documentCount: number): Folder {
  const { rules, inherited } = tree.rulesOf(folder);
  const manages = tree.entry.manages;
  return {
    id: folder.id,
    key: folder.key,
    name: tree.nameOf(folder),
    names: manages ? { name: folder.name, translations: folder.translations } : null,
    path: tree.path(folder),
    parentId: folder.parentId,
    scope: folder.scope,
    housingCompanyId: folder.housingCompanyId,
    apartmentId: folder.apartmentId,
    subScope: folder.subScope,
    visible: folder.visible,
    homeFolder: folder.key === 'home',
    rules: manages ? rules : null,
    inherited,
    documentCount,
    updatedAt: folder.updatedAt.toISOString(),
    ...tree.rights(folder),
  };
}

/** The folders of the tree the caller may read (every one for a manager), with their file counts. */
export async function listFolders(ctx: DocumentsContext, tree: FolderTree): Promise<FolderList> {
  const readable = tree.ordered().filter((f) => tree.rights(f).canRead);
  const counts = new Map<string, number>();
  if (readable.length) {
    const rows = await ctx.db
      .select({ folderId: documents.folderId, n: count() })
      .from(documents)
      .where(
        inArray(
          documents.folderId,
          readable.map((f) => f.id),
        ),
      )
      .groupBy(documents.folderId);
    for (const r of rows) counts.set(r.folderId, Number(r.n));
  }
  return {
    housingCompanyId: tree.entry.housingCompanyId,
    apartmentId: tree.apartmentId,
    manages: tree.entry.manages,
    folders: readable.map((f) => folderOf(tree, f, counts.get(f.id) ?? 0)),
  };
}

/** Only those who run the company's documents change folders (03 §6). */
export function requireManager(entry: Entry): void {
  if (!entry.manages) throw new AppError('DOC_FOLDER_NOT_PERMITTED');
}

function depthOf(tree: FolderTree, parent: FolderRow | null): number {
  return parent ? tree.ancestry(parent).length : 0;
}

/** A new folder under the parent (of the same tree), last among its siblings. */
export async function createFolder(
  ctx: DocumentsContext,
  tree: FolderTree,
  body: CreateFolderBody,
): Promise<FolderRow> {
  requireManager(tree.entry);
  const parent = body.parentId ? tree.byId.get(body.parentId) : null;
  if (body.parentId && !parent) throw new AppError('DOC_FOLDER_NOT_FOUND');
  if (depthOf(tree, parent ?? null) + 1 > FOLDER_DEPTH_MAX) throw new AppError('DOC_FOLDER_TOO_DEEP');
  const siblings = [...tree.byId.values()].filter((f) => f.parentId === (parent?.id ?? null));
  const [last] = siblings.length
    ? await ctx.db
        .select({ position: max(folders.position) })
        .from(folders)
        .where(
          inArray(
            folders.id,
            siblings.map((f) => f.id),
          ),
        )
    : [];
  const [row] = await ctx.db
    .insert(folders)
    .values({
      id: uuidv7(),
      housingCompanyId: tree.entry.housingCompanyId,
      apartmentId: tree.apartmentId,
      scope: tree.apartmentId ? 'apartment' : 'project',
      parentId: parent?.id ?? null,
      name: body.name,
      translations: body.translations ?? {},
      visible: body.visible ?? true,
      subScope: body.subScope ?? null,
      position: (last?.position ?? -1) + 1,
    })
    .returning();
  return row!;
}

/** Rename, hide or show, or move a folder within its tree (not into itself or below itself). */
export async function updateFolder(
  ctx: DocumentsContext,
  tree: FolderTree,
  folder: FolderRow,
  body: UpdateFolderBody,
): Promise<FolderRow> {
  requireManager(tree.entry);
  if (body.parentId !== undefined && body.parentId !== folder.parentId) {
    const parent = body.parentId === null ? null : tree.byId.get(body.parentId);
    if (parent === undefined) throw new AppError('DOC_FOLDER_MOVE_INVALID');
    if (parent && tree.ancestry(parent).includes(folder)) throw new AppError('DOC_FOLDER_MOVE_INVALID');
    const below = Math.max(0, ...tree.descendants(folder).map((d) => tree.ancestry(d).indexOf(folder)));
    if (depthOf(tree, parent) + 1 + below > FOLDER_DEPTH_MAX) throw new AppError('DOC_FOLDER_TOO_DEEP');
  }
  const [row] = await ctx.db
    .update(folders)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.translations !== undefined ? { translations: body.translations } : {}),
      ...(body.visible !== undefined ? { visible: body.visible } : {}),
      ...(body.subScope !== undefined ? { subScope: body.subScope } : {}),
      ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(folders.id, folder.id))
    .returning();
  return row!;
}

/**
 * Set a folder's rules (null: inherit again); with copyToDescendants every folder below gets the
 * same (03 §3). Answers the folders changed.
 */
export async function setFolderRules(
  ctx: DocumentsContext,
  tree: FolderTree,
  folder: FolderRow,
  body: FolderRulesBody,
): Promise<void> {
  requireManager(tree.entry);
  const ids = [folder.id, ...(body.copyToDescendants ? tree.descendants(folder).map((f) => f.id) : [])];
  await ctx.db
    .update(folders)
    .set({ rules: body.rules, updatedAt: new Date() })
    .where(inArray(folders.id, ids));
}

/** Delete an empty folder that staff made (a standard one is hidden instead). */
export async function deleteFolder(
  ctx: DocumentsContext,
  tree: FolderTree,
  folder: FolderRow,
): Promise<void> {
  requireManager(tree.entry);
  if (folder.key !== null) throw new AppError('DOC_FOLDER_STANDARD');
  if (tree.descendants(folder).length > 0) throw new AppError('DOC_FOLDER_NOT_EMPTY');
  await withTransaction(ctx.db, async (tx) => {
    // Locks the folder against an upload landing while it goes.
    await tx.execute(sql`select id from ${folders} where ${folders.id} = ${folder.id} for update`);
    const [held] = await tx
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.folderId, folder.id)));
    if (Number(held?.n ?? 0) > 0) throw new AppError('DOC_FOLDER_NOT_EMPTY');
    await tx.delete(folders).where(eq(folders.id, folder.id));
  });
}

/** The folder as it is now, for the answer of a change. */
export async function folderAnswer(
  ctx: DocumentsContext,
  entry: Entry,
  apartmentId: string | null,
  id: string,
): Promise<Folder> {
  const tree = await loadTree(ctx, entry, apartmentId);
  const [held] = await ctx.db.select({ n: count() }).from(documents).where(eq(documents.folderId, id));
  return folderOf(tree, tree.byId.get(id)!, Number(held?.n ?? 0));
}
