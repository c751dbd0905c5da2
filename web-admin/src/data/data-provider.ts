import simpleRestProvider from 'ra-data-simple-rest';
import { type CreateParams, type DataProvider, type DeleteParams, HttpError, type UpdateParams } from 'react-admin';
import {
  createUploadSender,
  type FileFetch,
  type HttpClient,
  type ProblemBody,
  type UploadProgressOptions,
  type UploadSender,
} from './http-client';
import { requestBody, resourceDefinition, resourceRoute } from './resources';

const METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'update',
  'updateMany',
  'create',
  'delete',
  'deleteMany',
] as const satisfies readonly (keyof DataProvider)[];

type Delegate = (resource: string, params: unknown) => Promise<unknown>;

/** Identity's API root: the custom calls below take paths under it, e.g. `/admin/users/1/roles`. */
export const IDENTITY_API = '/api/identity';
/** The content service's API root (`call('POST', '/admin/articles/1/publish', { api: CONTENT_API })`). */
export const CONTENT_API = '/api/content';
/** The notifications service's API root (a user's notification settings). */
export const NOTIFICATIONS_API = '/api/notifications';
/** The community service's API root (moderators delete discussions and comments). */
export const COMMUNITY_API = '/api/community';
/** The service-requests service's API root (staff change a request's status, publicity and answer it). */
export const SERVICE_REQUESTS_API = '/api/service-requests';
/** The documents service's API root (the document library's folders, rules and files). */
export const DOCUMENTS_API = '/api/documents';
/** The letters service's API root (e-mail letters, their recipients, preview, sending and log). */
export const LETTERS_API = '/api/letters';
/** The services the custom calls reach; identity unless said. */
export type ApiRoot =
  | typeof IDENTITY_API
  | typeof CONTENT_API
  | typeof NOTIFICATIONS_API
  | typeof COMMUNITY_API
  | typeof SERVICE_REQUESTS_API
  | typeof DOCUMENTS_API
  | typeof LETTERS_API;

export type Query = Record<string, string | undefined>;

/** The methods of the custom calls (PATCH: the documents service changes folders and files with it). */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  query?: Query;
  body?: unknown;
  /** The service: identity (default), content or notifications. */
  api?: ApiRoot;
}

/** Shown when a service's answer does not match its contract. */
export const LOAD_FAILED = 'porta.common.load_failed';

/**
 * Calls beyond react-admin's CRUD (roles, bans, partners of a housing company …), as functions of
 * the dataProvider itself: react-admin's `useDataProvider` only hands out functions, and wraps
 * them so that a 401 signs the user out as it does for CRUD calls.
 */
export interface PortaCalls {
  /** A JSON call to identity (or the service `api` names): `call('GET', '/admin/users/1/roles')`. */
  call<T = unknown>(method: CallMethod, path: string, options?: CallOptions): Promise<T>;
  /**
   * Send a body that is not JSON as it is, with its content type (a letter's recipients as a CSV
   * file: `text/csv`); resolves to the JSON answer.
   */
  sendRaw<T = unknown>(
    method: CallMethod,
    path: string,
    body: Blob | string,
    options: { contentType: string; query?: Query; api?: ApiRoot },
  ): Promise<T>;
  /** GET a file from identity (or `api`) and hand it to the browser as a download; resolves to its name. */
  download(path: string, fallbackName: string, query?: Query, api?: ApiRoot): Promise<string>;
  /** POST one file as multipart form data (field `file`), e.g. a content asset; resolves to the JSON answer. */
  upload<T = unknown>(path: string, file: Blob, options?: { query?: Query; api?: ApiRoot; name?: string }): Promise<T>;
  /**
   * GET a file served only to signed-in users (an absolute path such as a service request's
   * attachment `url`) with the token, and hand it to the browser as a download named `fileName`.
   */
  saveFile(url: string, fileName: string): Promise<void>;
  /** GET a file served only to signed-in users (an absolute path, e.g. a document's thumbnail) with the token. */
  fetchFile(url: string): Promise<Blob>;
  /**
   * POST one file as multipart form data (field `file`) to a service (`api`), telling how far it is
   * through `onProgress`; resolves to the JSON answer.
   */
  uploadWithProgress(
    path: string,
    file: File,
    options: UploadProgressOptions & { query?: Query; api?: ApiRoot },
  ): Promise<unknown>;
}

export type PortaDataProvider = DataProvider & PortaCalls;

