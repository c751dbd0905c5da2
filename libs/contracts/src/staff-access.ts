import { COMMUNITY_GLOBAL_MODERATORS, COMMUNITY_HC_MODERATORS } from './community/moderation.js';
import { DOCUMENT_GLOBAL_MANAGERS, DOCUMENT_HC_MANAGERS } from './documents/roles.js';
import { LETTER_GLOBAL_WRITERS, LETTER_HC_WRITERS } from './letters/roles.js';
import {
  ADMIN_AREA_ROLES,
  effectiveRoles,
  GLOBAL_USER_MANAGERS,
  PROJECT_USER_MANAGERS,
  ROLES,
  type Role,
} from './roles.js';
import { SERVICE_REQUEST_GLOBAL_HANDLERS, SERVICE_REQUEST_HC_HANDLERS } from './service-requests/roles.js';

/**
 * Who may use which part of the staff app (01 §6, 03 §2, §6): the one table the services' route
 * policies and the staff app's menu, routes and buttons are made from. A rule lets in whoever
 * holds one of its `global` roles globally, one of its `anywhere` roles globally or in some
 * housing company (on the company or one of its apartments), or — where `partnerCompanyUser` is
 * set — any user of a partner company. Roles count with their aliases (yitUser, contributor,
 * partner); admin passes every rule. A rule decides who gets through the door; which objects a
 * caller then reaches is each service's scope (another company's objects answer 404).
 *
 * docs/authorization.md is the readable form of this table; `staff-access.test.ts` and each
 * service's authorization matrix check it.
 */
export interface AccessRule {
  readonly global?: readonly Role[];
  readonly anywhere?: readonly Role[];
  readonly partnerCompanyUser?: boolean;
}

/** What a caller holds: global roles and the roles held in housing companies, aliases applied. */
export interface RoleHolding {
  readonly global: ReadonlySet<Role>;
  readonly inCompanies: ReadonlySet<Role>;
  readonly partnerCompanies: number;
}

/** Does the holding pass the rule? */
export function passes(rule: AccessRule, holding: RoleHolding): boolean {
  if (holding.global.has('admin')) return true;
  if (rule.global?.some((role) => holding.global.has(role))) return true;
  if (rule.anywhere?.some((role) => holding.global.has(role) || holding.inCompanies.has(role))) return true;
  return !!rule.partnerCompanyUser && holding.partnerCompanies > 0;
}

/** A holding from raw roles: the aliases are applied here. */
export function roleHolding(
  global: Iterable<Role>,
  inCompanies: Iterable<Role> = [],
  partnerCompanies = 0,
): RoleHolding {
  return { global: effectiveRoles(global), inCompanies: effectiveRoles(inCompanies), partnerCompanies };
}

/**
 * Does every caller who passes `narrower` also pass `wider`? Rules are unions of single roles, so
 * checking every one-role holding (globally, in a company) and a bare partner-company user decides it.
 */
export function ruleImplies(narrower: AccessRule, wider: AccessRule): boolean {
  const holdings: RoleHolding[] = [roleHolding([], [], 1)];
  for (const role of ROLES) holdings.push(roleHolding([role]), roleHolding([], [role]));
  return holdings.every((holding) => !passes(narrower, holding) || passes(wider, holding));
}

// --- Role lists the rules are made of -------------------------------------------------------------

