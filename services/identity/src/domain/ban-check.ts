import {
  type BanCheckRequest,
  type BanCheckResponse,
  IDENTITY_BANS_RPC,
  timeZoneOfCountry,
  zBanCheckRequest,
} from '@porta/contracts';
import type { Bus, Db, Subscription } from '@porta/service-kit';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { bans, housingCompanies } from '../db/schema.js';
import { banExpiryDate } from './bans.js';

type IdentityDb = Db<typeof schema>;

/**
 * The bans in force now that apply to a user in a housing company: global bans and bans of that
 * housing company (03 §4 "bans block commenting per project or globally"), soonest end first.
 * Expired bans and bans of other housing companies are left out.
 */
export async function bansInForce(
  db: IdentityDb,
  request: BanCheckRequest,
  now = new Date(),
): Promise<BanCheckResponse> {
  const rows = await db
    .select({
      id: bans.id,
      housingCompanyId: bans.housingCompanyId,
      expiresAt: bans.expiresAt,
      country: housingCompanies.addressCountry,
    })
    .from(bans)
    .leftJoin(housingCompanies, eq(housingCompanies.id, bans.housingCompanyId))
    .where(
      and(
        eq(bans.userId, request.userId),
        gt(bans.expiresAt, now),
        or(isNull(bans.housingCompanyId), eq(bans.housingCompanyId, request.housingCompanyId)),
      ),
    )
    .orderBy(asc(bans.expiresAt), asc(bans.id));
  return {
    bans: rows.map((r) => ({
      id: r.id,
      housingCompanyId: r.housingCompanyId,
      expiryDate: banExpiryDate(r.expiresAt, timeZoneOfCountry(r.country)),
      expiresAt: r.expiresAt.toISOString(),
    })),
  };
}

/** Serve `rpc.identity.bans.get.v1` on the bus (the community service asks it before every write). */
export function serveBanCheck(db: IdentityDb, bus: Bus): Promise<Subscription> {
  return bus.reply(IDENTITY_BANS_RPC, async (data) => bansInForce(db, zBanCheckRequest.parse(data)));
}
