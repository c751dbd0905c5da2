import {
  type AudienceMember,
  type AudienceRequest,
  type AudienceResponse,
  IDENTITY_AUDIENCE_RPC,
  zAudienceRequest,
} from '@porta/contracts';
import type { Bus, Db, Subscription } from '@porta/service-kit';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type * as schema from '../db/schema.js';
import { apartmentRoles, apartments, housingCompanyRoles, users } from '../db/schema.js';
import { todayIso, validOn } from './membership.js';

type IdentityDb = Db<typeof schema>;

/** Memberships in force today: (user, housing company, role) from apartment and company roles. */
function membershipsIn(db: IdentityDb, today: string, housingCompanyIds: string[] | null) {
  const apartmentScope = housingCompanyIds
    ? inArray(apartments.housingCompanyId, housingCompanyIds)
    : undefined;
  const companyScope = housingCompanyIds
    ? inArray(housingCompanyRoles.housingCompanyId, housingCompanyIds)
    : undefined;
  return unionAll(
    db
      .select({
        userId: apartmentRoles.userId,
        housingCompanyId: apartments.housingCompanyId,
        role: apartmentRoles.role,
      })
      .from(apartmentRoles)
      .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
      .where(and(apartmentScope, validOn(apartmentRoles, today))),
    db
      .select({
        userId: housingCompanyRoles.userId,
        housingCompanyId: housingCompanyRoles.housingCompanyId,
        role: housingCompanyRoles.role,
      })
      .from(housingCompanyRoles)
      .where(and(companyScope, validOn(housingCompanyRoles, today))),
  ).as('m');
}

/**
 * The audience answer: enabled, registered users with a role in force in the housing companies (of
 * the given roles when any), one row each with the first such housing company, by user id.
 */
export async function audienceAnswer(
  db: IdentityDb,
  request: AudienceRequest,
  now = new Date(),
): Promise<AudienceResponse> {
  const today = todayIso(now);
  const byCompany = 'housingCompanyIds' in request;
  const m = membershipsIn(db, today, byCompany ? request.housingCompanyIds : null);
  const limit = byCompany ? request.limit : request.userIds.length;
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      // uuid has no min() on PostgreSQL 15: compare as text.
      housingCompanyId: sql<string | null>`min(${m.housingCompanyId}::text)::uuid`,
    })
    .from(users)
    .leftJoin(m, eq(m.userId, users.id))
    .where(
      and(
        eq(users.enabled, true),
        eq(users.registered, true),
        byCompany
          ? and(
              sql`${m.userId} is not null`,
              request.roles.length > 0 ? inArray(m.role, request.roles) : undefined,
              request.afterUserId ? gt(users.id, request.afterUserId) : undefined,
            )
          : inArray(users.id, request.userIds),
      ),
    )
    .groupBy(users.id)
    .orderBy(asc(users.id))
    .limit(limit);
  const members: AudienceMember[] = rows;
  const full = byCompany && rows.length === limit;
  return { members, nextAfterUserId: full ? (rows.at(-1)?.userId ?? null) : null };
}

/** Serve `rpc.identity.audience.get.v1` on the bus. */
export function serveAudience(db: IdentityDb, bus: Bus): Promise<Subscription> {
  return bus.reply(IDENTITY_AUDIENCE_RPC, async (data) => audienceAnswer(db, zAudienceRequest.parse(data)));
}
