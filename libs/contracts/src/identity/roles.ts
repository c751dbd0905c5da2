import { z } from 'zod';
import { zIsoDate, zUuid } from '../common.js';
import {
  APARTMENT_ROLES,
  HOUSING_COMPANY_ROLES,
  type HousingCompanyRole,
  type Role,
  zRole,
} from '../roles.js';

/**
 * Roles of users (03 §3, §4, §6): global roles, roles per housing company and per apartment, each
 * with an optional validity (validFrom and validUntil, both inclusive, YYYY-MM-DD), and scheduled
 * role and ownership changes of an apartment.
 */

/** Roles held globally (not per housing company or apartment): staff, partner and service roles. */
export const GLOBAL_ROLES = [
  'admin',
  'yitAdmin',
  'yitUser',
  'contributor',
  'yitBusinessAdmin',
  'yitMarketing',
  'yitProject',
  'yitProjectInternal',
  'partner',
  'rolePartner',
  'consumptionManager',
  'contentPublisher',
] as const satisfies readonly Role[];
export const zGlobalRole = z.enum(GLOBAL_ROLES);

/**
 * Housing-company roles a project user manager (property manager, board, chairman …) may grant
 * and remove in their own housing companies; the other housing-company roles need a global user
 * manager (03 §6).
 */
export const BOARD_ROLES = [
  'boardMember',
  'chairman',
  'ceeBoardMember',
] as const satisfies readonly HousingCompanyRole[];

/** Not removable through the staff screens (01 §6, 03 §6). */
export const NON_REMOVABLE_ROLES: readonly Role[] = ['siteAdministrator'];

export const VALIDITY_ORDER_MESSAGE = 'The end must not be before the start';

/** validUntil must not be before validFrom (both optional). */
function checkValidity(v: { validFrom?: string | null; validUntil?: string | null }, ctx: z.RefinementCtx) {
  if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: VALIDITY_ORDER_MESSAGE });
  }
}

export const zApartmentRoleName = z.enum(APARTMENT_ROLES);
export const zHousingCompanyRoleName = z.enum(HOUSING_COMPANY_ROLES);
const zHousingCompanyState = z.enum(['construction', 'living']);

