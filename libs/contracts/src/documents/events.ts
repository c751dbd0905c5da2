import { z } from 'zod';
import { zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';
import { zRole } from '../roles.js';

/**
 * Events the documents service publishes (subjects `documents.<entity>.<verb>.v1`) through its
 * outbox (ADR 0030).
 */
export const DOCUMENT_EVENTS = {
  /** Files stored by one upload request (ids, folder, batch); told to nobody. */
  uploaded: 'documents.document.uploaded.v1',
  /**
   * An upload batch with "notify users", once its files are in (a short while after its first):
   * the notifications service tells those who may read the folder (type document, DOCUMENT_UPLOAD).
   */
  announced: 'documents.upload.announced.v1',
} as const;

/** The folder's address in the resident app (02 §2), the apartment's library for its folders. */
export function documentFolderUrl(folderId: string, apartmentId: string | null): string {
  return `${apartmentId ? '/my-apartment/documents' : '/documents'}?folder=${folderId}`;
}

export const zUploadAnnouncedEvent = z.object({
  housingCompanyId: zUuid,
  apartmentId: zUuid.nullable(),
  folderId: zUuid,
  uploadBatchId: zUuid,
  documentIds: z.array(zUuid),
  /** The uploader: not told. */
  by: zUuid,
  titles: z.partialRecord(z.enum(LANGUAGES), z.string()),
  defaultLanguage: z.enum(LANGUAGES),
  url: z.string(),
  /**
   * Who may read the folder, as identity's audience asks it: the company's members holding one of
   * the roles (none: every member), on the apartment only for an apartment's folder.
   */
  audience: z.object({ roles: z.array(zRole), apartmentIds: z.array(zUuid).optional() }),
});
export type UploadAnnouncedEvent = z.infer<typeof zUploadAnnouncedEvent>;
