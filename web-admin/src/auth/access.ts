import { ADMIN_AREA_ROLES, effectiveRoles, type MeResponse, type Role } from '@porta/contracts';

/**
 * The roles that count in the staff app: the user's global roles with the yitUser, contributor and
 * partner aliases applied. Housing-company and apartment roles are left out on purpose: the
 * services' staff policy (service-kit `policy.staff()`) looks at global roles only, and the app
 * must not let in someone every admin API would refuse.
 */
export function staffRoles(me: MeResponse): Role[] {
  return [...effectiveRoles(me.user.roles)];
}

/** May enter the admin section (01 §6, 03 §2): admin, yitUser, contributor, partner or rolePartner. */
export function mayUseAdmin(roles: readonly Role[]): boolean {
  return roles.some((role) => (ADMIN_AREA_ROLES as readonly Role[]).includes(role));
}
