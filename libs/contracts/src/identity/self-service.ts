import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { FIELD_MAX_LENGTH_DEFAULT, QUICK_LINKS_MAX } from '../constants.js';
import { zPasswordInput } from '../password.js';
import { zRole } from '../roles.js';
import { visibleText } from '../text.js';
import type { FeatureId } from './features.js';
import { zUserEmail, zUserLocale } from './users.js';

/**
 * The identity service's self-service APIs (01 §3–§9, 03 §3–§8): profile, registration, first
 * login, e-mail and password change, self deactivation, the GDPR user-information report,
 * signatures, quick links and the dialog and task markers. All paths are under /api/identity.
 */

/** People's names: no invisible or control characters (400 VALIDATION_FAILED at the field). */
const zPersonName = visibleText(z.string().trim().min(1).max(FIELD_MAX_LENGTH_DEFAULT));
/** A phone number as typed; an empty one clears it. */
const zPhoneNumber = z
  .string()
  .trim()
  .max(FIELD_MAX_LENGTH_DEFAULT)
  .transform((v) => (v === '' ? null : v));

// ---------------------------------------------------------------------------------------------
// Profile and registration

/** PUT /me/profile: answers the updated `user` part of GET /me. Partner-only users get 403. */
export const zUpdateProfileRequest = z.strictObject({
  firstName: zPersonName,
  lastName: zPersonName,
  phone: zPhoneNumber.nullish(),
  locale: zUserLocale.optional(),
  publicProfile: z.boolean().optional(),
  male: z.boolean().nullish(),
});
export type UpdateProfileRequest = z.infer<typeof zUpdateProfileRequest>;

export const TERMS_NOT_ACCEPTED_MESSAGE = 'You must accept the terms and conditions';

/** POST /me/register (a signed-in user that is not registered yet): answers GET /me. */
export const zRegisterRequest = z.strictObject({
  locale: zUserLocale,
  phoneNumber: zPhoneNumber.nullish(),
  male: z.boolean().nullish(),
  publicProfile: z.boolean(),
  acceptTerms: z.literal(true, { error: TERMS_NOT_ACCEPTED_MESSAGE }),
});
export type RegisterRequest = z.infer<typeof zRegisterRequest>;

// ---------------------------------------------------------------------------------------------
// First login (invitation), e-mail change, password change, deactivation

/** How long a first-login (invitation) link works. */
export const FIRST_LOGIN_LINK_TTL_HOURS = 7 * 24;
/** How long an e-mail change confirmation link works. */
export const EMAIL_CHANGE_LINK_TTL_HOURS = 24;

/** The token of a link sent by e-mail (first login, e-mail change). */
const zLinkToken = z.string().min(1).max(200);

/** GET /first-login/:token and POST /first-login/:token (public). */
export const zFirstLoginParams = z.strictObject({ token: zLinkToken });
/** GET /first-login/:token: whose invitation this is. */
export const zFirstLoginResponse = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type FirstLoginResponse = z.infer<typeof zFirstLoginResponse>;
/** POST /first-login/:token: set the password (03 §5 rules; the two must match). Answers 204. */
export const zFirstLoginRequest = z.strictObject({
  password: zPasswordInput,
  passwordConfirmation: zPasswordInput,
});
export type FirstLoginRequest = z.infer<typeof zFirstLoginRequest>;

/** POST /admin/users/:id/invitation: answers 202 with where the link went and until when it works. */
export const zInvitationResponse = z.object({ email: z.string(), expiresAt: zIsoDateTime });
export type InvitationResponse = z.infer<typeof zInvitationResponse>;

/**
 * Registration reminders (03 §2 housing company "reminder" tab): the company's members in force
 * today who have not registered, and the first-login invitation sent again to them. Staff who
 * manage the company's users (usersManage, scoped to their companies; another company answers 404).
 */