function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The file name of a Content-Disposition header, if it names one. */
export function attachmentName(header: string | null): string | null {
  const match = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Offer text or bytes as a file download in the browser. */
function offerDownload(name: string, content: string | Blob, type: string) {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The record checked against the resource's contract (unknown fields dropped); throws when it does not match. */
function checkedRecord(resource: string, record: unknown): unknown {
  const schema = resourceDefinition(resource).record;
  if (!schema) return record;
  const parsed = schema.safeParse(record);
  if (!parsed.success) throw new HttpError(LOAD_FAILED, 502, { code: 'INVALID_ANSWER' });
  return parsed.data;
}

function checkedResult(resource: string, method: string, result: unknown): unknown {
  if (!resourceDefinition(resource).record || method === 'delete' || method === 'deleteMany' || method === 'updateMany') {
    return result;
  }
  const answer = result as { data: unknown };
  return {
    ...answer,
    data: Array.isArray(answer.data)
      ? answer.data.map((record) => checkedRecord(resource, record))
      : checkedRecord(resource, answer.data),
  };
}

/**
 * A problem about one field (the resource's `errorFields`) becomes a field error, in words, that the
 * form shows next to that field; the message stays for a notification.
 */
function withFieldError(resource: string, error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = error.body as ProblemBody | undefined;
  const field = body?.code ? resourceDefinition(resource).errorFields?.[body.code] : undefined;
  if (!field || body?.errors?.[field]) return error;
  return new HttpError(error.message, error.status, {
    ...body,
    errors: { ...body?.errors, [field]: `porta.errors.${body?.code}` },
  });
}

/** Files without a token (tests of the data provider alone); the app passes `createFileFetch(session)`. */
const plainFileFetch: FileFetch = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new HttpError(response.statusText || 'ra.notification.http_error', response.status);
  return response.blob();
};

/** Uploads without a token (tests of the data provider alone); the app passes `createUploadSender(session)`. */
const plainUploadSender: UploadSender = createUploadSender(null);

/**
 * One dataProvider for the whole app: ra-data-simple-rest per service, the resource's service
 * chosen from the table in `resources.ts`. Creates and updates send only the fields the resource's
 * request schema has; answers are checked against the resource's record contract when it has one;
 * `call`, `download` and `upload` reach the services' other routes.
 */
export function createDataProvider(
  httpClient: HttpClient,
  fetchFile: FileFetch = plainFileFetch,
  sendUpload: UploadSender = plainUploadSender,
): PortaDataProvider {
  const perService = new Map<string, DataProvider>();
  const providerFor = (apiUrl: string): DataProvider => {
    let provider = perService.get(apiUrl);
    if (!provider) {
      provider = simpleRestProvider(apiUrl, httpClient, 'Content-Range');
      perService.set(apiUrl, provider);
    }
    return provider;
  };

  const dataProvider: Record<string, Delegate> = {};
  for (const method of METHODS) {
    const send = async (resource: string, params: unknown) => {
      const { apiUrl, path } = resourceRoute(resource);
      const delegate = providerFor(apiUrl)[method] as unknown as Delegate;
      if (method === 'create') {
        const p = params as CreateParams;
        return delegate(path, { ...p, data: requestBody(resource, 'create', p.data) });
      }
      if (method === 'update') {
        const p = params as UpdateParams;
        return delegate(path, { ...p, data: requestBody(resource, 'update', p.data) });
      }
      if (method === 'delete') {
        // A service may answer 204: react-admin still wants the deleted record.
        const p = params as DeleteParams;
        const result = (await delegate(path, p)) as { data?: unknown };
        return { data: result.data ?? p.previousData ?? { id: p.id } };
      }
      return delegate(path, params);
    };
    dataProvider[method] = async (resource, params) => {
      let result: unknown;
      try {
        result = await send(resource, params);
      } catch (error) {
        throw method === 'create' || method === 'update' ? withFieldError(resource, error) : error;
      }
      return checkedResult(resource, method, result);
    };
  }

  const calls: PortaCalls = {
    async call<T>(method: string, path: string, options: CallOptions = {}) {
      const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
      const { json } = await httpClient(`${options.api ?? IDENTITY_API}${withQuery(path, options.query)}`, {
        method,
        ...(withBody ? { body: JSON.stringify(options.body ?? {}) } : {}),
      });
      return json as T;
    },
    async sendRaw<T>(
      method: CallMethod,
      path: string,
      body: Blob | string,
      options: { contentType: string; query?: Query; api?: ApiRoot },
    ) {
      const headers = new Headers({ Accept: 'application/json', 'Content-Type': options.contentType });
      const { json } = await httpClient(`${options.api ?? IDENTITY_API}${withQuery(path, options.query)}`, {
        method,
        headers,
        body,
      });
      return json as T;
    },
    async download(path, fallbackName, query, api = IDENTITY_API) {
      const response = await httpClient(`${api}${withQuery(path, query)}`);
      const name = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
      const type = response.headers.get('content-type') ?? 'application/json';
      // Reading the answer as text drops a CSV's byte-order mark, which spreadsheets need to read
      // UTF-8 (ä, ö): the file gets it back.
      const text = /^text\/csv/i.test(type) && !response.body.startsWith('\uFEFF') ? `\uFEFF${response.body}` : response.body;
      offerDownload(name, text, type);
      return name;
    },
    async upload<T>(path: string, file: Blob, options: { query?: Query; api?: ApiRoot; name?: string } = {}) {
      const form = new FormData();
      form.append('file', file, options.name ?? (file instanceof File ? file.name : 'file'));
      const { json } = await httpClient(`${options.api ?? IDENTITY_API}${withQuery(path, options.query)}`, {
        method: 'POST',
        body: form,
      });
      return json as T;
    },
    async saveFile(url, fileName) {
      const blob = await fetchFile(url);
      offerDownload(fileName, blob, blob.type || 'application/octet-stream');
    },
    fetchFile: (url) => fetchFile(url),
    uploadWithProgress(path, file, { query, api, ...progress }) {
      return sendUpload(`${api ?? IDENTITY_API}${withQuery(path, query)}`, file, progress);
    },
  };

  return { ...(dataProvider as unknown as DataProvider), ...calls };
}
