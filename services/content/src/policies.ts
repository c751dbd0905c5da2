import {
  ADMIN_AREA_ROLES,
  CONTACT_HC_EDITORS,
  CONTENT_GLOBAL_EDITORS,
  CONTENT_HC_AUTHORS,
  CONTENT_PROJECT_EDITORS,
  HOUSING_COMPANY_EDITORS,
  type Role,
  SITE_CONTENT_EDITORS,
  STEP_EDITORS,
  YIT_USER_GROUP,
} from '@porta/contracts';
import { housingCompaniesWhere, type Policy, type Principal, policy, type Scope } from '@porta/service-kit';

/**
 * Who may do what in the content service (01 §6, 03 §2 route table, 03 §6): the one policy table.
 * Routes name a policy from CONTENT_POLICIES; which items a caller reaches comes from the scope
 * and edit functions below and is applied in the queries, so items out of scope answer 404.
 * docs/authorization.md explains the table; src/routes/authorization-matrix.test.ts checks every
 * route against every kind of caller.
 *
 * 03 §6: "marketing and business admin manage all, plus campaigns and feedback; project roles
 * manage articles, events and contacts; managers, board members, chairmen and publishers create
 * articles and events and manage their own; property managers, board members and chairmen also
 * manage those in their projects except ones authored by higher roles. Partners create campaigns
 * and manage those of their partner companies or their own."
 */

export {
  CONTACT_HC_EDITORS,
  CONTENT_GLOBAL_EDITORS,
  CONTENT_HC_AUTHORS,
  CONTENT_PROJECT_EDITORS,
  SITE_CONTENT_EDITORS,
  STEP_EDITORS,
};

/** Also manage others' articles and events in their housing companies, unless a higher role wrote them. */
export const CONTENT_HC_MODERATORS: readonly Role[] = [
  'propertyManager',
  'boardMember',
  'chairman',
  'ceeBoardMember',
];
/** Authors whose items housing-company moderators may not change: the developer's staff and admin. */
export const HIGHER_AUTHOR_ROLES: readonly Role[] = ['admin', ...YIT_USER_GROUP];
export { HOUSING_COMPANY_EDITORS as HOUSING_COMPANY_IMAGE_EDITORS };

/**
 * A business partner (01 §6 "/admin/campaigns yitUser and partner"): the partner role (rolePartner
 * is its alias). Users of property- or maintenance-manager companies are not partners here.
 */
export const isPartner = (p: Principal) => p.hasRole('partner');

/**
 * The staff routes' doors are the staff access table's rules (`STAFF_ACCESS` in the contracts),
 * which the staff app's menu and buttons read too.
 */
export const CONTENT_POLICIES = {
  public: (reason: string) => policy.public(reason),
  /** Resident reading: any signed-in user; the housing company is checked against membership. */
  residentRead: policy.authenticated(),
  /** Sending feedback. */
  feedbackSend: policy.authenticated(),
  /** Staff lists of articles and calendar entries (scope: contentScope). */
  editorialRead: policy.rule('editorialRead'),
  /** Write articles and calendar entries (scope and edit rights: contentScope, canEditItem). */
  editorialWrite: policy.rule('editorialWrite'),
  contactsRead: policy.rule('contactsRead'),
  contactsWrite: policy.rule('contactsWrite'),
  /** 03 §2: /admin/campaigns yitUser and partner. */
  campaignsRead: policy.rule('campaignsRead'),
  campaignsWrite: policy.rule('campaignsWrite'),
  /** 03 §2: /admin/feedback yitUser. */
  feedbackRead: policy.rule('feedbackRead'),
  stepsRead: policy.rule('editorialRead'),
  stepsWrite: policy.rule('stepsWrite'),
  helpRead: policy.rule('helpRead'),
  siteContentWrite: policy.rule('siteContentWrite'),
  shopPartnersRead: policy.authenticated(),
  feedsRead: policy.rule('feedsRead'),
  /** Upload images and attachments for content. */
  assetsUpload: policy.rule('adminArea'),
  /** Attachments are for signed-in users; images are public (they show on public pages). */
  attachmentRead: policy.authenticated(),
  /** A housing company's picture in the staff app (scope: contentScope; out of scope 404). */
  housingCompanyImageRead: policy.rule('adminArea'),
  /** Set, replace and remove a housing company's picture. */
  housingCompanyImageWrite: policy.rule('housingCompanyImageWrite'),
} satisfies Record<string, Policy | ((reason: string) => Policy)>;