/** At most this many users in one POST /admin/housing-companies/:id/registration-reminders. */
export const REGISTRATION_REMINDERS_MAX = 500;
/** A user who got a first-login link this recently is not sent another by a reminder. */
export const REGISTRATION_REMINDER_INTERVAL_HOURS = 24;

/** One not-registered member in GET /admin/housing-companies/:id/registration. */
export const zRegistrationPendingUser = z.object({
  userId: zUuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Their apartments in this company with the roles in force today. */
  apartments: z.array(
    z.object({ apartmentId: zUuid, no: z.string(), aptext: z.string(), roles: z.array(z.string()) }),
  ),
  /** Their roles on the housing company itself, in force today. */
  housingCompanyRoles: z.array(z.string()),
  /** When the user was added. */
  createdAt: zIsoDateTime,
  /** When the newest first-login link was sent, null if never. */
  lastInvitationAt: zIsoDateTime.nullable(),
  /** How many first-login links were sent. */
  invitationCount: z.number().int().nonnegative(),
});
export type RegistrationPendingUser = z.infer<typeof zRegistrationPendingUser>;

/** GET /admin/housing-companies/:id/registration: counts of the members in force and the not registered. */
export const zHousingCompanyRegistration = z.object({
  counts: z.object({
    members: z.number().int().nonnegative(),
    registered: z.number().int().nonnegative(),
    notRegistered: z.number().int().nonnegative(),
  }),
  users: z.array(zRegistrationPendingUser),
});
export type HousingCompanyRegistration = z.infer<typeof zHousingCompanyRegistration>;

/** POST /admin/housing-companies/:id/registration-reminders: the users to remind; absent = all not registered. */
export const zRegistrationRemindersRequest = z.strictObject({
  userIds: z.array(zUuid).min(1).max(REGISTRATION_REMINDERS_MAX).optional(),
});
export type RegistrationRemindersRequest = z.infer<typeof zRegistrationRemindersRequest>;

export const REGISTRATION_REMINDER_SKIP_REASONS = ['recently_sent', 'registered'] as const;
/** Answers 202: how many mails went out and whom the reminder skipped, and why. */
export const zRegistrationRemindersResponse = z.object({
  sent: z.number().int().nonnegative(),
  skipped: z.array(z.object({ userId: zUuid, reason: z.enum(REGISTRATION_REMINDER_SKIP_REASONS) })),
});
export type RegistrationRemindersResponse = z.infer<typeof zRegistrationRemindersResponse>;

/** POST /me/email-change: the new address is trimmed, validated and lower-cased. Answers 202. */
export const zEmailChangeRequest = z.strictObject({ newEmail: zUserEmail });
export type EmailChangeRequest = z.infer<typeof zEmailChangeRequest>;
export const zEmailChangeResponse = z.object({ newEmail: z.string(), expiresAt: zIsoDateTime });
export type EmailChangeResponse = z.infer<typeof zEmailChangeResponse>;

/** POST /email-change/:userId/:code (public): the link of the confirmation mail. */
export const zEmailChangeConfirmParams = z.strictObject({
  userId: z.string().min(1).max(100),
  code: zLinkToken,
});
export const zEmailChangeConfirmResponse = z.object({ email: z.string() });
export type EmailChangeConfirmResponse = z.infer<typeof zEmailChangeConfirmResponse>;

/** POST /me/password. Answers 204; the user's other sessions end. */
export const zChangePasswordRequest = z.strictObject({
  currentPassword: z.string().min(1).max(4096),
  newPassword: zPasswordInput,
  newPasswordConfirmation: zPasswordInput,
});
export type ChangePasswordRequest = z.infer<typeof zChangePasswordRequest>;

/** POST /me/deactivate: deactivates the account and ends every session. Answers 204. */
export const zDeactivateSelfRequest = z.strictObject({ confirm: z.literal(true) });
export type DeactivateSelfRequest = z.infer<typeof zDeactivateSelfRequest>;

// ---------------------------------------------------------------------------------------------
// Signatures (yitUser, propertyManager, maintenanceManager)