/** Ban users and read another user's GDPR report (03 §6: business admin). */
export const BAN_AND_GDPR_ROLES: readonly Role[] = ['yitBusinessAdmin'];
/** Global roles that edit housing companies and their apartments. */
export const HOUSING_COMPANY_EDITORS: readonly Role[] = ['yitAdmin', 'yitBusinessAdmin', 'yitProject'];
/** A housing company's features (03 §2 /admin/housing-company/{id}/features: admin and yitBusinessAdmin). */
export const HOUSING_COMPANY_FEATURE_EDITORS: readonly Role[] = ['yitBusinessAdmin'];
/** Create, edit and delete partner companies, connect them to housing companies. */
export const PARTNER_MANAGERS: readonly Role[] = [
  'yitAdmin',
  'yitBusinessAdmin',
  'yitMarketing',
  'yitProject',
];
/** Manage every article, event, contact, campaign and feedback entry (marketing, business admin). */
export const CONTENT_GLOBAL_EDITORS: readonly Role[] = ['yitMarketing', 'yitBusinessAdmin'];
/**
 * Project roles (03 §6 "project roles manage articles, events and contacts"): held globally they
 * reach every project; held in a housing company, the articles, events and contacts of that
 * company (ADR 0022).
 */
export const CONTENT_PROJECT_EDITORS: readonly Role[] = ['yitProject', 'yitProjectInternal'];
/** Write articles and events in their housing companies and manage their own. */
export const CONTENT_HC_AUTHORS: readonly Role[] = [
  'propertyManager',
  'maintenanceManager',
  'ceeMaintenanceManager',
  'boardMember',
  'chairman',
  'ceeBoardMember',
  'contentPublisher',
];
/** Contacts (03 §2 /admin/contacts: yitUser and propertyManager). */
export const CONTACT_HC_EDITORS: readonly Role[] = ['propertyManager'];
/** Lifecycle steps (03 §2: admin, yitBusinessAdmin, yitProject, yitMarketing). */
export const STEP_EDITORS: readonly Role[] = ['yitBusinessAdmin', 'yitProject', 'yitMarketing'];
/** The help section, public pages, shop partners and external feeds. */
export const SITE_CONTENT_EDITORS: readonly Role[] = ['yitMarketing', 'yitBusinessAdmin'];

/** The admin area (01 §6): admin, yitUser, contributor, partner or rolePartner, globally or in a company. */
const ADMIN_AREA: AccessRule = { anywhere: ADMIN_AREA_ROLES };

