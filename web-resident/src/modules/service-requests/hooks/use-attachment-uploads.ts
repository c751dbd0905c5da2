import {
  SERVICE_REQUEST_ARCHIVE_ROLES,
  SERVICE_REQUEST_ATTACHMENTS_MAX,
  type ServiceRequestAttachment,
} from '@porta/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hasAnyRole } from '../../access';
import { useContentScope } from '../../news';
import { useCurrentUser } from '../../startup';
import { type AttachmentRefusal, checkAttachment, refusalOf } from '../utils/attachments';
import { useServiceRequestsApi } from './use-service-requests-api';

/** Why a chosen file is not attached: an attachment refusal, or more files than one may attach. */
export type UploadRefusal = AttachmentRefusal | 'too_many';

/** One chosen file: uploading (with its progress), uploaded (its attachment) or failed (why). */
export interface UploadItem {
  key: string;
  name: string;
  size: number;
  state: 'uploading' | 'done' | 'failed';
  /** The share sent, 0 to 1. */
  progress: number;
  attachment: ServiceRequestAttachment | null;
  refusal: UploadRefusal | null;
  /** Another failure (the network, the server), shown with the server's message. */
  error: unknown;
  /** The chosen file, for its preview. */
  file?: File;
}

export interface AttachmentUploads {
  items: readonly UploadItem[];
  /** Check the files and upload each that passes at once. */
  add(files: readonly File[]): void;
  /** Take a file off (an upload under way is cancelled). */
  remove(key: string): void;
  /** Forget every file (once sent). */
  reset(): void;
  /** The ids of the uploaded files, in the order chosen. */
  attachmentIds: string[];
  uploading: boolean;
  /** Whether another file may be chosen (at most 10 on a request or a response). */
  full: boolean;
  /** Whether the user may attach archives (zip, rar, tar: yitUser or admin, 02 §5). */
  archives: boolean;
}

/**
 * Attachments of a request or a response (02 §5, §9): each chosen file is checked as the service
 * checks it before reading the bytes (name, extension, size), then uploaded at once to POST
 * /attachments with its progress shown; a refused file stays listed with its reason until removed.
 */
export function useAttachmentUploads(): AttachmentUploads {
  const api = useServiceRequestsApi();
  const { housingCompanyId, lang } = useContentScope();
  const { me } = useCurrentUser();
  const archives = hasAnyRole(me, SERVICE_REQUEST_ARCHIVE_ROLES);
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const controllers = useRef(new Map<string, AbortController>());
  const counter = useRef(0);

  // Uploads still under way when the form goes are cancelled.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const change = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      let room =
        SERVICE_REQUEST_ATTACHMENTS_MAX - itemsRef.current.filter((item) => item.state !== 'failed').length;
      const added: UploadItem[] = [];
      for (const file of files) {
        counter.current += 1;
        const key = `upload-${counter.current}`;
        const base = {
          key,
          name: file.name,
          size: file.size,
          file,
          progress: 0,
          attachment: null,
          error: null,
        };
        const refusal: UploadRefusal | null =
          checkAttachment(file, archives) ?? (room > 0 ? null : 'too_many');
        if (refusal || housingCompanyId === null) {
          added.push({ ...base, state: 'failed', refusal: refusal ?? 'too_many' });
          continue;
        }
        room -= 1;
        added.push({ ...base, state: 'uploading', refusal: null });
        const controller = new AbortController();
        controllers.current.set(key, controller);
        api
          .uploadAttachment(housingCompanyId, file, {
            lang,
            signal: controller.signal,
            onProgress: (progress) => change(key, { progress }),
          })
          .then(
            (attachment) => change(key, { state: 'done', progress: 1, attachment }),
            (error: unknown) => {
              if (controller.signal.aborted) return;
              change(key, { state: 'failed', refusal: refusalOf(error), error });
            },
          )
          .finally(() => controllers.current.delete(key));
      }
      setItems((list) => [...list, ...added]);
    },
    [api, archives, change, housingCompanyId, lang],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setItems([]);
  }, []);

  return useMemo(() => {
    const kept = items.filter((item) => item.state !== 'failed').length;
    return {
      items,
      add,
      remove,
      reset,
      attachmentIds: items.flatMap((item) => (item.attachment ? [item.attachment.id] : [])),
      uploading: items.some((item) => item.state === 'uploading'),
      full: kept >= SERVICE_REQUEST_ATTACHMENTS_MAX,
      archives,
    };
  }, [items, add, remove, reset, archives]);
}