export const SIGNATURE_NAME_MAX_LENGTH = 50;
export const SIGNATURE_CONTENT_MAX_LENGTH = 10_000;

export const zSignature = z.object({
  id: zUuid,
  name: z.string(),
  content: z.string(),
  createdAt: zIsoDateTime,
  updatedAt: zIsoDateTime,
});
export type Signature = z.infer<typeof zSignature>;
export const zSignatureList = z.array(zSignature);
/** POST /me/signatures (201) and PUT /me/signatures/:id: both name and content are required. */
export const zSignatureRequest = z.strictObject({
  name: z.string().trim().min(1).max(SIGNATURE_NAME_MAX_LENGTH),
  content: z.string().trim().min(1).max(SIGNATURE_CONTENT_MAX_LENGTH),
});
export type SignatureRequest = z.infer<typeof zSignatureRequest>;
export const zSignatureParams = z.strictObject({ id: zUuid });

// ---------------------------------------------------------------------------------------------
// Quick links (01 §3, §4, §5)

export const QUICK_LINK_MODULE_IDS = [
  'documents',
  'documents-v2',
  'warranty',
  'consumption',
  'movement-sensors',
  'contact-book',
  'service-requests',
  'community',
  'service-shop',
  'common-space-bookings',
  'material-selection',
] as const;
export const zQuickLinkModuleId = z.enum(QUICK_LINK_MODULE_IDS);
export type QuickLinkModuleId = z.infer<typeof zQuickLinkModuleId>;

export interface QuickLinkModule {
  moduleId: QuickLinkModuleId;
  /** The feature that must be on in the housing company; null: always offered. */
  feature: FeatureId | null;
  href: string;
  icon: string;
  /** The label's key in the resident app's dictionary. */
  translationKey: string;
}

/** The modules a quick link can point to, in the order the editor offers them (01 §3). */
export const QUICK_LINK_MODULES: readonly QuickLinkModule[] = [
  {
    moduleId: 'documents',
    feature: 'documents',
    href: '/documents',
    icon: 'folder',
    translationKey: 'quickLinks.modules.documents',
  },
  {
    moduleId: 'documents-v2',
    feature: 'documentsv2',
    href: '/documents',
    icon: 'folder',
    translationKey: 'quickLinks.modules.documents-v2',
  },
  {
    moduleId: 'warranty',
    feature: 'warranty',
    href: '/apartment/warranty',
    icon: 'shield',
    translationKey: 'quickLinks.modules.warranty',
  },
  {
    moduleId: 'consumption',
    feature: 'consumption',
    href: '/my-apartment/consumption/water?initial=true',
    icon: 'chart',
    translationKey: 'quickLinks.modules.consumption',
  },
  {
    moduleId: 'movement-sensors',
    feature: 'iot-movement-sensor',
    href: '/my-apartment/movement-sensors',
    icon: 'sensor',
    translationKey: 'quickLinks.modules.movement-sensors',
  },
  {
    moduleId: 'contact-book',
    feature: null,
    href: '/support/contact-book',
    icon: 'contacts',
    translationKey: 'quickLinks.modules.contact-book',
  },
  {
    moduleId: 'service-requests',
    feature: 'service-requests',
    href: '/support/service-requests',
    icon: 'wrench',
    translationKey: 'quickLinks.modules.service-requests',
  },
  {
    moduleId: 'community',
    feature: 'public-discussion',
    href: '/community',
    icon: 'chat',
    translationKey: 'quickLinks.modules.community',
  },
  {
    moduleId: 'service-shop',
    feature: 'service-lounge',
    href: '/service-shop',
    icon: 'shop',
    translationKey: 'quickLinks.modules.service-shop',
  },
  {
    moduleId: 'common-space-bookings',
    feature: 'one4all-bookings',
    href: '/book-common-spaces',
    icon: 'calendar',
    translationKey: 'quickLinks.modules.common-space-bookings',
  },
  {
    moduleId: 'material-selection',
    feature: 'material-selection',
    href: '/material-selection',
    icon: 'palette',
    translationKey: 'quickLinks.modules.material-selection',
  },
];

