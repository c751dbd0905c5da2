import type {
  Document,
  DocumentPage,
  DownloadBody,
  DownloadLink,
  FolderList,
  HomeFolderCategory,
  Language,
  UpdateDocumentBody,
  UploadResult,
  VideoList,
  zDocument,
  zDocumentPage,
  zDownloadLink,
  zFolderList,
  zUploadResult,
  zVideoList,
} from '@porta/contracts';
import { answer, type SessionClient } from '@porta/web-kit';
import { authorizedFetch, queryString } from '../../../shared/utils/http';
import { type UploadOptions, uploadFile } from '../../../shared/utils/upload';

export const DOCUMENTS_BASE = '/api/documents';
const segment = encodeURIComponent;

export interface DocumentListParams {
  folderId: string;
  /** Words the name, file name or tags hold. */
  q?: string | undefined;
  /** The cursor of the page before (its `nextCursor`). */
  after?: string | undefined;
  limit?: number | undefined;
  lang?: Language | undefined;
}

export interface UploadDocumentOptions extends UploadOptions {
  /** The batch the first answer gave, so that the files of one upload stay together. */
  uploadBatchId?: string | null | undefined;
  /** The home folder's category (required there). */
  homeFolder?: HomeFolderCategory | null | undefined;
  lang?: Language | undefined;
}

/**
 * The documents service as the resident app uses it (02 §2–§3, §7, ADR 0030: our own REST under
 * /api/documents, through the gateway). Answers are typed by their contracts; the service checks
 * them before it sends them.
 */
export interface DocumentsApi {
  /** GET /housing-companies/:hc/folders: the folders the caller may read (an apartment's with `apartmentId`). */
  listFolders(housingCompanyId: string, apartmentId: string | null, lang?: Language): Promise<FolderList>;
  /** GET /folders/:id/documents: a page of the folder's files, newest first (keyset: `after`). */
  listDocuments(params: DocumentListParams): Promise<DocumentPage>;
  /** GET /housing-companies/:hc/documents/latest: the newest files the caller may read (the dashboard's). */
  latestDocuments(
    housingCompanyId: string,
    apartmentId: string | null,
    limit: number,
    lang?: Language,
  ): Promise<Document[]>;
  getDocument(id: string, lang?: Language): Promise<Document>;
  /** POST /folders/:id/documents (multipart field "file"), one file, reporting its progress. */
  uploadDocument(folderId: string, file: File, options?: UploadDocumentOptions): Promise<UploadResult>;
  /** PATCH /documents/:id: a new name, tags or category (only the fields given change). */
  updateDocument(id: string, body: UpdateDocumentBody, lang?: Language): Promise<Document>;
  deleteDocument(id: string): Promise<void>;
  /** POST /housing-companies/:hc/downloads: a link that needs no token (one file, or a zip of several). */
  createDownload(housingCompanyId: string, body: DownloadBody): Promise<DownloadLink>;
  /** A file itself (served with the token), for showing it in the browser. */
  fetchFile(id: string): Promise<Blob>;
  /** A picture's thumbnail (its `thumbnails.medium` or `.large` address, served with the token). */
  fetchThumbnail(url: string): Promise<Blob>;
  /** GET /housing-companies/:hc/videos: the company's introduction videos, titles in `lang`. */
  listVideos(housingCompanyId: string, lang?: Language): Promise<VideoList>;
}

export function createDocumentsApi(session: SessionClient): DocumentsApi {
  const call = (method: string, path: string, body?: unknown) =>
    session.request(method, `${DOCUMENTS_BASE}${path}`, body);

  return {
    async listFolders(housingCompanyId, apartmentId, lang) {
      const query = queryString({ apartmentId, lang });
      return answer<typeof zFolderList>(
        await call('GET', `/housing-companies/${segment(housingCompanyId)}/folders${query}`),
      );
    },
    async listDocuments({ folderId, q, after, limit, lang }) {
      const query = queryString({ q: q?.trim(), after, limit, lang });
      return answer<typeof zDocumentPage>(
        await call('GET', `/folders/${segment(folderId)}/documents${query}`),
      );
    },
    async latestDocuments(housingCompanyId, apartmentId, limit, lang) {
      const query = queryString({ apartmentId, limit, lang });
      // The answer is a bare list of documents (no contract of its own to name).
      return (await call(
        'GET',
        `/housing-companies/${segment(housingCompanyId)}/documents/latest${query}`,
      )) as Document[];
    },
    async getDocument(id, lang) {
      return answer<typeof zDocument>(await call('GET', `/documents/${segment(id)}${queryString({ lang })}`));
    },
    async uploadDocument(folderId, file, { uploadBatchId, homeFolder, lang, ...options } = {}) {
      const query = queryString({ uploadBatchId, homeFolder, lang });
      const url = `${DOCUMENTS_BASE}/folders/${segment(folderId)}/documents${query}`;
      return answer<typeof zUploadResult>(await uploadFile(session, url, file, options));
    },
    async updateDocument(id, body, lang) {
      return answer<typeof zDocument>(
        await call('PATCH', `/documents/${segment(id)}${queryString({ lang })}`, body),
      );
    },
    async deleteDocument(id) {
      await call('DELETE', `/documents/${segment(id)}`);
    },
    async createDownload(housingCompanyId, body) {
      return answer<typeof zDownloadLink>(
        await call('POST', `/housing-companies/${segment(housingCompanyId)}/downloads`, body),
      );
    },
    async fetchFile(id) {
      return (await authorizedFetch(session, `${DOCUMENTS_BASE}/documents/${segment(id)}/file`)).blob();
    },
    async fetchThumbnail(url) {
      // Only the service's own addresses: a thumbnail address is never sent the token elsewhere.
      if (!url.startsWith(`${DOCUMENTS_BASE}/documents/`)) throw new Error(`Not a thumbnail address: ${url}`);
      return (await authorizedFetch(session, url)).blob();
    },
    async listVideos(housingCompanyId, lang) {
      return answer<typeof zVideoList>(
        await call('GET', `/housing-companies/${segment(housingCompanyId)}/videos${queryString({ lang })}`),
      );
    },
  };
}
