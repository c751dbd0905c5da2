import { ADMIN_AREA_ROLES, effectiveRoles, type MeResponse, type Role } from '@porta/contracts';

/** Every role the user holds: global roles, roles on housing companies and roles in apartments. */
export function heldRoles(me: MeResponse): Set<Role> {
  const held = new Set<Role>(me.user.roles);
  for (const hc of me.hcs) {
    for (const role of hc.roles) held.add(role);
    for (const apt of hc.apts) for (const role of apt.roles) held.add(role);
  }
  return held;
}

/** The held roles with the yitUser, contributor and partner aliases applied (01 §6). */
export function userRoles(me: MeResponse): Set<Role> {
  return effectiveRoles(heldRoles(me));
}

/** Whether the user holds one of the roles (aliases applied); admin passes every role check (01 §6). */
export function hasAnyRole(me: MeResponse, roles: readonly Role[]): boolean {
  const held = userRoles(me);
  return held.has('admin') || roles.some((role) => held.has(role));
}

/** The roles that see the switch between the admin section and home (01 §6). */
export const SECTION_SWITCHER_ROLES: readonly Role[] = ['admin', 'yitUser', 'contributor'];

export function usesSectionSwitcher(me: MeResponse): boolean {
  return hasAnyRole(me, SECTION_SWITCHER_ROLES);
}

/** Admin routes need admin, yitUser, contributor, partner or rolePartner (01 §6). */
export function reachesAdminArea(me: MeResponse): boolean {
  return hasAnyRole(me, ADMIN_AREA_ROLES);
}

/** A user whose only role is consumptionManager belongs in the staff app (01 §6, 03 §2). */
export function isConsumptionManagerOnly(me: MeResponse): boolean {
  const held = heldRoles(me);
  return held.size === 1 && held.has('consumptionManager');
}

/**
 * A partner and nothing else (no other role, no housing company): partners cannot manage their
 * profile or notification settings (01 §6, 03 §6).
 */
export function isPartnerOnly(me: MeResponse): boolean {
  const roles = me.user.roles;
  if (roles.includes('admin') || me.hcs.length > 0) return false;
  return roles.length > 0 && roles.every((role) => role === 'partner' || role === 'rolePartner');
}

/**
 * Whether the user may manage their own notification settings: everyone but partners (01 §6,
 * 03 §6), the same rule as the notifications service's (a global partner or rolePartner role;
 * admin passes).
 */
export function managesNotificationSettings(me: MeResponse): boolean {
  const roles = effectiveRoles(me.user.roles);
  return roles.has('admin') || !roles.has('partner');
}