/**
 * The modules offered with these features on: those whose feature is on (or that need none);
 * v1 documents are not offered when v2 documents are (01 §5).
 */
export function availableQuickLinkModules(enabledFeatures: Iterable<string>): QuickLinkModuleId[] {
  const on = new Set(enabledFeatures);
  return QUICK_LINK_MODULES.filter((m) => m.feature === null || on.has(m.feature))
    .filter((m) => !(m.moduleId === 'documents' && on.has('documentsv2')))
    .map((m) => m.moduleId);
}

export const zQuickLink = z.object({
  _id: z.string(),
  moduleId: zQuickLinkModuleId,
  translationKey: z.string(),
  href: z.string(),
  icon: z.string(),
});
export type QuickLink = z.infer<typeof zQuickLink>;

/** A project id, or nothing (answered with IDN_QUICK_LINKS_PROJECT_REQUIRED). */
const zQuickLinksProjectId = z.union([zUuid, z.literal('')]).nullish();

/** GET /me/quick-links?projectId=<housing company id>. */
export const zQuickLinksQuery = z.strictObject({ projectId: zQuickLinksProjectId });
/** GET and PUT /me/quick-links: the chosen links and every module the user may choose there. */
export const zQuickLinksResponse = z.object({
  projectId: zUuid,
  links: z.array(zQuickLink),
  available: z.array(zQuickLinkModuleId),
});
export type QuickLinksResponse = z.infer<typeof zQuickLinksResponse>;
/**
 * PUT /me/quick-links: the links in order. At most QUICK_LINKS_MAX (IDN_QUICK_LINKS_TOO_MANY), a
 * module once (IDN_QUICK_LINK_DUPLICATE), each module offered in the housing company
 * (IDN_QUICK_LINK_UNAVAILABLE). Other fields of a link (such as href) are ignored.
 */
export const zQuickLinksUpdateRequest = z.strictObject({
  projectId: zQuickLinksProjectId,
  links: z.array(z.object({ moduleId: zQuickLinkModuleId })).max(QUICK_LINKS_MAX * 10),
});
export type QuickLinksUpdateRequest = z.infer<typeof zQuickLinksUpdateRequest>;

// ---------------------------------------------------------------------------------------------
// Dialog read markers and task done markers

export const zDialogRead = z.object({ id: z.string(), projectId: zUuid });
export type DialogRead = z.infer<typeof zDialogRead>;
/** POST /me/dialogs: e.g. {id: 'welcome-to-plus-dialog', projectId}. Answers 204. */
export const zDialogReadRequest = z.strictObject({
  id: z.string().trim().min(1).max(100),
  projectId: zUuid,
});
export type DialogReadRequest = z.infer<typeof zDialogReadRequest>;

export const TASK_ID_MAX_LENGTH = 200;
export const zTaskStatus = z.object({ taskId: z.string(), done: z.boolean() });
export type TaskStatus = z.infer<typeof zTaskStatus>;
/** POST /me/tasks/:taskId/status/:done (done = true|false). Answers 204. */
export const zTaskStatusParams = z.strictObject({
  taskId: z.string().min(1).max(TASK_ID_MAX_LENGTH),
  done: z.enum(['true', 'false']),
});

// ---------------------------------------------------------------------------------------------
// GDPR user-information report

/** GET /me/gdpr-report and GET /admin/users/:id/gdpr-report; download=1 answers an attachment. */
export const zGdprReportQuery = z.strictObject({ download: z.enum(['0', '1', 'true', 'false']).optional() });

const zDate = z.string().nullable();

/**
 * Everything identity stores about a user, without secrets (no password hash, no token hashes).
 * Times are ISO date-times; role validity dates YYYY-MM-DD.
 */
