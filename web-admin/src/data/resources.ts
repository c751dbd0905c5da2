import {
  zAdminApartmentCreate,
  zAdminApartmentUpdate,
  zAdminHousingCompanyCreate,
  zAdminHousingCompanyUpdate,
  zAdminUserCreate,
  zAdminUserUpdate,
  zFeatureToggleRequest,
  zPartnerCompanyCreate,
  zPartnerCompanyUpdate,
  zTaxonomyTermCreate,
  zTaxonomyTermUpdate,
} from '@porta/contracts';
import type { z } from 'zod';

/**
 * The fields a create or update sends: a request schema of the contracts (its keys, and whether a
 * field takes null), or a list of field names. Everything else the form holds (id, timestamps,
 * derived fields) stays out of the request: the services refuse unknown fields.
 */
export type BodyShape = z.ZodObject | readonly string[];

export interface ResourceRoute {
  service: string;
  path: string;
  create?: BodyShape;
  update?: BodyShape;
}

/**
 * Where each react-admin resource lives. Staff lists follow the ra-data-simple-rest convention
 * under `/api/<service>/admin/<path>` (ARCHITECTURE §4); resources belong to different services,
 * so this table is the one place that says which.
 */
export const RESOURCE_ROUTES = {
  users: { service: 'identity', path: 'users', create: zAdminUserCreate, update: zAdminUserUpdate },
  'housing-companies': {
    service: 'identity',
    path: 'housing-companies',
    create: zAdminHousingCompanyCreate,
    update: zAdminHousingCompanyUpdate,
  },
  apartments: {
    service: 'identity',
    path: 'apartments',
    create: zAdminApartmentCreate,
    update: zAdminApartmentUpdate,
  },
  'partner-companies': {
    service: 'identity',
    path: 'partner-companies',
    create: zPartnerCompanyCreate,
    update: zPartnerCompanyUpdate,
  },
  'feature-toggles': {
    service: 'identity',
    path: 'feature-toggles',
    create: zFeatureToggleRequest,
    update: zFeatureToggleRequest,
  },
  'taxonomy-terms': {
    service: 'identity',
    path: 'taxonomy-terms',
    create: zTaxonomyTermCreate,
    update: zTaxonomyTermUpdate,
  },
} as const satisfies Record<string, ResourceRoute>;

export type AdminResource = keyof typeof RESOURCE_ROUTES;

function routeOf(resource: string): ResourceRoute {
  if (!Object.hasOwn(RESOURCE_ROUTES, resource)) {
    throw new Error(`No service is known for the resource "${resource}"`);
  }
  return RESOURCE_ROUTES[resource as AdminResource];
}

export function resourceRoute(resource: string): { apiUrl: string; path: string } {
  const { service, path } = routeOf(resource);
  return { apiUrl: `/api/${service}/admin`, path };
}

/** The full URL of a resource's collection, e.g. `/api/identity/admin/users`. */
export function resourceUrl(resource: string): string {
  const { apiUrl, path } = resourceRoute(resource);
  return `${apiUrl}/${path}`;
}

/**
 * The body a create or update of the resource sends: only the fields of its request shape, without
 * undefined values, and without null for fields that do not take null (left out: unchanged or the
 * default).
 */
export function requestBody(resource: string, kind: 'create' | 'update', data: unknown): Record<string, unknown> {
  const shape = routeOf(resource)[kind];
  const record = (data ?? {}) as Record<string, unknown>;
  if (!shape) return { ...record };
  const fields = Array.isArray(shape) ? (shape as readonly string[]) : Object.keys((shape as z.ZodObject).shape);
  const takesNull = (field: string) =>
    Array.isArray(shape) ? true : (shape as z.ZodObject).shape[field]?.safeParse(null).success === true;
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = record[field];
    if (value === undefined) continue;
    if (value === null && !takesNull(field)) continue;
    body[field] = value;
  }
  return body;
}
