import { GLOBAL_USER_MANAGERS, PROJECT_USER_MANAGERS, type Role } from '@porta/contracts';
import type { Principal } from './principal.js';

/** Does the principal hold one of the roles globally or in any housing company? (admin passes) */
export function holdsAnywhere(p: Principal, roles: readonly Role[]): boolean {
  if (p.hasRole(...roles)) return true;
  for (const held of p.housingCompanies.values()) if (roles.some((r) => held.has(r))) return true;
  return false;
}

/** The housing companies where the principal holds one of the roles. */
export function housingCompaniesWhere(p: Principal, roles: readonly Role[]): string[] {
  const out: string[] = [];
  for (const [hc, held] of p.housingCompanies) if (roles.some((r) => held.has(r))) out.push(hc);
  return out;
}

/** Every object, or only those of these housing companies (a caller's scope). */
export type Scope = { all: true } | { all: false; housingCompanyIds: string[] };

/** Is the housing company inside the scope? */
export function scopeIncludes(scope: Scope, housingCompanyId: string): boolean {
  return scope.all || scope.housingCompanyIds.includes(housingCompanyId);
}

/** Does the principal manage users: globally, or in a housing company (identity's and notifications' rule)? */
export function managesUsers(p: Principal): boolean {
  return p.hasRole(...GLOBAL_USER_MANAGERS) || holdsAnywhere(p, PROJECT_USER_MANAGERS);
}

/** Which users a principal manages: all for the global user managers, else those of their companies. */
export function userManagementScope(p: Principal): Scope {
  if (p.hasRole(...GLOBAL_USER_MANAGERS)) return { all: true };
  return { all: false, housingCompanyIds: housingCompaniesWhere(p, PROJECT_USER_MANAGERS) };
}
