import { ruleImplies, STAFF_ACCESS, STAFF_MENU } from '@porta/contracts';
import { expect, it } from 'vitest';
import type { App } from '../http/create-service.js';

/**
 * The harness of the authorization-matrix tests: every route of a service called as every kind of
 * caller, compared with the policy table's expectation. A row names a route (`METHOD /url`) and
 * the personas the route's policy lets through; everyone else gets 401 (the anonymous persona) or
 * 403. Past the policy the handler answers what it answers (400 for the empty body, 404 for the
 * made-up id, 2xx): that counts as "through".
 */
export interface AuthorizationMatrix<P extends string> {
  app: App;
  /** Route → the personas its policy lets through. */
  matrix: Readonly<Record<string, readonly P[]>>;
  personas: readonly P[];
  /** The persona without a token. */
  anonymous: P;
  /** The headers a persona sends (its bearer token). */
  headers(persona: P): Record<string, string | undefined>;
  /** The url with its path parameters filled with well-formed values that point at nothing. */
  fillPath(url: string): string;
  /** Error codes of refusals made by handlers past the policy (e.g. 'CNT_' for CNT_NOT_EDITABLE). */
  handlerRefusalPrefix?: string;
  /** Runs after each route's callers (e.g. signing everyone in again after a logout). */
  afterRoute?(route: string): Promise<void>;
}

/** The routes under the prefix without a row, and the rows without a route. */
export function matrixCoverage(app: App, prefix: string, matrix: Readonly<Record<string, unknown>>) {
  const routes = new Set(
    app.routePolicies.filter((r) => r.url.startsWith(prefix)).map((r) => `${r.method} ${r.url}`),
  );
  return {
    withoutRow: [...routes].filter((route) => !(route in matrix)).sort(),
    withoutRoute: Object.keys(matrix)
      .filter((row) => !routes.has(row))
      .sort(),
  };
}

/** Every route as every persona: the answers that differ from the table, one line each. */
export async function authorizationMismatches<P extends string>(
  check: AuthorizationMatrix<P>,
): Promise<string[]> {
  const mismatches: string[] = [];
  for (const [route, allowed] of Object.entries(check.matrix)) {
    const [method, url] = route.split(' ') as [string, string];
    for (const persona of check.personas) {
      const res = await check.app.inject({
        method: method as 'GET',
        url: check.fillPath(url),
        headers: check.headers(persona),
        ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
      });
      const denied = res.statusCode === 401 || res.statusCode === 403;
      const code = denied ? ((res.json() as { code?: string }).code ?? '') : '';
      const byHandler =
        check.handlerRefusalPrefix !== undefined && code.startsWith(check.handlerRefusalPrefix);
      const expected = allowed.includes(persona) ? 'through' : persona === check.anonymous ? '401' : '403';
      const actual = denied && !byHandler ? String(res.statusCode) : 'through';
      if (expected !== actual)
        mismatches.push(`${route} as ${persona}: expected ${expected}, got ${res.statusCode}`);
    }
    await check.afterRoute?.(route);
  }
  return mismatches;
}

/** The routes under the prefix that the service's OpenAPI document describes, as `METHOD /url` (:params). */
export async function describedRoutes(app: App, prefix: string): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `${prefix}/openapi.json` });
  if (res.statusCode !== 200) throw new Error(`${prefix}/openapi.json answered ${res.statusCode}`);
  return Object.entries(res.json<{ paths: Record<string, object> }>().paths)
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}

/**
 * The staff menu's entries this service serves whose list route would refuse someone the menu shows
 * them to: the route must carry a rule of the staff access table (`policy.rule`) that lets in
 * everyone the entry's rule lets in, or be open to every signed-in user. One line per entry that fails.
 */
export function staffMenuMismatches(app: App, service: string): string[] {
  const mismatches: string[] = [];
  for (const entry of STAFF_MENU.flatMap((section) => section.entries)) {
    if (entry.service !== service) continue;
    const url = `/api/${service}/admin/${entry.path}`;
    const route = app.routePolicies.find((r) => r.method === 'GET' && r.url === url);
    if (!route) mismatches.push(`${entry.resource}: no GET ${url}`);
    else if (route.policy === 'authenticated') continue;
    else if (!route.access)
      mismatches.push(`${entry.resource}: GET ${url} is not a staff access rule (${route.policy})`);
    else if (!ruleImplies(STAFF_ACCESS[entry.access], STAFF_ACCESS[route.access]))
      mismatches.push(
        `${entry.resource}: the menu's ${entry.access} lets in callers GET ${url} (${route.access}) refuses`,
      );
  }
  return mismatches;
}

/** What policyTableTests needs: the service, its table, and the matrix check (made once the app is up). */
export interface PolicyTableTests<P extends string> {
  /** The service's name: its routes are under /api/<service>. */
  service: string;
  matrix: Readonly<Record<string, readonly P[]>>;
  /** The check, asked for when the tests run (the app is made in beforeAll). */
  check(): Omit<AuthorizationMatrix<P>, 'matrix'>;
  /** How long every route as every persona may take. */
  timeoutMs?: number;
}

/**
 * The tests every service's authorization matrix runs, registered in the caller's describe: the
 * staff menu's entries reach their list routes, every route has a row and every row a route, the
 * OpenAPI document describes every route, and every route answers every persona as its row says.
 */
export function policyTableTests<P extends string>(options: PolicyTableTests<P>): void {
  const prefix = `/api/${options.service}`;
  it('lets everyone the staff menu shows an entry to through the entry’s list route (one rule table)', () => {
    expect(staffMenuMismatches(options.check().app, options.service)).toEqual([]);
  });

  it(`has a row for every ${options.service} route and no row for a route that does not exist`, () => {
    expect(matrixCoverage(options.check().app, prefix, options.matrix)).toEqual({
      withoutRow: [],
      withoutRoute: [],
    });
  });

  it('describes every route in its OpenAPI document', async () => {
    const routes = Object.keys(options.matrix).filter((r) => !r.endsWith('/openapi.json'));
    expect(await describedRoutes(options.check().app, prefix)).toEqual(routes.sort());
  });

  it(
    'answers every route for every caller exactly as the policy table says',
    async () => {
      expect(await authorizationMismatches({ ...options.check(), matrix: options.matrix })).toEqual([]);
    },
    options.timeoutMs ?? 300_000,
  );
}