/** A role of a user in an apartment, with its validity. */
export const zAdminApartmentRole = z.object({
  apartmentId: zUuid,
  apartmentNo: z.string(),
  aptext: z.string(),
  housingCompanyId: zUuid,
  housingCompanyName: z.string(),
  housingCompanyState: zHousingCompanyState,
  role: zApartmentRoleName,
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type AdminApartmentRole = z.infer<typeof zAdminApartmentRole>;
export const zAdminApartmentRoleList = z.array(zAdminApartmentRole);

/**
 * Who lives in an apartment (03 §2 apartment view): each user's role in it and its validity, with
 * whether the role is in force today (the housing company's calendar day), ended or still to come.
 */
export const zApartmentResident = z.object({
  userId: zUuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: zApartmentRoleName,
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  standing: z.enum(['current', 'future', 'ended']),
});
export type ApartmentResident = z.infer<typeof zApartmentResident>;
export const zApartmentResidentList = z.array(zApartmentResident);

/** Add an apartment role, or replace the validity of one the user has. */
export const zAdminApartmentRoleCreate = z
  .strictObject({
    apartmentId: zUuid,
    role: zApartmentRoleName,
    validFrom: zIsoDate.nullish(),
    validUntil: zIsoDate.nullish(),
  })
  .superRefine(checkValidity);
export type AdminApartmentRoleCreate = z.infer<typeof zAdminApartmentRoleCreate>;

export const zAdminApartmentRoleParams = z.strictObject({
  id: zUuid,
  apartmentId: zUuid,
  role: zApartmentRoleName,
});

/** A role of a user in a housing company, with its validity. */
export const zAdminHousingCompanyRole = z.object({
  housingCompanyId: zUuid,
  housingCompanyName: z.string(),
  housingCompanyState: zHousingCompanyState,
  role: zHousingCompanyRoleName,
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type AdminHousingCompanyRole = z.infer<typeof zAdminHousingCompanyRole>;

/** Add a housing-company role, or replace the validity of one the user has. */
export const zAdminHousingCompanyRoleCreate = z
  .strictObject({
    housingCompanyId: zUuid,
    role: zHousingCompanyRoleName,
    validFrom: zIsoDate.nullish(),
    validUntil: zIsoDate.nullish(),
  })
  .superRefine(checkValidity);
export type AdminHousingCompanyRoleCreate = z.infer<typeof zAdminHousingCompanyRoleCreate>;

export const zAdminHousingCompanyRoleParams = z.strictObject({
  id: zUuid,
  housingCompanyId: zUuid,
  role: zHousingCompanyRoleName,
});

/** `?confirm=true` is needed to remove one's own role (it is permanent). */
export const zRoleRemovalQuery = z.strictObject({
  confirm: z.enum(['true', 'false']).optional(),
});

/** Replace a user's global roles (admin only). */
export const zAdminGlobalRolesUpdate = z.strictObject({
  roles: z
    .array(zGlobalRole)
    .max(GLOBAL_ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, 'Each role only once'),
});
export type AdminGlobalRolesUpdate = z.infer<typeof zAdminGlobalRolesUpdate>;

// ---------------------------------------------------------------------------------------------
// Scheduled role and ownership changes (03 §4; updateScheduledRoleChange / ownershipChangeStartDate)

/**
 * From startDate (null: today) the users of addUserIds hold the role in the apartment and those of
 * removeUserIds no longer do (their role ends the day before). A date in the past is refused.
 */
export const zScheduledRoleChangeCreate = z
  .strictObject({
    role: zApartmentRoleName,
    startDate: zIsoDate.nullable(),
    addUserIds: z.array(zUuid).max(100).default([]),
    removeUserIds: z.array(zUuid).max(100).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.addUserIds.length === 0 && v.removeUserIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['addUserIds'], message: 'Add or remove at least one user' });
    }
    if (new Set(v.addUserIds).size !== v.addUserIds.length) {
      ctx.addIssue({ code: 'custom', path: ['addUserIds'], message: 'Each user only once' });
    }
    if (new Set(v.removeUserIds).size !== v.removeUserIds.length) {
      ctx.addIssue({ code: 'custom', path: ['removeUserIds'], message: 'Each user only once' });
    }
    const both = v.addUserIds.findIndex((id) => v.removeUserIds.includes(id));
    if (both >= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['removeUserIds'],
        message: 'A user cannot be both added and removed',
      });
    }
  });
export type ScheduledRoleChangeCreate = z.infer<typeof zScheduledRoleChangeCreate>;

export const zScheduledRoleChange = z.object({
  id: zUuid,
  apartmentId: zUuid,
  apartmentNo: z.string(),
  aptext: z.string(),
  housingCompanyId: zUuid,
  housingCompanyName: z.string(),
  role: zApartmentRoleName,
  /** The first day of the new situation (YYYY-MM-DD). */
  startDate: z.string(),
  addUserIds: z.array(zUuid),
  removeUserIds: z.array(zUuid),
  /** The start date is in the future: the change can still be removed. */
  pending: z.boolean(),
  createdBy: zUuid.nullable(),
  createdAt: z.string(),
});
export type ScheduledRoleChange = z.infer<typeof zScheduledRoleChange>;
export const zScheduledRoleChangeList = z.array(zScheduledRoleChange);
export const zApartmentScheduledChangeParams = z.strictObject({ id: zUuid });
export const zScheduledRoleChangeParams = z.strictObject({ id: zUuid });

/** Every role of a user: global, per housing company and per apartment (past, current, future). */
export const zAdminUserRoles = z.object({
  global: z.array(zRole),
  housingCompanies: z.array(zAdminHousingCompanyRole),
  apartments: z.array(zAdminApartmentRole),
  /** Changes not yet in effect that add or remove this user. */
  scheduledChanges: z.array(zScheduledRoleChange),
});
export type AdminUserRoles = z.infer<typeof zAdminUserRoles>;
