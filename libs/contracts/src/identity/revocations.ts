import { z } from 'zod';

/**
 * Access tokens that must stop working before they expire (issue 16 §1): sessions that ended
 * (logout, refresh-token reuse, deactivation, a password change) and users whose roles changed,
 * whose earlier tokens carry roles they no longer hold. identity broadcasts them on
 * IDENTITY_REVOCATIONS_LIVE as they happen and answers the whole current list on
 * IDENTITY_REVOCATIONS_RPC (a process starting, or back on the broker, asks for it). An entry is
 * kept until every token it concerns has expired (`until`, epoch ms).
 */
export const IDENTITY_REVOCATIONS_RPC = 'rpc.identity.revocations.get.v1';
export const IDENTITY_REVOCATIONS_LIVE = 'live.identity.revocations';

export const zRevokedSession = z.object({ sid: z.uuid(), until: z.number().int() });
/**
 * The user's tokens of an earlier membership version are stale: a token whose `ver` claim is below
 * `ver` is refused, and the browser refreshes it (getting the new roles, or none).
 */
export const zStaleUser = z.object({ userId: z.uuid(), ver: z.number().int(), until: z.number().int() });

export const zRevocations = z.object({
  sessions: z.array(zRevokedSession),
  users: z.array(zStaleUser),
});
export type Revocations = z.infer<typeof zRevocations>;
