import type { Document } from '@porta/contracts';

/** The housing company's document library (02 §2). */
export const DOCUMENTS_PATH = '/documents';
/** The selected apartment's document library (02 §2). */
export const APARTMENT_DOCUMENTS_PATH = '/my-apartment/documents';
/** One file's download page (02 §2 /documents/download/{id}): notification e-mails link here. */
export const DOCUMENT_DOWNLOAD_ROUTE = '/documents/download/:id';

/** Whose folders a library shows: the housing company's (scope project) or the apartment's. */
export type LibraryScope = 'project' | 'apartment';

/** The address of a library with a folder chosen (`?folder=<id>`), or with none. */
export function folderPath(scope: LibraryScope, folderId?: string | null): string {
  const base = scope === 'apartment' ? APARTMENT_DOCUMENTS_PATH : DOCUMENTS_PATH;
  return folderId ? `${base}?folder=${encodeURIComponent(folderId)}` : base;
}

/** The folder a file is in, in the library it belongs to (an apartment's file: the apartment's). */
export function documentFolderPath(document: Pick<Document, 'apartmentId' | 'folderId'>): string {
  return folderPath(document.apartmentId ? 'apartment' : 'project', document.folderId);
}

export function documentDownloadPath(id: string): string {
  return `/documents/download/${encodeURIComponent(id)}`;
}