export const STAFF_ACCESS = {
  /** Entering the staff app and its shared screens (dashboard, housing companies, help). */
  adminArea: ADMIN_AREA,
  /**
   * The consumption screens (03 §2 /admin/consumption: consumptionManager). A consumption manager
   * holds no admin-area role, yet works in the staff app (01 §6 sends them to /admin).
   */
  consumption: { anywhere: ['consumptionManager'] },
  /** Look users up (menu "Users"). */
  usersRead: { global: ['yitUser'], anywhere: PROJECT_USER_MANAGERS },
  /** Create and edit users, their roles, invitations, passwords, (de)activation, deletion. */
  usersManage: { global: GLOBAL_USER_MANAGERS, anywhere: PROJECT_USER_MANAGERS },
  /** Delete a user's account (03 §7 DELETE /user?id): it crosses housing companies, so global managers only. */
  usersDelete: { global: GLOBAL_USER_MANAGERS },
  usersBan: { global: BAN_AND_GDPR_ROLES },
  gdprReportOfOthers: { global: BAN_AND_GDPR_ROLES },
  /** Replace a user's global roles: admin only. */
  globalRoles: {},
  /** Another user's notification settings (03 §2 /admin/user/notifications/{id}). */
  notificationSettings: { global: GLOBAL_USER_MANAGERS, anywhere: PROJECT_USER_MANAGERS },
  /** Violation reports and moderation (03 §6). */
  communityModerate: { anywhere: [...COMMUNITY_GLOBAL_MODERATORS, ...COMMUNITY_HC_MODERATORS] },
  /** Service requests of the companies one handles (ADR 0018). */
  serviceRequests: { anywhere: [...SERVICE_REQUEST_GLOBAL_HANDLERS, ...SERVICE_REQUEST_HC_HANDLERS] },
  /** The document library's folders, rules and files (03 §2 /admin/documents; ADR 0030). */
  documents: { global: DOCUMENT_GLOBAL_MANAGERS, anywhere: DOCUMENT_HC_MANAGERS },
  /** E-mail letters of the companies one writes for (03 §2 /admin/email-letters, §6; ADR 0032). */
  letters: { global: LETTER_GLOBAL_WRITERS, anywhere: LETTER_HC_WRITERS },
  housingCompaniesRead: ADMIN_AREA,
  housingCompaniesEdit: { global: HOUSING_COMPANY_EDITORS },
  housingCompanyFeatures: { global: HOUSING_COMPANY_FEATURE_EDITORS },
  partnersRead: ADMIN_AREA,
  partnersManage: { global: PARTNER_MANAGERS },
  /** A partner's own company, its users and operational area (/partner/company/edit). */
  partnerOwnCompany: { global: ['partner'], partnerCompanyUser: true },
  taxonomyManage: {},
  /** Feature toggles and the application settings (/admin/settings): admin only. */
  featureToggles: {},
  /** The staff lists of articles, events, steps, FAQ and pages (every admin-area role; scope decides). */
  editorialRead: ADMIN_AREA,
  /**
   * The news and calendar menus: the developer's staff and the roles who write or moderate them.
   * Partners pass editorialRead but their scope holds no article or event (03 §2 gives them campaigns).
   */
  contentRead: {
    global: ['yitUser'],
    anywhere: ['contributor', ...CONTENT_PROJECT_EDITORS, ...CONTENT_HC_AUTHORS],
  },
  /** Write articles and events (changing one also needs the item's `canEdit`). */
  editorialWrite: {
    anywhere: [...CONTENT_GLOBAL_EDITORS, ...CONTENT_PROJECT_EDITORS, ...CONTENT_HC_AUTHORS],
  },
  /** Target any housing company and building-taxonomy term (else only their own companies). */
  contentGlobal: { global: [...CONTENT_GLOBAL_EDITORS, ...CONTENT_PROJECT_EDITORS] },
  /** 03 §2 /admin/contacts: yitUser and propertyManager (project roles of a company: its contacts). */
  contactsRead: { anywhere: ['yitUser', ...CONTACT_HC_EDITORS] },
  /** 03 §2 names yitUser on contacts: the developer's staff write every contact (ADR 0022). */
  contactsWrite: { global: ['yitUser'], anywhere: [...CONTENT_PROJECT_EDITORS, ...CONTACT_HC_EDITORS] },
  /** 03 §2 /admin/campaigns: yitUser and partner (rolePartner is its alias). */
  campaignsRead: { global: ['yitUser', 'partner'] },
  /** Campaigns and advertisements: the developer's staff every one, partners their company's (ADR 0022). */
  campaignsWrite: { global: ['yitUser', 'partner'] },
  /** Every campaign, any shop partner and partner company (not only a partner's own). */
  campaignsGlobal: { global: ['yitUser'] },
  /** 03 §2 /admin/feedback: yitUser. */
  feedbackRead: { global: ['yitUser'] },
  /** The lifecycle steps' menu (scope as editorialRead; partners left out as for news). */
  stepsRead: {
    global: ['yitUser'],
    anywhere: ['contributor', ...CONTENT_PROJECT_EDITORS, ...CONTENT_HC_AUTHORS],
  },
  stepsWrite: { global: STEP_EDITORS },
  /** The help section's reading view (every admin-area role). */
  helpRead: ADMIN_AREA,
  /** FAQ and help entries and public pages as lists (the developer's staff). */
  siteContentRead: { global: ['yitUser'] },
  siteContentWrite: { global: SITE_CONTENT_EDITORS },
  /** Shop partners as a section (the developer's staff; partners only pick theirs in a campaign). */
  shopPartnersRead: { global: ['yitUser'] },
  /** External feeds (yitUser). */
  feedsRead: { global: ['yitUser'] },
  /** A housing company's picture: set, replace, remove (identity's housing-company editors). */
  housingCompanyImageWrite: { global: HOUSING_COMPANY_EDITORS },
} as const satisfies Record<string, AccessRule>;

