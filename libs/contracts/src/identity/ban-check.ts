import { z } from 'zod';
import { zIsoDate, zIsoDateTime, zUuid } from '../common.js';

/**
 * identity's bans over request/reply (`rpc.identity.bans.get.v1`), for services that refuse writes
 * of banned users (community: 02 §5, 03 §4 "bans block commenting per project or globally"): the
 * bans in force now that apply to the user in the housing company, global ones included.
 */
export const IDENTITY_BANS_RPC = 'rpc.identity.bans.get.v1';

export const zBanCheckRequest = z.object({ userId: zUuid, housingCompanyId: zUuid });
export type BanCheckRequest = z.infer<typeof zBanCheckRequest>;

export const zBanInForce = z.object({
  id: zUuid,
  /** Null: a global ban. */
  housingCompanyId: zUuid.nullable(),
  /** The last day of the ban (YYYY-MM-DD). */
  expiryDate: zIsoDate,
  /** The moment it ends: the day after expiryDate, 00:00 UTC. */
  expiresAt: zIsoDateTime,
});
export type BanInForce = z.infer<typeof zBanInForce>;

export const zBanCheckResponse = z.object({ bans: z.array(zBanInForce) });
export type BanCheckResponse = z.infer<typeof zBanCheckResponse>;
