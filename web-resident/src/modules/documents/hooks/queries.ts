import {
  DOCUMENT_PAGE_DEFAULT,
  DOCUMENTS_LATEST_COUNT,
  type Document,
  type DocumentPage,
  type DownloadBody,
  type DownloadLink,
  type UpdateDocumentBody,
} from '@porta/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLeaveApp } from '../../../shared/services';
import { housingCompanyDataKey } from '../../housing-company';
import { useContentScope } from '../../news';
import { useDocumentsApi } from './use-documents-api';

/**
 * Documents belong to the selected housing company: every key starts with
 * `housingCompanyDataKey(housingCompanyId, 'documents', …)`, so a housing-company switch drops them
 * (01 §4).
 */
export function documentsKey(housingCompanyId: string | null, ...rest: unknown[]) {
  return housingCompanyDataKey(housingCompanyId, 'documents', ...rest);
}

/** Every folder list (the housing company's and the apartments'), whatever the language. */
const foldersKey = (hc: string | null) => documentsKey(hc, 'folders');
/** Every page of every search of one folder's files. */
const filesKey = (hc: string | null, folderId: string) => documentsKey(hc, 'files', folderId);
const latestKey = (hc: string | null) => documentsKey(hc, 'latest');

/** Files of a folder asked at a time (the service's default page). */
export const FILES_PAGE_SIZE = DOCUMENT_PAGE_DEFAULT;

/** The folders the user may read: the housing company's (`apartmentId` null) or an apartment's. */
export function useFolders(apartmentId: string | null, enabled = true) {
  const api = useDocumentsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: [...foldersKey(housingCompanyId), apartmentId, lang],
    queryFn: () => api.listFolders(housingCompanyId!, apartmentId, lang),
    enabled: enabled && housingCompanyId !== null,
  });
}

/**
 * A folder's files, newest first, a page at a time ("load more" follows `nextCursor`), filtered by
 * `q`. While another search of the same folder loads, the files found before stay on screen.
 */
export function useFolderDocuments(folderId: string, q: string) {
  const api = useDocumentsApi();
  const { housingCompanyId, lang } = useContentScope();
  const key = filesKey(housingCompanyId, folderId);
  return useInfiniteQuery({
    queryKey: [...key, q, lang],
    queryFn: ({ pageParam }) =>
      api.listDocuments({
        folderId,
        q: q || undefined,
        after: pageParam ?? undefined,
        limit: FILES_PAGE_SIZE,
        lang,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DocumentPage) => last.nextCursor ?? undefined,
    enabled: housingCompanyId !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[key.length - 1] === folderId ? previous : undefined,
  });
}

/**
 * The housing company's introduction videos (02 §2), titles in the language shown (a company
 * without a building-taxonomy term answers DOC_VIDEO_TAXONOMY_MISSING, not tried again).
 */
export function useVideos(enabled = true) {
  const api = useDocumentsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: [...documentsKey(housingCompanyId, 'videos'), lang],
    queryFn: () => api.listVideos(housingCompanyId!, lang),
    enabled: enabled && housingCompanyId !== null,
  });
}

/** A picture's thumbnail (fetched with the token), kept while the session lasts. */
export function useThumbnail(url: string | null) {
  const api = useDocumentsApi();
  const { housingCompanyId } = useContentScope();
  return useQuery({
    queryKey: documentsKey(housingCompanyId, 'thumbnail', url),
    queryFn: () => api.fetchThumbnail(url!),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The dashboard's latest files (02 §9: two), of the housing company and the selected apartment. */
export function useLatestDocuments(apartmentId: string | null) {
  const api = useDocumentsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: [...latestKey(housingCompanyId), apartmentId, lang],
    queryFn: () => api.latestDocuments(housingCompanyId!, apartmentId, DOCUMENTS_LATEST_COUNT, lang),
    enabled: housingCompanyId !== null,
  });
}

/**
 * What shows a folder's contents is read again after a change: its files, the folder counts and
 * the dashboard's latest files.
 */
export function useFolderChanged(): (folderId: string) => Promise<void> {
  const queryClient = useQueryClient();
  const { housingCompanyId } = useContentScope();
  return useCallback(
    async (folderId: string) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: filesKey(housingCompanyId, folderId) }),
        queryClient.invalidateQueries({ queryKey: foldersKey(housingCompanyId) }),
        queryClient.invalidateQueries({ queryKey: latestKey(housingCompanyId), refetchType: 'none' }),
      ]);
    },
    [queryClient, housingCompanyId],
  );
}

/** Delete a file (when its `canDelete`); its folder is then read again. */
export function useDeleteDocument() {
  const api = useDocumentsApi();
  const changed = useFolderChanged();
  return useMutation<void, unknown, Document>({
    mutationFn: (document) => api.deleteDocument(document.id),
    onSuccess: (_, document) => changed(document.folderId),
  });
}

/** What an edit sends: the file and only the fields that changed. */
export interface DocumentEdit {
  document: Document;
  body: UpdateDocumentBody;
}

/**
 * Rename a file, or change its tags or category (when its `canUpdate`). Its folder's files and the
 * dashboard's latest files are then read again; the folder counts stay as they were, so the folder
 * list is not asked again.
 */
export function useUpdateDocument() {
  const api = useDocumentsApi();
  const queryClient = useQueryClient();
  const { housingCompanyId, lang } = useContentScope();
  return useMutation<Document, unknown, DocumentEdit>({
    mutationFn: ({ document, body }) => api.updateDocument(document.id, body, lang),
    onSuccess: async (_, { document }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: filesKey(housingCompanyId, document.folderId) }),
        queryClient.invalidateQueries({ queryKey: latestKey(housingCompanyId), refetchType: 'none' }),
      ]);
    },
  });
}

/**
 * Save files through a download link (ADR 0030): the link is asked with the session's token, then
 * opened by a plain navigation that needs none, so that the browser streams the file (or the zip of
 * several) to disk instead of holding it in memory. The answer leaves the page where it is.
 */
export function useDownload() {
  const api = useDocumentsApi();
  const leave = useLeaveApp();
  const { housingCompanyId } = useContentScope();
  return useMutation<DownloadLink, unknown, DownloadBody>({
    mutationFn: (body) => api.createDownload(housingCompanyId!, body),
    onSuccess: (link) => leave(link.url),
  });
}

/**
 * One file's download link (the download page): the file is read first for its housing company
 * (a notification may name one of another company) and its name, then its link is asked. Asked
 * anew each time the page opens (a link lasts ten minutes).
 */
export function useDocumentDownloadLink(id: string, enabled: boolean) {
  const api = useDocumentsApi();
  const { housingCompanyId, lang } = useContentScope();
  return useQuery({
    queryKey: documentsKey(housingCompanyId, 'download-link', id),
    queryFn: async () => {
      const document = await api.getDocument(id, lang);
      const link = await api.createDownload(document.housingCompanyId, { ids: [id] });
      return { document, link };
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
