import type { Folder } from '@porta/contracts';

/**
 * The folder list as a tree: the folders under each parent in the service's order (parents before
 * children, siblings by position and name). A folder whose parent is not in the list (the viewer
 * may not read it) is shown at the top.
 */
export function childrenByParent(folders: readonly Folder[]): Map<string | null, Folder[]> {
  const known = new Set(folders.map((folder) => folder.id));
  const out = new Map<string | null, Folder[]>();
  for (const folder of folders) {
    const parent = folder.parentId && known.has(folder.parentId) ? folder.parentId : null;
    const siblings = out.get(parent) ?? [];
    siblings.push(folder);
    out.set(parent, siblings);
  }
  return out;
}

/** The folder's id and those of every folder below it (a folder cannot be moved under these). */
export function withDescendants(folders: readonly Folder[], id: string): Set<string> {
  const children = childrenByParent(folders);
  const out = new Set<string>();
  const walk = (at: string) => {
    out.add(at);
    for (const child of children.get(at) ?? []) walk(child.id);
  };
  walk(id);
  return out;
}

/** The folders in tree order with their depth (0 at the top), for indented lists and selects. */
export function flatten(folders: readonly Folder[]): { folder: Folder; depth: number }[] {
  const children = childrenByParent(folders);
  const out: { folder: Folder; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const folder of children.get(parent) ?? []) {
      out.push({ folder, depth });
      walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** A UUID (the page's addresses carry ids; anything else is a housing company's or apartment's external id). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
