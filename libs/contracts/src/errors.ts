import { z } from 'zod';
import { COMMUNITY_ERRORS } from './community/errors.js';
import { CONTENT_ERRORS } from './content/errors.js';
import { DOCUMENT_ERRORS } from './documents/errors.js';
import { LETTER_ERRORS } from './letters/errors.js';
import { NOTIFICATION_ERRORS } from './notifications/errors.js';
import { SERVICE_REQUEST_ERRORS } from './service-requests/errors.js';

/**
 * The error catalogue. Codes are stable and prefixed per service; each carries its HTTP status and
 * the user-facing message from the specification. Web apps translate by code and fall back to the
 * message.
 */
export const ERRORS = {
  // Shared (any service)
  VALIDATION_FAILED: {
    status: 400,
    message: 'Error on validating the form. Please check you have entered value on each required field.',
  },
  BAD_JSON: { status: 400, message: 'Value in field is not in correct format' },
  UNAUTHENTICATED: { status: 401, message: 'Session expired' },
  TOKEN_EXPIRED: { status: 401, message: 'Session expired' },
  FORBIDDEN: { status: 403, message: 'Not authorised to see this content.' },
  /** A route of a feature (01 §6 feature policies) that is off for the housing company. */
  FEATURE_NOT_ACTIVATED: { status: 403, message: 'Feature not activated in this housing company' },
  NOT_FOUND: { status: 404, message: 'Page not found' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** The request line and headers (a very long query, say) are more than the server reads. */
  HEADERS_TOO_LARGE: { status: 431, message: 'The request is too large.' },
  /** The request did not arrive in time; answered before any route. */
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long. Please try again.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Value in field is not in correct format' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong' },
  UNAVAILABLE: { status: 503, message: 'Page couldn\u2019t be loaded. Please try to reload the page.' },
  /** The gateway could not get an answer from the service behind it (not a refused connection). */
  UPSTREAM_FAILED: { status: 502, message: 'Page couldn\u2019t be loaded. Please try to reload the page.' },
  /**
   * A write that needs another part of Porta (identity's bans, say) which does not answer now:
   * refused at once rather than guessed, and the user asked to try again.
   */
  TEMPORARILY_UNAVAILABLE: {
    status: 503,
    message: 'This can\u2019t be done right now. Please try again in a moment.',
  },
  // Identity
  IDN_INVALID_CREDENTIALS: { status: 401, message: 'Incorrect e-mail address or password.' },
  IDN_TOO_MANY_ATTEMPTS: {
    status: 429,
    message: 'Too many failed sign-in attempts. Please wait a minute and try again.',
  },
  IDN_ACCOUNT_DISABLED: { status: 403, message: 'Your account has been deactivated.' },
  IDN_HOUSING_COMPANY_NOT_FOUND: { status: 404, message: 'Housing company could not be retrieved' },
  IDN_APARTMENT_NOT_FOUND: { status: 404, message: 'Housing company could not be retrieved' },
  IDN_PASSWORD_FORMAT: { status: 400, message: 'Password invalid format' },
  IDN_PASSWORD_MISMATCH: { status: 400, message: "Password doesn't match" },
  /** The password keeps 03 §5's format but is one of the most common ones (ADR 0020). */
  IDN_PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'This password is too common or too easy to guess. Please choose another one.',
  },
  IDN_OIDC_NOT_CONFIGURED: { status: 404, message: 'This sign-in method is not available.' },
  IDN_OIDC_FAILED: { status: 401, message: 'Signing in failed. Please try again.' },
  IDN_OIDC_NO_ACCOUNT: { status: 403, message: 'No Porta account is linked to this sign-in.' },
  IDN_USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  IDN_EMAIL_IN_USE: { status: 409, message: 'A user with this e-mail address already exists.' },
  IDN_EXTERNAL_ID_IN_USE: { status: 409, message: 'Provided external id already in use' },
  IDN_APARTMENT_ROLE_NOT_FOUND: { status: 404, message: 'Roles could not be updated' },
  IDN_OWNERS_LOCKED_IN_CONSTRUCTION: {
    status: 409,
    message: 'Owners cannot be added or removed in the construction phase.',
  },
  IDN_FEATURE_TOGGLE_EXISTS: {
    status: 409,
    message: 'A feature toggle for this feature and scope already exists.',
  },
  // Identity: roles, scheduled changes, bans
  IDN_OWN_ROLE_CONFIRM_REQUIRED: {
    status: 409,
    message: 'Removing your own role is permanent. Confirm to remove it.',
  },
  IDN_ROLE_NOT_REMOVABLE: { status: 409, message: 'The site administrator role cannot be removed here.' },
  IDN_SCHEDULED_CHANGE_NOT_FOUND: { status: 404, message: 'Roles could not be updated' },
  IDN_SCHEDULED_CHANGE_IN_PAST: { status: 400, message: 'The start date cannot be in the past.' },
  IDN_BAN_NOT_FOUND: { status: 404, message: 'User not found.' },
  // Identity: my settings
  IDN_EMAIL_CHANGE_FAILED: {
    status: 400,
    message: 'Email could not be changed. Check the format and try again.',
  },
  IDN_EMAIL_CONFIRM_FAILED: { status: 400, message: 'Confirming the email change failed.' },
  IDN_INSUFFICIENT_CREDENTIALS: { status: 403, message: 'Insufficient credentials' },
  IDN_LINK_INVALID: { status: 400, message: 'This link is invalid or has expired.' },
  IDN_ALREADY_REGISTERED: { status: 409, message: 'This account is already registered.' },
  IDN_SIGNATURE_NOT_FOUND: { status: 404, message: 'Signature could not be loaded.' },
  IDN_QUICK_LINKS_PROJECT_REQUIRED: {
    status: 400,
    message: 'Project ID must be specified in order to update quick links',
  },
  IDN_QUICK_LINKS_TOO_MANY: { status: 400, message: 'You can choose at most 5 quick links.' },
  IDN_QUICK_LINK_DUPLICATE: { status: 400, message: 'This link is already in your quick links.' },
  IDN_QUICK_LINK_UNAVAILABLE: { status: 400, message: 'Feature not activated in this housing company' },
  // Identity: housing companies, apartments, taxonomy
  IDN_HC_EXT_IN_USE: { status: 409, message: 'A housing company with this external id already exists.' },
  IDN_APTEXT_IN_USE: { status: 409, message: 'An apartment with this external id already exists.' },
  IDN_TAXONOMY_NOT_FOUND: { status: 404, message: 'No taxonomies found' },
  IDN_TAXONOMY_CODENAME_IN_USE: {
    status: 409,
    message: 'A term with this codename already exists in the group.',
  },
  // Identity: partner companies
  IDN_PARTNER_NOT_FOUND: { status: 404, message: 'Partner information could not be retrieved' },
  IDN_PARTNER_CREATE_PAYLOAD: { status: 400, message: 'You must send payload to create partner' },
  IDN_PARTNER_UPDATE_PAYLOAD: { status: 400, message: 'You must send payload to update partner' },
  IDN_PROJECT_PARTNER_REQUIRED: { status: 400, message: 'ProjectId and partnerCompanyId are required' },
  IDN_PROJECT_TYPE_REQUIRED: { status: 400, message: 'Required params projectId and type missing' },
  IDN_PARTNER_TYPE_MISMATCH: { status: 400, message: 'Changing partner company failed' },
  IDN_PARTNER_EXTERNAL_ID_IN_USE: { status: 409, message: 'Provided external id already in use' },
  IDN_KEY_CONTACT_NOT_A_USER: { status: 400, message: 'Partner details could not be saved' },
  /** Staff approve the operational area a partner proposed, but there is none or it has changed since. */
  IDN_AREA_PROPOSAL_CHANGED: {
    status: 409,
    message: 'The proposed operational area has changed. Please review it again.',
  },
  // Identity: users, roles, bans, feature scopes (H3)
  IDN_USER_ROLE_REQUIRED: {
    status: 400,
    message: 'User could not be added: give the user a role in one of your housing companies.',
  },
  IDN_ROLE_NOT_PERMITTED: { status: 403, message: 'Roles could not be updated' },
  /** A user manager adding or extending a role of their own: another manager must grant it. */
  IDN_OWN_ROLE_NOT_GRANTABLE: { status: 403, message: 'You cannot grant a role to yourself.' },
  IDN_SCHEDULED_CHANGE_STARTED: {
    status: 409,
    message: 'The change has already taken effect and cannot be removed.',
  },
  IDN_BAN_EXPIRY_IN_PAST: { status: 400, message: 'The expiry date cannot be in the past.' },
  // Identity: staff change a user's password, delete a user (03 §7)
  /** Staff do not set their own password here: the own password is changed in My settings. */
  IDN_OWN_PASSWORD_IN_SETTINGS: {
    status: 409,
    message: 'Change your own password in My settings.',
  },
  /** The user signs in only with their consumer account (OpenID Connect) and has no password. */
  IDN_PASSWORD_SIGN_IN_NOT_USED: {
    status: 409,
    message: 'This user signs in without a password.',
  },
  IDN_USER_DELETE_CONFIRM_REQUIRED: {
    status: 409,
    message: 'Deleting a user is permanent. Confirm to delete the user.',
  },
  IDN_USER_DELETE_SELF: { status: 409, message: 'You cannot delete your own account.' },
  IDN_ADMIN_NOT_DELETABLE: { status: 403, message: 'Only an administrator can delete an administrator.' },
  /** Setting a password hands over the whole account: the caller must reach all of its roles. */
  IDN_PASSWORD_NOT_SETTABLE: {
    status: 403,
    message: 'You cannot change the password of a user who holds roles outside what you manage.',
  },
  IDN_FEATURE_SCOPE_UNKNOWN: { status: 400, message: 'No taxonomies found' },
  ...CONTENT_ERRORS,
  ...COMMUNITY_ERRORS,
  ...NOTIFICATION_ERRORS,
  ...SERVICE_REQUEST_ERRORS,
  ...DOCUMENT_ERRORS,
  ...LETTER_ERRORS,
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** RFC 9457 problem details as every service answers them. */
export const zProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof zProblem>;
