import type { AdminUser, MeResponse, Role, TokenResponse } from '@porta/contracts';
import { vi } from 'vitest';

/** One request as the code under test sent it to `fetch`. */
export interface SentRequest {
  method: string;
  /** Path and query, e.g. `/api/identity/admin/users?sort=…`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Handler = (request: SentRequest) => Response | Promise<Response>;

/**
 * Replace `fetch` (the only boundary mocked in these tests) with a table of handlers keyed by
 * "METHOD /path". Unknown requests answer 404 problem+json and are recorded like the others.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: url.pathname + url.search,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    return handler ? handler(request) : problem(404, 'NOT_FOUND', 'Page not found');
  });
  vi.stubGlobal('fetch', fn);
  return {
    sent,
    /** The requests sent to one "METHOD /path". */
    to: (route: string) => sent.filter((r) => `${r.method} ${r.path}` === route),
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function problem(status: number, code: string, title: string): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, code }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

export function tokens(n = 1): TokenResponse {
  return {
    accessToken: `access-${n}`,
    refreshToken: `refresh-token-number-${n}`,
    expiresIn: 3600,
    issuer: 'portal',
  };
}

export function meOf(roles: Role[], user: Partial<MeResponse['user']> = {}): MeResponse {
  return {
    user: {
      id: '7d6f2a52-2f4a-4a53-9a3e-1a1c3f9d0001',
      email: 'anna.admin@demo.porta.test',
      firstName: 'Anna',
      lastName: 'Admin',
      locale: 'en_US',
      publicProfile: false,
      registered: true,
      roles,
      isBusinessPartner: false,
      partnerCompanies: [],
      ...user,
    },
    issuer: 'portal',
    hcs: [],
    selectedHousingCompanyId: null,
    selectedApartmentId: null,
  };
}

export function adminUser(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `0b8c6f0e-5d1a-4c1e-8f5e-${String(n).padStart(12, '0')}`,
    email: `user${n}@demo.porta.test`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    locale: 'en_US',
    phone: null,
    externalId: null,
    publicProfile: false,
    roles: [],
    registered: true,
    enabled: true,
    source: 'portal',
    createdAt: '2026-01-15T09:30:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}
