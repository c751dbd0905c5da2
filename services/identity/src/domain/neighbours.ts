import {
  type AreasRequest,
  type AreasResponse,
  IDENTITY_AREAS_RPC,
  IDENTITY_NEIGHBOURS_RPC,
  type NeighbourMember,
  type NeighboursRequest,
  type NeighboursResponse,
  zAreasRequest,
  zNeighboursRequest,
} from '@porta/contracts';
import type { Bus, Db, Subscription } from '@porta/service-kit';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import {
  apartmentRoles,
  apartments,
  housingCompanies,
  housingCompanyRoles,
  taxonomyTerms,
  users,
} from '../db/schema.js';
import { todayIso, validOn } from './membership.js';

type IdentityDb = Db<typeof schema>;

/** Users who are listed among their neighbours: enabled, registered, with publicProfile on. */
const listed = and(eq(users.enabled, true), eq(users.registered, true), eq(users.publicProfile, true));

/**
 * The neighbours of a housing company (rpc.identity.neighbours.get.v1): its apartments, and its
 * members with a public profile (a role in force today on the company or one of its apartments),
 * each with the apartments they hold a role on. Members without a public profile are left out.
 */
export async function neighboursAnswer(
  db: IdentityDb,
  request: NeighboursRequest,
  now = new Date(),
): Promise<NeighboursResponse> {
  const today = todayIso(now);
  const hcId = request.housingCompanyId;
  const [hc] = await db
    .select({ id: housingCompanies.id })
    .from(housingCompanies)
    .where(eq(housingCompanies.id, hcId));
  if (!hc) return { found: false, apartments: [], members: [] };
  const [apts, residents, companyRoles] = await Promise.all([
    db
      .select({ id: apartments.id, no: apartments.no })
      .from(apartments)
      .where(eq(apartments.housingCompanyId, hcId))
      .orderBy(asc(apartments.no), asc(apartments.id)),
    db
      .selectDistinct({ userId: users.id, firstName: users.firstName, apartmentId: apartments.id })
      .from(apartmentRoles)
      .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
      .innerJoin(users, eq(users.id, apartmentRoles.userId))
      .where(and(eq(apartments.housingCompanyId, hcId), validOn(apartmentRoles, today), listed)),
    db
      .selectDistinct({ userId: users.id, firstName: users.firstName })
      .from(housingCompanyRoles)
      .innerJoin(users, eq(users.id, housingCompanyRoles.userId))
      .where(
        and(eq(housingCompanyRoles.housingCompanyId, hcId), validOn(housingCompanyRoles, today), listed),
      ),
  ]);
  const members = new Map<string, NeighbourMember>();
  const memberOf = (row: { userId: string; firstName: string }) => {
    const member = members.get(row.userId) ?? {
      userId: row.userId,
      firstName: row.firstName,
      apartmentIds: [],
    };
    members.set(row.userId, member);
    return member;
  };
  for (const row of residents) memberOf(row).apartmentIds.push(row.apartmentId);
  for (const row of companyRoles) memberOf(row);
  return {
    found: true,
    apartments: apts,
    members: [...members.values()].sort(
      (a, b) => a.firstName.localeCompare(b.firstName) || a.userId.localeCompare(b.userId),
    ),
  };
}

/**
 * The areas of housing companies, or the housing companies of an area (rpc.identity.areas.get.v1):
 * a company's area is its building-taxonomy term; a company in no term is an area of its own.
 */
export async function areasAnswer(db: IdentityDb, request: AreasRequest): Promise<AreasResponse> {
  const where =
    'housingCompanyIds' in request
      ? inArray(housingCompanies.id, request.housingCompanyIds)
      : or(
          eq(housingCompanies.buildingTaxonomyTermId, request.areaId),
          eq(housingCompanies.id, request.areaId),
        );
  const rows = await db
    .select({
      id: housingCompanies.id,
      name: housingCompanies.name,
      marketingName: housingCompanies.marketingName,
      termId: taxonomyTerms.id,
      termName: taxonomyTerms.name,
    })
    .from(housingCompanies)
    .leftJoin(taxonomyTerms, eq(taxonomyTerms.id, housingCompanies.buildingTaxonomyTermId))
    .where(where)
    .orderBy(asc(housingCompanies.id));
  const answered = rows.map((r) => ({
    id: r.id,
    area:
      r.termId && r.termName !== null
        ? { id: r.termId, name: r.termName }
        : { id: r.id, name: r.marketingName ?? r.name },
  }));
  return {
    housingCompanies: 'areaId' in request ? answered.filter((hc) => hc.area.id === request.areaId) : answered,
  };
}

/** Serve `rpc.identity.neighbours.get.v1` on the bus (the community service's neighbours). */
export function serveNeighbours(db: IdentityDb, bus: Bus): Promise<Subscription> {
  return bus.reply(IDENTITY_NEIGHBOURS_RPC, async (data) =>
    neighboursAnswer(db, zNeighboursRequest.parse(data)),
  );
}

/** Serve `rpc.identity.areas.get.v1` on the bus (the community service's area discussions). */
export function serveAreas(db: IdentityDb, bus: Bus): Promise<Subscription> {
  return bus.reply(IDENTITY_AREAS_RPC, async (data) => areasAnswer(db, zAreasRequest.parse(data)));
}
