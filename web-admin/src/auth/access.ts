import {
  type MeResponse,
  type Role,
  roleHolding,
  STAFF_ACCESS,
  type StaffAccess,
  staffCapabilities,
} from '@porta/contracts';

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

/**
 * May enter the staff app (01 §6, 03 §2): whoever the staff access table lets into the admin area
 * (admin, yitUser, contributor, partner or rolePartner, globally or in a housing company), and a
 * consumption manager, whom 01 §6 sends to /admin for the consumption screens.
 */
export function mayUseStaffApp(me: MeResponse): boolean {
  const { can } = permissionsOf(me);
  return can.adminArea || can.consumption;
}
