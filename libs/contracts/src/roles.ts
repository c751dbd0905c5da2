import { z } from 'zod';

/** Every role of 01 §6 and 03 §6. */
export const ROLES = [
  'admin',
  'yitAdmin',
  'yitUser',
  'contributor',
  'yitBusinessAdmin',
  'yitMarketing',
  'yitProject',
  'yitProjectInternal',
  'siteAdministrator',
  'rolePartner',
  'partner',
  'propertyManager',
  'maintenanceManager',
  'boardMember',
  'chairman',
  'userManager',
  'habManager',
  'rentalManager',
  'ceeMaintenanceManager',
  'ceeBoardMember',
  'consumptionManager',
  'contentPublisher',
  'owner',
  'tenant',
  'familyMember',
] as const;
export const zRole = z.enum(ROLES);
export type Role = z.infer<typeof zRole>;

/** Roles held per apartment (03 §6; CEE adds rentalManager). */
export const APARTMENT_ROLES = [
  'owner',
  'tenant',
  'familyMember',
  'rentalManager',
] as const satisfies readonly Role[];
export type ApartmentRole = (typeof APARTMENT_ROLES)[number];

/** Roles held per housing company. */
export const HOUSING_COMPANY_ROLES = [
  'boardMember',
  'chairman',
  'ceeBoardMember',
  'habManager',
  'propertyManager',
  'maintenanceManager',
  'ceeMaintenanceManager',
  'userManager',
  'contentPublisher',
  'consumptionManager',
  'siteAdministrator',
  // Project roles held for one project (03 §6 "project roles manage … of their projects"; ADR 0022).
  'yitProject',
  'yitProjectInternal',
] as const satisfies readonly Role[];
export type HousingCompanyRole = (typeof HOUSING_COMPANY_ROLES)[number];

/** Staff roles that may enter the admin section (01 §6). */
export const ADMIN_AREA_ROLES = ['admin', 'yitUser', 'contributor', 'partner', 'rolePartner'] as const;

/** Raw roles that the yitUser alias stands for (the developer's staff). */
export const YIT_USER_GROUP: readonly Role[] = [
  'yitUser',
  'yitAdmin',
  'yitBusinessAdmin',
  'yitMarketing',
  'yitProject',
  'yitProjectInternal',
];

/** Raw roles the contributor alias covers: manager, board and publisher roles (01 §6). */
export const CONTRIBUTOR_GROUP: readonly Role[] = [
  'contributor',
  'propertyManager',
  'maintenanceManager',
  'ceeMaintenanceManager',
  'boardMember',
  'chairman',
  'ceeBoardMember',
  'contentPublisher',
  'habManager',
  'rentalManager',
  'userManager',
];

export const PARTNER_GROUP: readonly Role[] = ['partner', 'rolePartner'];

/**
 * The roles a set of raw roles amounts to once the aliases are applied:
 * the raw roles themselves plus `yitUser`, `contributor` and `partner` where a group member is held.
 */
export function effectiveRoles(raw: Iterable<Role>): Set<Role> {
  const out = new Set<Role>(raw);
  for (const role of [...out]) {
    if (YIT_USER_GROUP.includes(role)) out.add('yitUser');
    if (CONTRIBUTOR_GROUP.includes(role)) out.add('contributor');
    if (PARTNER_GROUP.includes(role)) out.add('partner');
  }
  return out;
}

/**
 * Global roles that manage every user and every role (marketing, business admin, project roles):
 * their accounts, roles and notification settings (03 §2 users and roles).
 */
export const GLOBAL_USER_MANAGERS: readonly Role[] = [
  'yitAdmin',
  'yitMarketing',
  'yitBusinessAdmin',
  'yitProject',
  'yitProjectInternal',
];

/**
 * Roles held in a housing company that manage that company's users: their accounts, apartment
 * roles and notification settings (managers, board, chairmen, habManager, user administrators).
 */
export const PROJECT_USER_MANAGERS: readonly Role[] = [
  'propertyManager',
  'maintenanceManager',
  'ceeMaintenanceManager',
  'boardMember',
  'chairman',
  'ceeBoardMember',
  'habManager',
  'userManager',
];
