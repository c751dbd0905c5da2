import { DOCUMENT_ARCHIVE_ROLES, type Folder, type HomeFolderCategory } from '@porta/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hasAnyRole } from '../../access';
import { errorCode } from '../../errors';
import { useContentScope } from '../../news';
import { useCurrentUser } from '../../startup';
import { checkDocumentFile, UPLOAD_REFUSALS, type UploadRefusal } from '../utils/files';
import { useFolderChanged } from './queries';
import { useDocumentsApi } from './use-documents-api';

/** One chosen file: waiting for its turn, uploading (with its progress), uploaded, or refused. */
export interface DocumentUpload {
  key: string;
  file: File;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** The share sent, 0 to 1. */
  progress: number;
  /** Why it was refused, by the checks here or by the service. */
  refusal: UploadRefusal | null;
  /** Another failure (the network, the server), said as the app says errors. */
  error: unknown;
}

export interface DocumentUploads {
  items: readonly DocumentUpload[];
  /** Check the files and list them, waiting to be sent. */
  add(files: readonly File[]): void;
  /** Take a file off the list. */
  remove(key: string): void;
  /** Send the waiting files, one request each, into one upload batch. Resolves with how many went in. */
  start(category: HomeFolderCategory | null): Promise<number>;
  /** Cancel what is under way and forget every file. */
  reset(): void;
  uploading: boolean;
  waiting: number;
  /** Whether the user may upload archives (zip, rar, tar: the developer's staff and admins). */
  archives: boolean;
}

const isRefusal = (code: string | null): code is UploadRefusal =>
  code !== null && (UPLOAD_REFUSALS as readonly string[]).includes(code);

/**
 * Uploading files into a folder (02 §3, §7 addFileMultipart): each chosen file is first checked as
 * the service would (name, extension, not empty), then, when the user starts, sent in a request of
 * its own so that each has its progress bar. The first answer names the upload batch, which the
 * following requests carry. A refused file keeps its place with the reason; once every file has had
 * its turn, the folder is read again.
 */
export function useDocumentUploads(folder: Folder): DocumentUploads {
  const api = useDocumentsApi();
  const { lang } = useContentScope();
  const { me } = useCurrentUser();
  const folderChanged = useFolderChanged();
  const archives = hasAnyRole(me, DOCUMENT_ARCHIVE_ROLES);
  const [items, setItems] = useState<DocumentUpload[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const [uploading, setUploading] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const counter = useRef(0);

  // An upload under way when the panel goes is cancelled.
  useEffect(() => () => controller.current?.abort(), []);

  const change = useCallback((key: string, patch: Partial<DocumentUpload>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const added = files.map((file): DocumentUpload => {
        counter.current += 1;
        const refusal = checkDocumentFile(file, archives);
        return {
          key: `document-upload-${counter.current}`,
          file,
          state: refusal ? 'failed' : 'waiting',
          progress: 0,
          refusal,
          error: null,
        };
      });
      setItems((list) => [...list, ...added]);
    },
    [archives],
  );

  const remove = useCallback((key: string) => {
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const start = useCallback(
    async (category: HomeFolderCategory | null) => {
      const queue = itemsRef.current.filter((item) => item.state === 'waiting');
      if (queue.length === 0) return 0;
      const run = new AbortController();
      controller.current = run;
      setUploading(true);
      let batchId: string | null = null;
      let uploaded = 0;
      try {
        for (const item of queue) {
          if (run.signal.aborted) break;
          change(item.key, { state: 'uploading', progress: 0 });
          try {
            const result = await api.uploadDocument(folder.id, item.file, {
              uploadBatchId: batchId,
              homeFolder: folder.homeFolder ? category : null,
              lang,
              signal: run.signal,
              onProgress: (progress) => change(item.key, { progress }),
            });
            batchId ??= result.uploadBatchId;
            uploaded += 1;
            change(item.key, { state: 'done', progress: 1 });
          } catch (error) {
            if (run.signal.aborted) break;
            const code = errorCode(error);
            change(item.key, { state: 'failed', refusal: isRefusal(code) ? code : null, error });
          }
        }
      } finally {
        if (controller.current === run) controller.current = null;
        setUploading(false);
      }
      if (uploaded > 0) await folderChanged(folder.id);
      return uploaded;
    },
    [api, change, folder.id, folder.homeFolder, folderChanged, lang],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setUploading(false);
    setItems([]);
  }, []);

  return useMemo(
    () => ({
      items,
      add,
      remove,
      start,
      reset,
      uploading,
      waiting: items.filter((item) => item.state === 'waiting').length,
      archives,
    }),
    [items, add, remove, start, reset, uploading, archives],
  );
}
