import {
  ADMIN_AREA_ROLES,
  effectiveRoles,
  type MeResponse,
  type Role,
  roleHolding,
  STAFF_ACCESS,
  type StaffAccess,
  staffCapabilities,
} from '@porta/contracts';

/**
 * The roles that count for entering the staff app: the user's global roles and the roles held in
 * housing companies and apartments, with the yitUser, contributor and partner aliases applied. The
 * services' admin-area policies count a role held globally or in a housing company alike (a
 * property manager or board member holds the contributor alias in their companies only).
 */
export function staffRoles(me: MeResponse): Role[] {
  const held = new Set<Role>(me.user.roles);
  for (const hc of me.hcs) {
    for (const role of hc.roles) held.add(role);
    for (const apartment of hc.apts) for (const role of apartment.roles) held.add(role);
  }
  return [...effectiveRoles(held)];
}

/**
 * May enter the staff app (01 §6, 03 §2): admin, yitUser, contributor, partner or rolePartner; and
 * a consumption manager, whom 01 §6 sends to /admin for the consumption screens.
 */
export function mayUseAdmin(roles: readonly Role[]): boolean {
  return roles.some(
    (role) => (ADMIN_AREA_ROLES as readonly Role[]).includes(role) || role === 'consumptionManager',
  );
}

/** What the viewer may do in the staff app: one flag per rule of the contracts' staff access table. */
export type Capabilities = Record<StaffAccess, boolean>;

/** The staff app's permissions (react-admin's `getPermissions`). */
export interface StaffPermissions {
  userId: string;
  /** Global roles, aliases applied. */
  roles: Role[];
  /** Roles held in some housing company or apartment, aliases applied. */
  housingCompanyRoles: Role[];
  can: Capabilities;
}

export const NO_CAPABILITIES: Capabilities = Object.fromEntries(
  Object.keys(STAFF_ACCESS).map((key) => [key, false]),
) as Capabilities;

/**
 * The viewer's permissions from /me: the rules of the staff access table (`STAFF_ACCESS` in the
 * contracts) applied to their global roles, the roles held in housing companies and their partner
 * companies — the same rules the services' route policies are made of, so a menu entry, route or
 * button shows only to those the service lets in.
 */
export function permissionsOf(me: MeResponse): StaffPermissions {
  const local: Role[] = [];
  for (const hc of me.hcs) {
    local.push(...hc.roles);
    for (const apartment of hc.apts) local.push(...apartment.roles);
  }
  const holding = roleHolding(me.user.roles, local, me.user.partnerCompanies.length);
  return {
    userId: me.user.id,
    roles: [...holding.global],
    housingCompanyRoles: [...holding.inCompanies],
    can: staffCapabilities(holding),
  };
}
