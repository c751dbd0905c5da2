import { type Problem, zProblem } from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { HttpError, fetchUtils } from 'react-admin';

export type HttpClient = (url: string, options?: fetchUtils.Options) => ReturnType<typeof fetchUtils.fetchJson>;

/** The body of an HttpError made from problem details: the problem, field errors keyed by field. */
export interface ProblemBody extends Omit<Problem, 'errors'> {
  /** Field errors by form field (`email`, `settings.links.0.title`), as react-admin's forms read them. */
  errors?: Record<string, string>;
  /** The problem's field errors as the server sent them. */
  fieldErrors?: Problem['errors'];
}

/**
 * The problem's field errors keyed by the form field they belong to: `body.email` → `email`.
 * Errors of the whole body or of the query are left out (they are in the message).
 */
export function fieldErrorsOf(problem: Problem): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const error of problem.errors ?? []) {
    if (!error.path.startsWith('body.')) continue;
    const field = error.path.slice('body.'.length);
    if (field && !(field in out)) out[field] = error.message;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The text shown for a problem: its title (the spec's message), and the detail when there is one. */
export function problemMessage(problem: Problem): string {
  return problem.detail && problem.detail !== problem.title ? `${problem.title} ${problem.detail}` : problem.title;
}

/**
 * fetchJson with the session's bearer token (refreshed first when it is about to expire).
 * Problem details (RFC 9457) become an HttpError whose message is the problem's title (and detail),
 * which react-admin shows in a notification; field errors go to `body.errors` by field name, which
 * react-admin's forms show next to the fields. A 401 to a request that carried a token means the
 * session ended: the tokens are cleared and the session marked expired, as the resident app does.
 */
export function createHttpClient(session: SessionClient): HttpClient {
  const send = (url: string, options: fetchUtils.Options, token: string | null) => {
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  return async (url, options = {}) => {
    const token = await session.accessToken();
    try {
      try {
        return await send(url, options, token);
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 401 && token)) throw error;
        // A stale token is refreshed and the request sent once more; otherwise the session ended.
        const fresh = await session.afterUnauthorized(problemCodeOf(error.body));
        if (!fresh) throw error;
        return await send(url, options, fresh);
      }
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status === 401 && token) session.clear(true);
        const parsed = zProblem.safeParse(error.body);
        if (parsed.success) {
          const { errors: fieldErrors, ...problem } = parsed.data;
          const body: ProblemBody = { ...problem, fieldErrors, errors: fieldErrorsOf(parsed.data) };
          throw new HttpError(problemMessage(parsed.data), error.status, body);
        }
      }
      throw error;
    }
  };
}

/** The code of a problem+json body, if it is one. */
function problemCodeOf(body: unknown): string | undefined {
  const code = (body as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The problem code of an error the http client threw, if any. */
export function problemCode(error: unknown): string | undefined {
  if (error instanceof HttpError) {
    const code = (error.body as ProblemBody | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** Fetch a file (bytes, not JSON) with the session's token; failures as the http client throws them. */
export type FileFetch = (url: string) => Promise<Blob>;

/**
 * A file the services serve only to those who may read it (a service request's attachment): fetched
 * with the bearer token, as a blob. A problem answer becomes the same HttpError as the http client's.
 */
export function createFileFetch(session: SessionClient): FileFetch {
  return async (url) => {
    const send = (token: string | null) => {
      const headers = new Headers();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return fetch(url, { headers });
    };
    const token = await session.accessToken();
    let response = await send(token);
    if (response.status === 401 && token) {
      // A stale token is refreshed and the file fetched once more; otherwise the session ended.
      const fresh = await session.afterUnauthorized(problemCodeOf(await response.clone().json().catch(() => null)));
      if (fresh) response = await send(fresh);
    }
    if (response.ok) return response.blob();
    if (response.status === 401 && token) session.clear(true);
    throw httpErrorOf(response.status, response.statusText, await response.text());
  };
}

/**
 * The HttpError of a failed answer read as text: a problem body becomes the same error the http
 * client throws (its title as the message, the problem with field errors by field as the body).
 */
function httpErrorOf(status: number, statusText: string, text: string): HttpError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const parsed = zProblem.safeParse(body);
  if (parsed.success) {
    const { errors: fieldErrors, ...problem } = parsed.data;
    const problemBody: ProblemBody = { ...problem, fieldErrors, errors: fieldErrorsOf(parsed.data) };
    return new HttpError(problemMessage(parsed.data), status, problemBody);
  }
  return new HttpError(statusText || 'ra.notification.http_error', status, body);
}

export interface UploadProgressOptions {
  /** How far the upload is: the share of the file's bytes sent, 0 to 1. */
  onProgress?: (share: number) => void;
  /** Stops the upload (the promise then rejects with an AbortError). */
  signal?: AbortSignal;
}

/** POST one file as multipart form data (field `file`) and tell how far it is; resolves to the JSON answer. */
export type UploadSender = (url: string, file: File, options?: UploadProgressOptions) => Promise<unknown>;

/**
 * Uploads that report their progress (the document library's bulk upload shows a bar per file):
 * fetch cannot tell how much of a request body is sent, XMLHttpRequest can. The session's bearer
 * token goes along, a stale one is refreshed and the file sent once more, and a refusal becomes the
 * same HttpError as the http client's (problem code in the body), so screens put it in words alike.
 * A network failure is an HttpError with status 0 and the code NETWORK.
 */
export function createUploadSender(session: SessionClient | null): UploadSender {
  return async (url, file, options = {}) => {
    const token = session ? await session.accessToken() : null;
    try {
      return await sendWithProgress(url, file, token, options);
    } catch (error) {
      if (!(session && error instanceof HttpError && error.status === 401 && token)) throw error;
      const fresh = await session.afterUnauthorized(problemCodeOf(error.body));
      if (!fresh) {
        session.clear(true);
        throw error;
      }
      try {
        return await sendWithProgress(url, file, fresh, options);
      } catch (again) {
        if (again instanceof HttpError && again.status === 401) session.clear(true);
        throw again;
      }
    }
  };
}

function sendWithProgress(
  url: string,
  file: File,
  token: string | null,
  { onProgress, signal }: UploadProgressOptions,
): Promise<unknown> {
  const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
  if (signal?.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        try {
          resolve(xhr.responseText ? JSON.parse(xhr.responseText) : null);
        } catch {
          reject(new HttpError(LOAD_FAILED_TEXT, 502, { code: 'INVALID_ANSWER' }));
        }
        return;
      }
      reject(httpErrorOf(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => {
      settle();
      reject(new HttpError(LOAD_FAILED_TEXT, 0, { code: 'NETWORK' }));
    };
    xhr.onabort = () => {
      settle();
      reject(aborted());
    };
    const form = new FormData();
    form.append('file', file, file.name);
    // The browser sets the multipart content type with its boundary.
    xhr.send(form);
  });
}

/** The translation key shown for an answer that cannot be read (as the data provider's LOAD_FAILED). */
const LOAD_FAILED_TEXT = 'porta.common.load_failed';
