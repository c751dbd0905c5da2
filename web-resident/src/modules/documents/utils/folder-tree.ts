import type { Folder } from '@porta/contracts';

/** A folder in the tree: its sub-folders and how deep it is (1 at the top). */
export interface FolderNode {
  folder: Folder;
  children: FolderNode[];
  level: number;
  parentId: string | null;
}

/** The tree and a way to find a node by its folder's id. */
export interface FolderTree {
  roots: FolderNode[];
  byId: ReadonlyMap<string, FolderNode>;
}

/**
 * The folder list as a tree, by `parentId`, in the list's order (the service lists parents before
 * children, siblings by position and name). A folder whose parent is not in the list (one the caller
 * may not read) shows at the top.
 */
export function buildFolderTree(folders: readonly Folder[]): FolderTree {
  const byId = new Map<string, FolderNode>();
  for (const folder of folders) {
    byId.set(folder.id, { folder, children: [], level: 1, parentId: null });
  }
  const roots: FolderNode[] = [];
  for (const node of byId.values()) {
    const parent = node.folder.parentId ? byId.get(node.folder.parentId) : undefined;
    if (parent && parent !== node) {
      node.parentId = parent.folder.id;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  // Levels from the top down; a node met twice (a loop in broken data) is not walked again.
  const seen = new Set<string>();
  const walk = (nodes: FolderNode[], level: number) => {
    for (const node of nodes) {
      if (seen.has(node.folder.id)) continue;
      seen.add(node.folder.id);
      node.level = level;
      walk(node.children, level + 1);
    }
  };
  walk(roots, 1);
  return { roots, byId };
}

/** The ids of the folders above a folder, nearest first. */
export function ancestorIds(tree: FolderTree, id: string): string[] {
  const out: string[] = [];
  let parentId = tree.byId.get(id)?.parentId ?? null;
  while (parentId && !out.includes(parentId)) {
    out.push(parentId);
    parentId = tree.byId.get(parentId)?.parentId ?? null;
  }
  return out;
}

/** The nodes as the tree shows them, top to bottom: the children of open folders only. */
export function visibleNodes(roots: readonly FolderNode[], open: ReadonlySet<string>): FolderNode[] {
  const out: FolderNode[] = [];
  const walk = (nodes: readonly FolderNode[]) => {
    for (const node of nodes) {
      out.push(node);
      if (node.children.length > 0 && open.has(node.folder.id)) walk(node.children);
    }
  };
  walk(roots);
  return out;
}

/**
 * The folder shown when the address names none: the first, in the tree's order, that holds files
 * (an empty home manual first in the list would greet the user with nothing), else the first.
 */
export function firstFolder(tree: FolderTree): FolderNode | null {
  const walk = (nodes: FolderNode[]): FolderNode | null => {
    for (const node of nodes) {
      if (node.folder.documentCount > 0) return node;
      const below = walk(node.children);
      if (below) return below;
    }
    return null;
  };
  return walk(tree.roots) ?? tree.roots[0] ?? null;
}