export type StaffAccess = keyof typeof STAFF_ACCESS;

/** Every rule's outcome for a holding: what the viewer may do in the staff app. */
export function staffCapabilities(holding: RoleHolding): Record<StaffAccess, boolean> {
  const out = {} as Record<StaffAccess, boolean>;
  for (const key of Object.keys(STAFF_ACCESS) as StaffAccess[]) out[key] = passes(STAFF_ACCESS[key], holding);
  return out;
}

// --- The staff app's menu -----------------------------------------------------------------------

/** One entry of the staff menu: a react-admin resource, who sees it, and the list it opens. */
export interface StaffMenuEntry {
  readonly resource: string;
  /** Who sees the entry; the list route's policy must let every one of them in. */
  readonly access: StaffAccess;
  /** The list route the entry opens: `GET /api/<service>/admin/<path>`. */
  readonly service: 'identity' | 'content' | 'community' | 'service-requests';
  readonly path: string;
}

export interface StaffMenuSection {
  /** Translation key of the section's heading. */
  readonly title: string;
  readonly entries: readonly StaffMenuEntry[];
}

/**
 * The staff app's menu, in order: the sections and their entries. The app shows an entry when the
 * viewer passes its rule; each service's authorization matrix test checks that the entry's list
 * route lets in everyone the rule shows it to (`staffMenuMismatches` in the service kit's testing).
 */
export const STAFF_MENU: readonly StaffMenuSection[] = [
  {
    title: 'porta.menu.administration',
    entries: [
      { resource: 'users', access: 'usersRead', service: 'identity', path: 'users' },
      {
        resource: 'housing-companies',
        access: 'housingCompaniesRead',
        service: 'identity',
        path: 'housing-companies',
      },
      { resource: 'apartments', access: 'housingCompaniesRead', service: 'identity', path: 'apartments' },
      {
        resource: 'partner-companies',
        access: 'partnersRead',
        service: 'identity',
        path: 'partner-companies',
      },
      { resource: 'taxonomy-terms', access: 'taxonomyManage', service: 'identity', path: 'taxonomy-terms' },
      { resource: 'feature-toggles', access: 'featureToggles', service: 'identity', path: 'feature-toggles' },
    ],
  },
  {
    title: 'porta.menu.content',
    entries: [
      { resource: 'news', access: 'contentRead', service: 'content', path: 'articles' },
      { resource: 'calendar', access: 'contentRead', service: 'content', path: 'calendar-entries' },
      { resource: 'contacts', access: 'contactsRead', service: 'content', path: 'contacts' },
      { resource: 'steps', access: 'stepsRead', service: 'content', path: 'steps' },
      { resource: 'faqs', access: 'siteContentRead', service: 'content', path: 'faqs' },
      { resource: 'pages', access: 'siteContentRead', service: 'content', path: 'pages' },
      { resource: 'feeds', access: 'feedsRead', service: 'content', path: 'feeds' },
    ],
  },
  {
    title: 'porta.menu.community',
    entries: [
      { resource: 'community-reports', access: 'communityModerate', service: 'community', path: 'reports' },
    ],
  },
  {
    title: 'porta.menu.support',
    entries: [
      {
        resource: 'service-requests',
        access: 'serviceRequests',
        service: 'service-requests',
        path: 'requests',
      },
    ],
  },
  {
    title: 'porta.menu.shop',
    entries: [
      { resource: 'campaigns', access: 'campaignsRead', service: 'content', path: 'campaigns' },
      { resource: 'shop-partners', access: 'shopPartnersRead', service: 'content', path: 'shop-partners' },
    ],
  },
  {
    title: 'porta.menu.feedback',
    entries: [{ resource: 'feedback', access: 'feedbackRead', service: 'content', path: 'feedback' }],
  },
];
