import { ApiError, apiErrorOf, type SessionClient } from '@porta/web-kit';

/** How far an upload is: the share of its bytes sent, 0 to 1. */
export type UploadProgress = (sent: number) => void;

export interface UploadOptions {
  onProgress?: UploadProgress;
  signal?: AbortSignal;
}

/**
 * A signed-in multipart upload of one file (field `file`) that reports its progress. fetch cannot
 * tell how much of a request body is sent, XMLHttpRequest can. Answers the JSON of the reply;
 * failures become ApiError as for the app's other calls (a 401 means the session ended elsewhere),
 * and an abort rejects with an AbortError.
 */
export async function uploadFile(
  session: SessionClient,
  url: string,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<unknown> {
  const token = await session.accessToken();
  try {
    return await send(token);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401 && token)) throw err;
    // A stale token is refreshed and the file sent once more; otherwise the session ended.
    const fresh = await session.afterUnauthorized(err.code);
    if (!fresh) throw err;
    try {
      return await send(fresh);
    } catch (again) {
      if (again instanceof ApiError && again.status === 401) session.clear(true);
      throw again;
    }
  }

  function send(token: string | null): Promise<unknown> {
    if (signal?.aborted) throw new DOMException('The upload was cancelled.', 'AbortError');
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.open('POST', url);
      xhr.setRequestHeader('accept', 'application/json');
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
      };
      xhr.onload = () => {
        settle();
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(1);
          try {
            resolve(JSON.parse(xhr.responseText));
          } catch {
            reject(new ApiError(xhr.status, `HTTP_${xhr.status}`, 'Something went wrong'));
          }
          return;
        }
        reject(apiErrorOf(xhr.status, xhr.responseText));
      };
      xhr.onerror = () => {
        settle();
        reject(new ApiError(0, 'NETWORK', 'Content could not be loaded. Please refresh.'));
      };
      xhr.onabort = () => {
        settle();
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
      };
      const form = new FormData();
      form.append('file', file, file.name);
      // The browser sets the multipart content type with its boundary.
      xhr.send(form);
    });
  }
}
