import simpleRestProvider from 'ra-data-simple-rest';
import type { CreateParams, DataProvider, DeleteParams, UpdateParams } from 'react-admin';
import type { HttpClient } from './http-client';
import { requestBody, resourceRoute } from './resources';

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

export type Query = Record<string, string | undefined>;

/**
 * Calls beyond react-admin's CRUD (roles, bans, partners of a housing company …), as functions of
 * the dataProvider itself: react-admin's `useDataProvider` only hands out functions, and wraps
 * them so that a 401 signs the user out as it does for CRUD calls.
 */
export interface PortaCalls {
  /** A JSON call to identity: `call('GET', '/admin/users/1/roles')`. */
  call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options?: { query?: Query; body?: unknown }): Promise<T>;
  /** GET a file from identity and hand it to the browser as a download; resolves to its name. */
  download(path: string, fallbackName: string, query?: Query): Promise<string>;
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

/** Offer text as a file download in the browser. */
function saveFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * One dataProvider for the whole app: ra-data-simple-rest per service, the resource's service
 * chosen from the table in `resources.ts`. Creates and updates send only the fields the resource's
 * request schema has; `call` and `download` reach identity's other routes.
 */
export function createDataProvider(httpClient: HttpClient): PortaDataProvider {
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
    dataProvider[method] = async (resource, params) => {
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
  }

  const calls: PortaCalls = {
    async call<T>(method: string, path: string, options: { query?: Query; body?: unknown } = {}) {
      const withBody = method === 'POST' || method === 'PUT';
      const { json } = await httpClient(`${IDENTITY_API}${withQuery(path, options.query)}`, {
        method,
        ...(withBody ? { body: JSON.stringify(options.body ?? {}) } : {}),
      });
      return json as T;
    },
    async download(path, fallbackName, query) {
      const response = await httpClient(`${IDENTITY_API}${withQuery(path, query)}`);
      const name = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
      saveFile(name, response.body, response.headers.get('content-type') ?? 'application/json');
      return name;
    },
  };

  return { ...(dataProvider as unknown as DataProvider), ...calls };
}
