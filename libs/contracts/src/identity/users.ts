import { z } from 'zod';
import { zAdminListQuery, zIsoDate, zUuid } from '../common.js';
import { FIELD_MAX_LENGTH_DEFAULT, LOCALES } from '../constants.js';
import { zPasswordInput } from '../password.js';
import { zRole } from '../roles.js';
import { visibleText } from '../text.js';
import { zAdminApartmentRoleCreate, zAdminHousingCompanyRoleCreate } from './roles.js';

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

/** People's names: no invisible or control characters (400 VALIDATION_FAILED at the field). */
const zName = visibleText(z.string().trim().min(1).max(FIELD_MAX_LENGTH_DEFAULT));
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
    /** A global role, or a role in a housing company or apartment that has not ended. */
    role: zRole.optional(),
    /** Users with a role (not ended) in the housing company or one of its apartments. */
    housingCompanyId: zUuid.optional(),
    /** Users with a role (not ended) in the apartment. */
    apartmentId: zUuid.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_USER_SORT_FIELDS,
);
export type AdminUserListQuery = z.infer<typeof zAdminUserListQuery>;
export const zAdminUserList = z.array(zAdminUser);
export const zAdminUserParams = z.strictObject({ id: zUuid });

/**
 * Create a user (staff). The e-mail cannot be changed afterwards. A first role in an apartment or
 * a housing company may be given in the same request; it is stored together with the user (both
 * or nothing). A project user manager (not a global one) must give one, in a housing company they
 * manage: they cannot create users outside their housing companies.
 */
export const zAdminUserCreate = z.strictObject({
  email: zUserEmail,
  firstName: zName,
  lastName: zName,
  phone: zPhone.nullish(),
  locale: zUserLocale.optional(),
  externalId: zExternalId.nullish(),
  publicProfile: z.boolean().optional(),
  apartmentRole: zAdminApartmentRoleCreate.optional(),
  housingCompanyRole: zAdminHousingCompanyRoleCreate.optional(),
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

/**
 * POST /admin/users/:id/password (03 §7 changeUserPassword): a user manager sets another user's
 * password. The rules are the self-service change's (03 §5, ADR 0020: checkPassword); a refusal
 * answers 400 IDN_PASSWORD_FORMAT or IDN_PASSWORD_TOO_COMMON with the error at `body.newPassword`.
 * The form asks for the password twice and compares the two itself. Answers 204; every session
 * of the user ends.
 */
export const zAdminPasswordChange = z.strictObject({ newPassword: zPasswordInput });
export type AdminPasswordChange = z.infer<typeof zAdminPasswordChange>;

/**
 * DELETE /admin/users/:id?confirm=true (03 §7 DELETE /user?id): deleting a user is permanent and
 * needs `confirm=true`, else 409 IDN_USER_DELETE_CONFIRM_REQUIRED. Answers 204.
 */
export const zAdminUserDeleteQuery = z.strictObject({
  confirm: z.enum(['true', 'false']).optional(),
});

// ---------------------------------------------------------------------------------------------
// Bans (03 §4): a user banned from commenting in one housing company (project) or everywhere.

/** Ban until the end of expiryDate (YYYY-MM-DD, today or later); housingCompanyId null: global. */
export const zBanCreate = z.strictObject({
  expiryDate: zIsoDate,
  housingCompanyId: zUuid.nullable(),
  reason: z.string().trim().max(1000).nullish(),
});
export type BanCreate = z.infer<typeof zBanCreate>;

export const zBan = z.object({
  id: zUuid,
  userId: zUuid,
  /** Null: a global ban. */
  housingCompanyId: zUuid.nullable(),
  housingCompanyName: z.string().nullable(),
  /** The last day of the ban (YYYY-MM-DD). */
  expiryDate: z.string(),
  /** The moment the ban ends: the day after expiryDate, 00:00 UTC. */
  expiresAt: z.string(),
  reason: z.string().nullable(),
  /** Still in force. */
  active: z.boolean(),
  createdBy: zUuid.nullable(),
  createdAt: z.string(),
});
export type Ban = z.infer<typeof zBan>;
export const zBanList = z.array(zBan);
export const zBanParams = z.strictObject({ id: zUuid, banId: zUuid });

/**
 * A ban in force in a housing company's moderation view (GET /admin/housing-companies/:id/bans):
 * a ban in the company, or a global ban of one of its members, with who is banned and who banned.
 */
export const zHousingCompanyBan = zBan.extend({
  userFirstName: z.string(),
  userLastName: z.string(),
  /** The name of who banned; null when unknown (or their account is gone). */
  createdByName: z.string().nullable(),
});
export type HousingCompanyBan = z.infer<typeof zHousingCompanyBan>;
export const zHousingCompanyBanList = z.array(zHousingCompanyBan);

/** GET /bans/me: the caller's bans in force. */
export const zMyBansResponse = z.object({ bans: zBanList });
export type MyBansResponse = z.infer<typeof zMyBansResponse>;
