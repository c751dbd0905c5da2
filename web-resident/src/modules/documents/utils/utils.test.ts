import { describe, expect, it } from 'vitest';
import { docId, folder } from '../testing/document-fixtures';
import { checkDocumentFile, documentAccept, isViewable } from './files';
import { ancestorIds, buildFolderTree, firstFolder, visibleNodes } from './folder-tree';
import { documentFolderPath, folderPath } from './paths';

const names = (nodes: { folder: { name: string } }[]) => nodes.map((node) => node.folder.name);

describe('buildFolderTree', () => {
  const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(docId) as [string, string, string, string, string];
  const list = [
    folder({ id: a, name: 'A' }),
    folder({ id: b, name: 'B', parentId: a }),
    folder({ id: c, name: 'C', parentId: b }),
    // Its parent is not readable: it shows at the top.
    folder({ id: d, name: 'D', parentId: docId(99) }),
    folder({ id: e, name: 'E', parentId: a }),
  ];

  it('nests by parentId in the list’s order, a folder without its parent at the top', () => {
    const tree = buildFolderTree(list);
    expect(names(tree.roots)).toEqual(['A', 'D']);
    expect(names(tree.roots[0]!.children)).toEqual(['B', 'E']);
    expect(tree.byId.get(c)?.level).toBe(3);
    expect(tree.byId.get(d)?.level).toBe(1);
    expect(tree.byId.get(d)?.parentId).toBeNull();
    expect(ancestorIds(tree, c)).toEqual([b, a]);
  });

  it('shows the children of open folders only', () => {
    const tree = buildFolderTree(list);
    expect(names(visibleNodes(tree.roots, new Set()))).toEqual(['A', 'D']);
    expect(names(visibleNodes(tree.roots, new Set([a])))).toEqual(['A', 'B', 'E', 'D']);
    expect(names(visibleNodes(tree.roots, new Set([a, b])))).toEqual(['A', 'B', 'C', 'E', 'D']);
    // A closed parent hides an open child.
    expect(names(visibleNodes(tree.roots, new Set([b])))).toEqual(['A', 'D']);
  });

  it('opens on the first folder with files, in the tree’s order, else the first', () => {
    expect(firstFolder(buildFolderTree(list))?.folder.name).toBe('A');
    const counted = (counts: Record<string, number>) =>
      buildFolderTree(list.map((f) => ({ ...f, documentCount: counts[f.name] ?? 0 })));
    expect(firstFolder(counted({ C: 2, D: 5 }))?.folder.name).toBe('C');
    expect(firstFolder(counted({ E: 1, D: 1 }))?.folder.name).toBe('E');
    expect(firstFolder(counted({ D: 1 }))?.folder.name).toBe('D');
    expect(firstFolder(buildFolderTree([]))).toBeNull();
  });
});

describe('checkDocumentFile', () => {
  it('refuses as the service does before reading the bytes', () => {
    expect(checkDocumentFile({ name: 'plan.pdf', size: 10 }, false)).toBeNull();
    expect(checkDocumentFile({ name: 'PLAN.PDF', size: 10 }, false)).toBeNull();
    expect(checkDocumentFile({ name: 'a\\b.pdf', size: 10 }, false)).toBe('DOC_ILLEGAL_CHARACTERS');
    expect(checkDocumentFile({ name: 'invoice\u202Efdp.exe', size: 10 }, false)).toBe(
      'DOC_ILLEGAL_CHARACTERS',
    );
    expect(checkDocumentFile({ name: 'setup.exe', size: 10 }, false)).toBe('DOC_FILE_EXTENSION');
    expect(checkDocumentFile({ name: 'pdf', size: 10 }, false)).toBe('DOC_FILE_EXTENSION');
    expect(checkDocumentFile({ name: 'empty.pdf', size: 0 }, false)).toBe('DOC_FILE_SIZE');
    expect(checkDocumentFile({ name: 'all.zip', size: 10 }, false)).toBe('DOC_FILE_EXTENSION');
    expect(checkDocumentFile({ name: 'all.zip', size: 10 }, true)).toBeNull();
    expect(documentAccept(false)).toContain('.dwg');
    expect(documentAccept(false)).not.toContain('.zip');
  });

  it('opens PDFs and pictures in the browser, saves the rest', () => {
    expect(isViewable('application/pdf')).toBe(true);
    expect(isViewable('image/png')).toBe(true);
    expect(isViewable('image/tiff')).toBe(false);
    expect(isViewable('application/acad')).toBe(false);
  });
});

describe('paths', () => {
  it('puts the folder in the address of its library', () => {
    expect(folderPath('project')).toBe('/documents');
    expect(folderPath('apartment', docId(1))).toBe(`/my-apartment/documents?folder=${docId(1)}`);
    expect(documentFolderPath({ apartmentId: null, folderId: docId(2) })).toBe(
      `/documents?folder=${docId(2)}`,
    );
  });
});
