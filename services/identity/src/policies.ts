import {
  BAN_AND_GDPR_ROLES,
  GLOBAL_USER_MANAGERS,
  HOUSING_COMPANY_EDITORS,
  HOUSING_COMPANY_FEATURE_EDITORS,
  PARTNER_MANAGERS,
  PROJECT_USER_MANAGERS,
  type Role,
} from '@porta/contracts';
import {
  holdsAnywhere,
  housingCompaniesWhere,
  type Policy,
  type Principal,
  policy,
  type Scope,
  userManagementScope,
} from '@porta/service-kit';

/**
 * Who may do what in identity (01 §6, 03 §6): the one policy table. Routes name a policy from
 * IDENTITY_POLICIES; object-level scope (which users, housing companies and partner companies a
 * caller reaches) comes from the scope functions below and is applied in the queries, so objects
 * out of scope answer 404. docs/authorization.md explains the table; the authorization matrix
 * test (src/routes/authorization-matrix.test.ts) checks every route against every role.
 *
 * admin passes every role check. The yitUser and contributor aliases are applied to the token's
 * roles (see effectiveRoles), so 'yitUser' below means any of the developer's staff roles.
 */

/** Roles that keep e-mail signatures (03 §6). */
export const SIGNATURE_ROLES: readonly Role[] = ['yitUser', 'propertyManager', 'maintenanceManager'];

export {
  BAN_AND_GDPR_ROLES,
  HOUSING_COMPANY_EDITORS,
  HOUSING_COMPANY_FEATURE_EDITORS,
  holdsAnywhere,
  housingCompaniesWhere,
  PARTNER_MANAGERS,
  type Scope,
  userManagementScope,
};

/**
 * What a user administrator may do, for the domain functions: who they are, whose users and roles
 * they manage, and whether they grant every housing-company role or only the board roles.
 */
export interface UserAdminActor {
  userId: string;
  scope: Scope;
  /** Global user managers and admin grant every housing-company role; project managers board roles only. */
  grantsAllRoles: boolean;
}

export function userAdminActor(p: Principal): UserAdminActor {
  return {
    userId: p.userId,
    scope: userManagementScope(p),
    grantsAllRoles: p.hasRole(...GLOBAL_USER_MANAGERS),
  };
}

/**
 * Which users a caller may look up: every user for the developer's staff (yitUser alias), else
 * the users of the housing companies they manage.
 */
export function userReadScope(p: Principal): Scope {
  if (p.hasRole('yitUser')) return { all: true };
  return userManagementScope(p);
}

/**
 * Which housing companies a caller sees in the staff app: all for the developer's staff; the
 * companies a manager or board member holds a role in; a partner's served companies are added by
 * the route (they come from the database, not the token).
 */
export function housingCompanyReadScope(p: Principal): Scope {
  if (p.hasRole('yitUser')) return { all: true };
  return {
    all: false,
    housingCompanyIds: housingCompaniesWhere(p, [...PROJECT_USER_MANAGERS, 'contributor']),
  };
}

/**
 * The staff app's doors are the staff access table's rules (`STAFF_ACCESS` in the contracts), which
 * the staff app's menu and buttons read too.
 */
export const IDENTITY_POLICIES = {
  /** Sign-in, token refresh, JWKS, first login and e-mail confirmation links. */
  public: (reason: string) => policy.public(reason),
  /** Everything a signed-in user does for themself (me, my settings, quick links, markers). */
  self: policy.authenticated(),
  /** Own profile and notification settings: partners cannot manage them (01 §6). */
  selfProfile: policy.check('not a partner-only user', (p) => !isPartnerOnly(p)),
  /** Own signatures: yitUser, propertyManager, maintenanceManager. */
  signatures: policy.check('signature roles', (p) => holdsAnywhere(p, SIGNATURE_ROLES)),
  /** Look users up (scope: userReadScope). */
  usersRead: policy.rule('usersRead'),
  /** Create and edit users and their roles (scope: userManagementScope). */
  usersManage: policy.rule('usersManage'),
  /**
   * Delete a user (03 §7 DELETE /user?id): the global user managers only (admin passes). An account
   * crosses housing companies, so company user managers do not delete it (they deactivate it).
   */
  usersDelete: policy.rule('usersDelete'),
  /** Replace a user's global roles (staff and partner roles): admin only. */
  globalRoles: policy.rule('globalRoles'),
  /** Ban and unban users; read another user's GDPR report. */
  usersBan: policy.rule('usersBan'),
  gdprReportOfOthers: policy.rule('gdprReportOfOthers'),
  /**
   * Housing companies and apartments in the staff app (scope: housingCompanyScope). The admin-area
   * roles count whether held globally or in a housing company: a property manager or board member
   * holds the contributor alias in their companies only.
   */
  housingCompaniesRead: policy.rule('housingCompaniesRead'),
  housingCompaniesEdit: policy.rule('housingCompaniesEdit'),
  housingCompanyFeatures: policy.rule('housingCompanyFeatures'),
  /** Partner companies: staff read; partner managers write; partners edit their own company. */
  partnersRead: policy.rule('partnersRead'),
  partnersManage: policy.rule('partnersManage'),
  partnerOwnCompany: policy.rule('partnerOwnCompany'),
  /** Taxonomy terms: everyone signed in reads; admin writes. */
  taxonomyRead: policy.authenticated(),
  taxonomyManage: policy.rule('taxonomyManage'),
  /** Feature toggles: admin only (/admin/settings/features). */
  featureToggles: policy.rule('featureToggles'),
} satisfies Record<string, Policy | ((reason: string) => Policy)>;

/** A user whose only standing is a partner role (no resident or staff role). */
export function isPartnerOnly(p: Principal): boolean {
  if (p.isAdmin) return false;
  const roles = [...p.roles];
  const partnerish = roles.every((r) => r === 'partner' || r === 'rolePartner');
  return roles.length > 0 && partnerish && p.housingCompanies.size === 0;
}
