import {
  ADMIN_AREA_ROLES,
  type ErrorCode,
  passes,
  type Role,
  STAFF_ACCESS,
  type StaffAccess,
} from '@porta/contracts';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './principal.js';

/**
 * An authorization policy, declared on every route (`config.policy`). The service kit refuses to
 * register a route without one. Object-level checks (is this row in the caller's housing
 * companies?) happen in the route through tenant-scoped queries and answer 404.
 */
export type Policy =
  | { kind: 'public'; reason: string }
  | { kind: 'authenticated' }
  | { kind: 'roles'; roles: readonly Role[] }
  | {
      kind: 'check';
      name: string;
      check: (principal: Principal, request: FastifyRequest) => boolean;
      /** The code a signed-in caller who fails the check is refused with; FORBIDDEN by default. */
      refusal?: ErrorCode;
    }
  /** A rule of the staff access table (`STAFF_ACCESS` in the contracts), which the staff app's menu reads too. */
  | { kind: 'rule'; name: StaffAccess }
  /** The gateway's proxy: the downstream service enforces its own policy. */
  | { kind: 'proxied' }
  /**
   * Not a user's route: the route checks a shared secret itself (a Prometheus scrape's bearer
   * token), so the Authorization header is not taken for a user's token.
   */
  | { kind: 'secret'; reason: string };

export const policy = {
  /** No sign-in needed. Give the reason, for the reviewer. */
  public: (reason: string): Policy => ({ kind: 'public', reason }),
  /** Any signed-in user. */
  authenticated: (): Policy => ({ kind: 'authenticated' }),
  /** Any of these global roles (aliases applied; admin passes all). */
  anyRole: (...roles: Role[]): Policy => ({ kind: 'roles', roles }),
  /** The roles that may enter the admin section (01 §6). */
  staff: (): Policy => ({ kind: 'roles', roles: ADMIN_AREA_ROLES }),
  /**
   * A signed-in caller for whom `check` holds. One who fails it is refused with `refusal` when
   * given (a 403 code of the catalogue that says why), else FORBIDDEN; without a sign-in, 401.
   */
  check: (
    name: string,
    check: (principal: Principal, request: FastifyRequest) => boolean,
    options: { refusal?: ErrorCode } = {},
  ): Policy => ({
    kind: 'check',
    name,
    check,
    ...(options.refusal ? { refusal: options.refusal } : {}),
  }),
  /** Whoever the staff access table's rule lets in (global or housing-company roles, aliases applied). */
  rule: (name: StaffAccess): Policy => ({ kind: 'rule', name }),
  proxied: (): Policy => ({ kind: 'proxied' }),
  /** Checked by the route against a shared secret (not a user's token). Give the reason. */
  secret: (reason: string): Policy => ({ kind: 'secret', reason }),
};

export function describePolicy(p: Policy): string {
  switch (p.kind) {
    case 'public':
      return `public (${p.reason})`;
    case 'authenticated':
      return 'authenticated';
    case 'roles':
      return `roles: ${p.roles.join(', ')}`;
    case 'check':
      return `check: ${p.name}`;
    case 'rule':
      return `staff access: ${p.name}`;
    case 'proxied':
      return 'enforced by the downstream service';
    case 'secret':
      return `secret (${p.reason})`;
  }
}

/** The code a signed-in caller the policy does not allow is refused with. */
export function refusalOf(p: Policy): ErrorCode {
  return p.kind === 'check' && p.refusal ? p.refusal : 'FORBIDDEN';
}

export function allows(p: Policy, principal: Principal | null, request: FastifyRequest): boolean {
  switch (p.kind) {
    case 'public':
    case 'proxied':
    case 'secret':
      return true;
    case 'authenticated':
      return principal !== null;
    case 'roles':
      return principal ? principal.hasRole(...p.roles) : false;
    case 'check':
      return principal !== null && p.check(principal, request);
    case 'rule':
      return principal !== null && passes(STAFF_ACCESS[p.name], principal.holding);
  }
}
