import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type { HttpClient } from './http-client';
import { resourceRoute } from './resources';

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

/**
 * One dataProvider for the whole app: ra-data-simple-rest per service, the resource's service
 * chosen from the table in `resources.ts`.
 */
export function createDataProvider(httpClient: HttpClient): DataProvider {
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
      return delegate(path, params);
    };
  }
  return dataProvider as unknown as DataProvider;
}
