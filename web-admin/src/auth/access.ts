import {
  ADMIN_AREA_ROLES,
  COMMUNITY_GLOBAL_MODERATORS,
  COMMUNITY_HC_MODERATORS,
  effectiveRoles,
  GLOBAL_USER_MANAGERS,
  type MeResponse,
  PROJECT_USER_MANAGERS,
  type Role,
  SERVICE_REQUEST_GLOBAL_HANDLERS,
  SERVICE_REQUEST_HC_HANDLERS,
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

/** May enter the admin section (01 §6, 03 §2): admin, yitUser, contributor, partner or rolePartner. */
export function mayUseAdmin(roles: readonly Role[]): boolean {
  return roles.some((role) => (ADMIN_AREA_ROLES as readonly Role[]).includes(role));
}

/*
 * The role lists below mirror identity's policy table (services/identity/src/policies.ts), which
 * decides; the app only uses them to leave out menus, screens and buttons the services would refuse.
 */

/** Ban users and read another user's GDPR report (03 §6: business admin). */
const BAN_AND_GDPR_ROLES: readonly Role[] = ['yitBusinessAdmin'];
const HOUSING_COMPANY_EDITORS: readonly Role[] = ['yitAdmin', 'yitBusinessAdmin', 'yitProject'];
const PARTNER_MANAGERS: readonly Role[] = ['yitAdmin', 'yitBusinessAdmin', 'yitMarketing', 'yitProject'];

/*
 * Content: the lists below mirror the content service's policy table (services/content/src/
 * policies.ts, CONTENT_POLICIES and the editor functions beside it).
 */

/** Manage every article, event, contact, campaign and feedback entry (marketing, business admin). */
const CONTENT_GLOBAL_EDITORS: readonly Role[] = ['yitMarketing', 'yitBusinessAdmin'];
/** Global project roles: manage every article, event and contact. */
const CONTENT_PROJECT_EDITORS: readonly Role[] = ['yitProject', 'yitProjectInternal'];
/** Write articles and events in their housing companies (and manage their own). */
const CONTENT_HC_AUTHORS: readonly Role[] = [
  'propertyManager',
  'maintenanceManager',
  'ceeMaintenanceManager',
  'boardMember',
  'chairman',
  'ceeBoardMember',
  'contentPublisher',
];
/** Contacts: yitUser and propertyManager read (03 §2); property managers also write theirs. */
const CONTACT_HC_EDITORS: readonly Role[] = ['propertyManager'];
/** Lifecycle steps (03 §2: admin, yitBusinessAdmin, yitProject, yitMarketing). */
const STEP_EDITORS: readonly Role[] = ['yitBusinessAdmin', 'yitProject', 'yitMarketing'];
/** Help entries, public pages, shop partners and external feeds. */
const SITE_CONTENT_EDITORS: readonly Role[] = ['yitMarketing', 'yitBusinessAdmin'];

/** What the viewer may do in the staff app. */
export interface Capabilities {
  /** Look users up (menu "Users"). */
  usersRead: boolean;
  /** Create and edit users, their roles, invitations, (de)activation. */
  usersManage: boolean;
  /** Ban users and lift bans. */
  usersBan: boolean;
  /** Download another user's information (GDPR report). */
  gdprReport: boolean;
  /** Replace a user's global roles. */
  globalRoles: boolean;
  /**
   * Read and change another user's notification settings (03 §2 /admin/user/notifications/{id}):
   * the global user managers, as the notifications service's staffSettings policy allows.
   */
  notificationSettings: boolean;
  /**
   * Moderate the community (03 §6): the violation reports of the housing companies one moderates
   * (the developer's staff: all), deleting what was reported. Banning its writer is usersBan.
   */
  communityModerate: boolean;
  /**
   * Service requests (03 /admin/service-requests): the requests of the housing companies one handles
   * (their managers, board, rental and hab managers; the developer's staff: all), their CSV, status,
   * publicity and replies, as the service's `staff` policy allows (services/service-requests/src/
   * policies.ts). What may be done with one request is in its rights.
   */
  serviceRequests: boolean;
  housingCompaniesRead: boolean;
  housingCompaniesEdit: boolean;
  partnersRead: boolean;
  partnersManage: boolean;
  taxonomy: boolean;
  featureToggles: boolean;
  /**
   * News and calendar lists (policy editorialRead: the admin area). Partners are left out: their
   * scope holds no article or event (03 §2 gives them campaigns).
   */
  contentRead: boolean;
  /** Create articles and events (editorialWrite); changing one also needs the item's `canEdit`. */
  contentWrite: boolean;
  /** May target any housing company and building-taxonomy term (else only their own companies). */
  contentGlobal: boolean;
  contactsRead: boolean;
  contactsWrite: boolean;
  /** Campaigns and advertisements (03 §2: yitUser and partner; partners see their own). */
  campaignsRead: boolean;
  campaignsWrite: boolean;
  /** Every campaign, any shop partner and partner company (not only a partner's own). */
  campaignsGlobal: boolean;
  /** Feedback entries and their CSV export (03 §2: yitUser). */
  feedbackRead: boolean;
  /** Lifecycle steps of housing companies (stepsRead: the admin area, partners left out as above). */
  stepsRead: boolean;
  stepsWrite: boolean;
  /** The help section's reading view (helpRead: every admin-area role). */
  helpRead: boolean;
  /** The FAQ and help entries and the public pages as lists (staff and their editors). */
  siteContentRead: boolean;
  /** Help and FAQ entries, public pages, shop partners and feeds (siteContentWrite). */
  siteContentWrite: boolean;
  /** Shop partners as a section (yitUser; partners only pick theirs in a campaign). */
  shopPartnersRead: boolean;
  /** External feeds (feedsRead: yitUser). */
  feedsRead: boolean;
}

/** The staff app's permissions (react-admin's `getPermissions`). */
export interface StaffPermissions {
  userId: string;
  /** Global roles, aliases applied. */
  roles: Role[];
  /** Roles held in some housing company or apartment, aliases applied. */
  housingCompanyRoles: Role[];
  can: Capabilities;
}

export const NO_CAPABILITIES: Capabilities = {
  usersRead: false,
  usersManage: false,
  usersBan: false,
  gdprReport: false,
  globalRoles: false,
  notificationSettings: false,
  communityModerate: false,
  serviceRequests: false,
  housingCompaniesRead: false,
  housingCompaniesEdit: false,
  partnersRead: false,
  partnersManage: false,
  taxonomy: false,
  featureToggles: false,
  contentRead: false,
  contentWrite: false,
  contentGlobal: false,
  contactsRead: false,
  contactsWrite: false,
  campaignsRead: false,
  campaignsWrite: false,
  campaignsGlobal: false,
  feedbackRead: false,
  stepsRead: false,
  stepsWrite: false,
  helpRead: false,
  siteContentRead: false,
  siteContentWrite: false,
  shopPartnersRead: false,
  feedsRead: false,
};

/** The viewer's permissions from /me: global roles and the roles held in housing companies. */
export function permissionsOf(me: MeResponse): StaffPermissions {
  const roles = effectiveRoles(me.user.roles);
  const local = new Set<Role>();
  for (const hc of me.hcs) {
    for (const role of hc.roles) local.add(role);
    for (const apartment of hc.apts) for (const role of apartment.roles) local.add(role);
  }
  const housingCompanyRoles = effectiveRoles(local);
  const isAdmin = roles.has('admin');
  /** Holds one of the roles globally (admin passes every check). */
  const has = (...wanted: readonly Role[]) => isAdmin || wanted.some((role) => roles.has(role));
  /** Holds one of the roles globally or in some housing company. */
  const holdsAnywhere = (wanted: readonly Role[]) =>
    has(...wanted) || wanted.some((role) => housingCompanyRoles.has(role));
  const staff = holdsAnywhere(ADMIN_AREA_ROLES);
  /** A partner: the partner role, or a user of a partner company (as the content service counts it). */
  const partner = has('partner') || me.user.partnerCompanies.length > 0;
  /** Reads articles, events and steps: the developer's staff and contributors (managers, board, publishers). */
  const editorialReader = has('yitUser') || holdsAnywhere(['contributor', ...CONTENT_HC_AUTHORS]);

  return {
    userId: me.user.id,
    roles: [...roles],
    housingCompanyRoles: [...housingCompanyRoles],
    can: {
      usersRead: has('yitUser') || holdsAnywhere(PROJECT_USER_MANAGERS),
      usersManage: has(...GLOBAL_USER_MANAGERS) || holdsAnywhere(PROJECT_USER_MANAGERS),
      usersBan: has(...BAN_AND_GDPR_ROLES),
      gdprReport: has(...BAN_AND_GDPR_ROLES),
      globalRoles: isAdmin,
      notificationSettings: has(...GLOBAL_USER_MANAGERS) || holdsAnywhere(PROJECT_USER_MANAGERS),
      communityModerate: holdsAnywhere([...COMMUNITY_GLOBAL_MODERATORS, ...COMMUNITY_HC_MODERATORS]),
      serviceRequests: holdsAnywhere([...SERVICE_REQUEST_GLOBAL_HANDLERS, ...SERVICE_REQUEST_HC_HANDLERS]),
      housingCompaniesRead: staff,
      housingCompaniesEdit: has(...HOUSING_COMPANY_EDITORS),
      partnersRead: staff,
      partnersManage: has(...PARTNER_MANAGERS),
      taxonomy: isAdmin,
      featureToggles: isAdmin,
      contentRead: editorialReader,
      contentWrite: holdsAnywhere([
        ...CONTENT_GLOBAL_EDITORS,
        ...CONTENT_PROJECT_EDITORS,
        ...CONTENT_HC_AUTHORS,
      ]),
      contentGlobal: has(...CONTENT_GLOBAL_EDITORS, ...CONTENT_PROJECT_EDITORS),
      contactsRead: holdsAnywhere(['yitUser', ...CONTACT_HC_EDITORS]),
      contactsWrite: holdsAnywhere([
        ...CONTENT_GLOBAL_EDITORS,
        ...CONTENT_PROJECT_EDITORS,
        ...CONTACT_HC_EDITORS,
      ]),
      campaignsRead: has('yitUser') || partner,
      campaignsWrite: has(...CONTENT_GLOBAL_EDITORS) || partner,
      campaignsGlobal: has(...CONTENT_GLOBAL_EDITORS),
      feedbackRead: has('yitUser'),
      stepsRead: editorialReader,
      stepsWrite: has(...STEP_EDITORS),
      helpRead: staff || holdsAnywhere(ADMIN_AREA_ROLES),
      siteContentRead: has('yitUser'),
      siteContentWrite: has(...SITE_CONTENT_EDITORS),
      shopPartnersRead: has('yitUser'),
      feedsRead: has('yitUser'),
    },
  };
}
