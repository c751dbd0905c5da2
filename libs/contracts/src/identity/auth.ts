import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';

export const ISSUERS = ['portal', 'b2c'] as const;
export const zIssuer = z.enum(ISSUERS);
export type Issuer = z.infer<typeof zIssuer>;

export const zLoginRequest = z.strictObject({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof zLoginRequest>;

export const zTokenResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  issuer: zIssuer,
});
export type TokenResponse = z.infer<typeof zTokenResponse>;

export const zRefreshRequest = z.strictObject({ refreshToken: z.string().min(16).max(200) });
export type RefreshRequest = z.infer<typeof zRefreshRequest>;

export const zLogoutRequest = z.strictObject({ refreshToken: z.string().min(16).max(200).optional() });
export type LogoutRequest = z.infer<typeof zLogoutRequest>;

export const zOidcStartQuery = z.strictObject({
  /** Where the web app wants to land after signing in; a path on this site. */
  returnTo: z
    .string()
    .regex(/^\/(?!\/)[^\s]*$/, 'Value in field is not in correct format')
    .max(2000)
    .optional(),
});

export const zOidcTokenRequest = z.strictObject({
  code: z.string().min(1).max(4096),
  state: z.string().min(16).max(200),
  /** The issuer the provider named in its redirect (RFC 9207), passed on unchanged. */
  iss: z.url().max(2000).optional(),
});
export type OidcTokenRequest = z.infer<typeof zOidcTokenRequest>;

export const zOidcTokenResponse = zTokenResponse.extend({ returnTo: z.string().nullable() });

export const zJwk = z.looseObject({ kty: z.string(), kid: z.string().optional() });
export const zJwks = z.object({ keys: z.array(zJwk) });
