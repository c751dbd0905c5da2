import { z } from 'zod';

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
  NOT_FOUND: { status: 404, message: 'Page not found' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Value in field is not in correct format' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong' },
  UNAVAILABLE: { status: 503, message: 'Page couldn\u2019t be loaded. Please try to reload the page.' },
  // Identity
  IDN_INVALID_CREDENTIALS: { status: 401, message: 'Incorrect e-mail address or password.' },
  IDN_TOO_MANY_ATTEMPTS: {
    status: 429,
    message: 'Too many failed sign-in attempts. Please wait a minute and try again.',
  },
  IDN_ACCOUNT_DISABLED: { status: 403, message: 'Your account has been deactivated.' },
  IDN_REFRESH_INVALID: { status: 401, message: 'Session expired' },
  IDN_HOUSING_COMPANY_NOT_FOUND: { status: 404, message: 'Housing company could not be retrieved' },
  IDN_APARTMENT_NOT_FOUND: { status: 404, message: 'Housing company could not be retrieved' },
  IDN_PASSWORD_FORMAT: { status: 400, message: 'Password invalid format' },
  IDN_PASSWORD_MISMATCH: { status: 400, message: "Password doesn't match" },
  IDN_OIDC_NOT_CONFIGURED: { status: 404, message: 'This sign-in method is not available.' },
  IDN_OIDC_FAILED: { status: 401, message: 'Signing in failed. Please try again.' },
  IDN_OIDC_NO_ACCOUNT: { status: 403, message: 'No Porta account is linked to this sign-in.' },
  IDN_FEATURE_NOT_ACTIVATED: { status: 403, message: 'Feature not activated in this housing company' },
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
