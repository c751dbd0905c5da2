import { z } from 'zod';
import { zRole } from '../roles.js';
import { zIssuer } from './auth.js';

/**
 * Claims of a Porta access token. Membership is carried in the token so that every service can
 * authorise without calling identity; it is at most one access-token lifetime old.
 */
export const zAccessTokenClaims = z.object({
  sub: z.uuid(),
  /** Session (refresh-token family) id. */
  sid: z.uuid(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number().int(),
  iat: z.number().int(),
  /** Which login produced the session. */
  idp: zIssuer,
  name: z.string(),
  roles: z.array(zRole),
  /** Housing company id to its roles (roles held on the company itself). */
  hcs: z.record(z.string(), z.array(zRole)),
  /** Apartment id to [housing company id, roles]. */
  apts: z.record(z.string(), z.tuple([z.string(), z.array(zRole)])),
  /** Partner company ids. */
  pcs: z.array(z.string()),
  /**
   * The user's membership version when the token was made (epoch ms of the last change of their
   * roles; 0 for none): identity's revocations refuse a token of an older version.
   */
  ver: z.number().int().nonnegative().default(0),
});
export type AccessTokenClaims = z.infer<typeof zAccessTokenClaims>;