/**
 * Which housing companies' items a caller sees in the staff lists: all for the developer's staff,
 * else the companies where they hold an admin-area role (contributor or partner aliases).
 */
export function contentScope(p: Principal): Scope {
  if (p.hasRole('yitUser')) return { all: true };
  return {
    all: false,
    housingCompanyIds: housingCompaniesWhere(p, [...ADMIN_AREA_ROLES, ...CONTENT_HC_AUTHORS]),
  };
}

/** What a staff member may do with editorial items (articles, events) — see canEditItem. */
export interface EditorActor {
  userId: string;
  name: string;
  /** The roles recorded as the item's author roles. */
  roles: Role[];
  /** May target any housing company or taxonomy, and edit every item. */
  global: boolean;
  /** Housing companies where the actor writes items. */
  authorIn: string[];
  /** Housing companies where the actor also manages others' items (not higher roles'). */
  moderatorIn: string[];
}

/**
 * The editor for an area: editorial (articles, events) or contacts. Project roles (yitProject,
 * yitProjectInternal) held globally edit everything; held in a housing company they write and
 * manage that company's items (03 §6 "project roles manage articles, events and contacts", ADR
 * 0022). Contacts: the developer's staff (yitUser) manage every contact (03 §2 names yitUser).
 */
export function editorActor(p: Principal, area: 'editorial' | 'contacts'): EditorActor {
  const editorial = area === 'editorial';
  const authorRoles = editorial
    ? [...CONTENT_HC_AUTHORS, ...CONTENT_PROJECT_EDITORS]
    : [...CONTACT_HC_EDITORS, ...CONTENT_PROJECT_EDITORS];
  const moderatorRoles = editorial
    ? [...CONTENT_HC_MODERATORS, ...CONTENT_PROJECT_EDITORS]
    : [...CONTACT_HC_EDITORS, ...CONTENT_PROJECT_EDITORS];
  const roles = new Set<Role>(p.roles);
  for (const held of p.housingCompanies.values()) for (const r of held) roles.add(r);
  return {
    userId: p.userId,
    name: p.name,
    roles: [...roles],
    global: editorial
      ? p.hasRole(...CONTENT_GLOBAL_EDITORS, ...CONTENT_PROJECT_EDITORS)
      : p.hasRole('yitUser'),
    authorIn: housingCompaniesWhere(p, authorRoles),
    moderatorIn: housingCompaniesWhere(p, moderatorRoles),
  };
}

/**
 * May the actor change or delete the item? Global editors: every item. The author: their own.
 * Housing-company moderators: items that target only their companies and that no higher role wrote.
 */
export function canEditItem(
  actor: EditorActor,
  item: { authorId: string | null; authorRoles: readonly string[]; housingCompanyIds: readonly string[] },
): boolean {
  if (actor.global) return true;
  if (item.authorId && item.authorId === actor.userId) return true;
  if (item.housingCompanyIds.length === 0) return false;
  if (item.authorRoles.some((r) => (HIGHER_AUTHOR_ROLES as readonly string[]).includes(r))) return false;
  return item.housingCompanyIds.every((hc) => actor.moderatorIn.includes(hc));
}

/**
 * The targeting an actor may choose: global actors anything; others only housing companies they
 * author in, at least one, and no taxonomy terms.
 */
export function targetingAllowed(
  actor: EditorActor,
  targeting: { housingCompanyIds: readonly string[]; buildingTaxonomies: readonly string[] },
): boolean {
  if (actor.global) return true;
  if (targeting.buildingTaxonomies.length > 0 || targeting.housingCompanyIds.length === 0) return false;
  return targeting.housingCompanyIds.every((hc) => actor.authorIn.includes(hc));
}
