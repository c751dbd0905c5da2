/**
 * Where each react-admin resource lives. Staff lists follow the ra-data-simple-rest convention
 * under `/api/<service>/admin/<path>` (ARCHITECTURE §4); resources belong to different services,
 * so this table is the one place that says which.
 */
export const RESOURCE_ROUTES = {
  users: { service: 'identity', path: 'users' },
} as const satisfies Record<string, { service: string; path: string }>;

export type AdminResource = keyof typeof RESOURCE_ROUTES;

export function resourceRoute(resource: string): { apiUrl: string; path: string } {
  if (!Object.hasOwn(RESOURCE_ROUTES, resource)) {
    throw new Error(`No service is known for the resource "${resource}"`);
  }
  const { service, path } = RESOURCE_ROUTES[resource as AdminResource];
  return { apiUrl: `/api/${service}/admin`, path };
}

/** The full URL of a resource's collection, e.g. `/api/identity/admin/users`. */
export function resourceUrl(resource: string): string {
  const { apiUrl, path } = resourceRoute(resource);
  return `${apiUrl}/${path}`;
}
