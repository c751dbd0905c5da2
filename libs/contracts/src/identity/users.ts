import { z } from 'zod';
import { zAdminListQuery, zIsoDate, zUuid } from '../common.js';
import { FIELD_MAX_LENGTH_DEFAULT, LOCALES } from '../constants.js';
import { APARTMENT_ROLES, zRole } from '../roles.js';

/** The nine locales a user may have (03 §9). */
export const USER_LOCALES = Object.values(LOCALES) as [string, ...string[]];
export const zUserLocale = z.enum(USER_LOCALES);

/** 03 §5: standard address pattern, checked lower-cased; trimmed. */
export const EMAIL_INVALID_MESSAGE = 'Email address is invalid';
export const zUserEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }).max(320, { error: EMAIL_INVALID_MESSAGE }));

const zName = z.string().trim().min(1).max(FIELD_MAX_LENGTH_DEFAULT);
const zPhone = z.string().trim().max(FIELD_MAX_LENGTH_DEFAULT);
const zExternalId = z.string().trim().min(1).max(100);

/**
 * A user as staff see it. identity always answers phone, externalId and publicProfile; they are
 * optional in the type only until web-admin's test fixtures (src/testing/fetch-mock.ts) carry them.
 */
export const zAdminUser = z.object({
  id: zUuid,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  locale: z.string(),
  externalId: z.string().nullable(),
  publicProfile: z.boolean(),
  roles: z.array(zRole),
  registered: z.boolean(),
  enabled: z.boolean(),
  source: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof zAdminUser>;

export const ADMIN_USER_SORT_FIELDS = ['email', 'firstName', 'lastName', 'createdAt', 'lastLoginAt'] as const;
export const zAdminUserListQuery = zAdminListQuery(
  {
    q: z.string().trim().max(200).optional(),
    enabled: z.boolean().optional(),
    role: zRole.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_USER_SORT_FIELDS,
);
export type AdminUserListQuery = z.infer<typeof zAdminUserListQuery>;
export const zAdminUserList = z.array(zAdminUser);
export const zAdminUserParams = z.strictObject({ id: zUuid });

/** Create a user (staff). The e-mail cannot be changed afterwards. */
export const zAdminUserCreate = z.strictObject({
  email: zUserEmail,
  firstName: zName,
  lastName: zName,
  phone: zPhone.nullish(),
  locale: zUserLocale.optional(),
  externalId: zExternalId.nullish(),
  publicProfile: z.boolean().optional(),
});
export type AdminUserCreate = z.infer<typeof zAdminUserCreate>;

/** Update a user (staff): every field optional; e-mail is not editable (an unknown field is a 400). */
export const zAdminUserUpdate = z.strictObject({
  firstName: zName.optional(),
  lastName: zName.optional(),
  phone: zPhone.nullish(),
  locale: zUserLocale.optional(),
  externalId: zExternalId.nullish(),
  publicProfile: z.boolean().optional(),
});
export type AdminUserUpdate = z.infer<typeof zAdminUserUpdate>;

export const zApartmentRoleName = z.enum(APARTMENT_ROLES);

/** A role of a user in an apartment, with its validity (both dates inclusive, YYYY-MM-DD). */
export const zAdminApartmentRole = z.object({
  apartmentId: zUuid,
  apartmentNo: z.string(),
  aptext: z.string(),
  housingCompanyId: zUuid,
  housingCompanyName: z.string(),
  housingCompanyState: z.enum(['construction', 'living']),
  role: zApartmentRoleName,
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type AdminApartmentRole = z.infer<typeof zAdminApartmentRole>;
export const zAdminApartmentRoleList = z.array(zAdminApartmentRole);

export const zAdminApartmentRoleCreate = z
  .strictObject({
    apartmentId: zUuid,
    role: zApartmentRoleName,
    validFrom: zIsoDate.nullish(),
    validUntil: zIsoDate.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The end must not be before the start' });
    }
  });
export type AdminApartmentRoleCreate = z.infer<typeof zAdminApartmentRoleCreate>;

export const zAdminApartmentRoleParams = z.strictObject({
  id: zUuid,
  apartmentId: zUuid,
  role: zApartmentRoleName,
});