export const zGdprReport = z.object({
  generatedAt: zIsoDateTime,
  profile: z.object({
    id: zUuid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    locale: z.string(),
    externalId: z.string().nullable(),
    male: z.boolean().nullable(),
    publicProfile: z.boolean(),
    registered: z.boolean(),
    enabled: z.boolean(),
    source: z.string(),
    hasPassword: z.boolean(),
    consumerLoginLinked: z.boolean(),
    roles: z.array(zRole),
    selectedHousingCompanyId: zUuid.nullable(),
    selectedApartmentId: zUuid.nullable(),
    createdAt: zIsoDateTime,
    updatedAt: zIsoDateTime,
    lastLoginAt: zIsoDateTime.nullable(),
    registeredAt: zIsoDateTime.nullable(),
    deactivatedAt: zIsoDateTime.nullable(),
  }),
  housingCompanies: z.array(
    z.object({ id: zUuid, hcExt: z.string(), name: z.string(), addressCity: z.string().nullable() }),
  ),
  housingCompanyRoles: z.array(
    z.object({
      housingCompanyId: zUuid,
      housingCompanyName: z.string(),
      role: z.string(),
      validFrom: zDate,
      validUntil: zDate,
    }),
  ),
  apartmentRoles: z.array(
    z.object({
      apartmentId: zUuid,
      apartmentNo: z.string(),
      aptext: z.string(),
      housingCompanyId: zUuid,
      housingCompanyName: z.string(),
      role: z.string(),
      validFrom: zDate,
      validUntil: zDate,
    }),
  ),
  scheduledRoleChanges: z.array(
    z.object({
      apartmentId: zUuid,
      role: z.string(),
      startDate: z.string(),
      change: z.enum(['add', 'remove']),
    }),
  ),
  partnerCompanies: z.array(z.object({ id: zUuid, name: z.string(), type: z.string() })),
  keyContactOf: z.array(
    z.object({ partnerCompanyId: zUuid, housingCompanyId: zUuid.nullable(), type: z.string().nullable() }),
  ),
  sessions: z.array(
    z.object({
      id: zUuid,
      issuer: z.string(),
      createdAt: zIsoDateTime,
      lastUsedAt: zIsoDateTime,
      expiresAt: zIsoDateTime,
      revokedAt: zIsoDateTime.nullable(),
      revokedReason: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  failedSignIns: z.array(z.object({ at: zIsoDateTime, ip: z.string() })),
  emailLinks: z.array(
    z.object({
      purpose: z.string(),
      newEmail: z.string().nullable(),
      createdAt: zIsoDateTime,
      expiresAt: zIsoDateTime,
      usedAt: zIsoDateTime.nullable(),
    }),
  ),
  signatures: z.array(zSignature),
  quickLinks: z.array(
    z.object({
      housingCompanyId: zUuid,
      moduleIds: z.array(z.string()),
      updatedAt: zIsoDateTime,
    }),
  ),
  dialogs: z.array(z.object({ id: z.string(), projectId: zUuid, readAt: zIsoDateTime })),
  tasks: z.array(z.object({ taskId: z.string(), done: z.boolean(), updatedAt: zIsoDateTime })),
  bans: z.array(
    z.object({
      id: zUuid,
      housingCompanyId: zUuid.nullable(),
      expiresAt: zIsoDateTime,
      reason: z.string().nullable(),
      createdAt: zIsoDateTime,
    }),
  ),
});
export type GdprReport = z.infer<typeof zGdprReport>;

/**
 * One of a user's signatures for another service (an e-mail letter signed by its sender, ADR 0032),
 * over request/reply: null when the user has no signature of that id.
 */
export const IDENTITY_SIGNATURE_RPC = 'rpc.identity.signature.get.v1';
export const zSignatureRpcRequest = z.object({ userId: zUuid, signatureId: zUuid });
export type SignatureRpcRequest = z.infer<typeof zSignatureRpcRequest>;
export const zSignatureRpcResponse = z.object({
  signature: z.object({ name: z.string(), content: z.string() }).nullable(),
});
export type SignatureRpcResponse = z.infer<typeof zSignatureRpcResponse>;
