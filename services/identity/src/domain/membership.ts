import {
  type AccessTokenClaims,
  localDay,
  type MeResponse,
  type Role,
  timeZoneOfCountry,
} from '@porta/contracts';
import type { Db } from '@porta/service-kit';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import {
  apartmentRoles,
  apartments,
  housingCompanies,
  housingCompanyRoles,
  partnerCompanies,
  partnerCompanyUsers,
  users,
} from '../db/schema.js';
import { membershipVersion } from './revocations.js';

type IdentityDb = Db<typeof schema>;
export type UserRow = typeof users.$inferSelect;

/** A housing company's calendar day at an instant: the day in its country's time zone. */
export function companyDay(country: string | null | undefined, now = new Date()): string {
  return localDay(now, timeZoneOfCountry(country));
}

/**
 * Housing-company state is derived: living when completionDate is before the company's own today
 * (01 §3), the day turning at the company's local midnight.
 */
export function housingCompanyState(
  hc: { completionDate: string | null; addressCountry: string | null },
  now = new Date(),
): 'construction' | 'living' {
  return hc.completionDate !== null && hc.completionDate < companyDay(hc.addressCountry, now)
    ? 'living'
    : 'construction';
}

/**
 * Today in the portal's time zone (Europe/Helsinki), YYYY-MM-DD: the day role validity is compared
 * with in SQL (ADR 0013). Companies in the countries of Europe/Helsinki's offset (Finland and the
 * Baltic states) see it turn at their own midnight; those an hour behind, at 23:00 the day before.
 */
export function todayIso(now = new Date()): string {
  return localDay(now);
}

/** A role counts from validFrom through validUntil (both optional, inclusive). */
export function validOn<T extends { validFrom: unknown; validUntil: unknown }>(table: T, today: string) {
  const t = table as unknown as typeof apartmentRoles;
  return and(
    or(isNull(t.validFrom), lte(t.validFrom, today)),
    or(isNull(t.validUntil), gte(t.validUntil, today)),
  );
}

export interface Membership {
  housingCompanies: MeResponse['hcs'];
  /** With the partner company type (PROPERTY_MANAGER, MAINTENANCE_MANAGER, BUSINESS_PARTNER). */
  partnerCompanies: (MeResponse['user']['partnerCompanies'][number] & { type: string })[];
}

/** The housing companies (with apartments and roles) and partner companies of a user, valid today. */
export async function loadMembership(db: IdentityDb, userId: string, now = new Date()): Promise<Membership> {
  const today = todayIso(now);
  const [hcRoleRows, aptRoleRows, pcRows] = await Promise.all([
    db
      .select({ housingCompanyId: housingCompanyRoles.housingCompanyId, role: housingCompanyRoles.role })
      .from(housingCompanyRoles)
      .where(and(eq(housingCompanyRoles.userId, userId), validOn(housingCompanyRoles, today))),
    db
      .select({
        apartmentId: apartmentRoles.apartmentId,
        role: apartmentRoles.role,
        housingCompanyId: apartments.housingCompanyId,
        no: apartments.no,
        externalName: apartments.externalName,
        aptext: apartments.aptext,
      })
      .from(apartmentRoles)
      .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
      .where(and(eq(apartmentRoles.userId, userId), validOn(apartmentRoles, today)))
      .orderBy(asc(apartments.no)),
    db
      .select({
        id: partnerCompanies.id,
        externalId: partnerCompanies.externalId,
        name: partnerCompanies.name,
        type: partnerCompanies.type,
      })
      .from(partnerCompanyUsers)
      .innerJoin(partnerCompanies, eq(partnerCompanies.id, partnerCompanyUsers.partnerCompanyId))
      .where(eq(partnerCompanyUsers.userId, userId)),
  ]);

  const hcIds = [...new Set([...hcRoleRows, ...aptRoleRows].map((r) => r.housingCompanyId))];
  const hcRows = hcIds.length
    ? await db
        .select()
        .from(housingCompanies)
        .where(inArray(housingCompanies.id, hcIds))
        .orderBy(desc(housingCompanies.isDemo), asc(housingCompanies.name))
    : [];

  const hcs = hcRows.map((hc) => {
    const apts = new Map<string, MeResponse['hcs'][number]['apts'][number]>();
    for (const row of aptRoleRows.filter((r) => r.housingCompanyId === hc.id)) {
      const apt = apts.get(row.apartmentId) ?? {
        id: row.apartmentId,
        no: row.no,
        externalName: row.externalName,
        aptext: row.aptext,
        roles: [],
      };
      apt.roles.push(row.role as Role);
      apts.set(row.apartmentId, apt);
    }
    return {
      id: hc.id,
      hcExt: hc.hcExt,
      name: hc.name,
      marketingName: hc.marketingName,
      addressStreet: hc.addressStreet,
      addressCity: hc.addressCity,
      addressCountry: hc.addressCountry,
      businessUnit: hc.businessUnit,
      completionDate: hc.completionDate,
      state: housingCompanyState(hc, now),
      lifecycleStepsActive: hc.lifecycleStepsActive,
      isDemo: hc.isDemo,
      roles: hcRoleRows.filter((r) => r.housingCompanyId === hc.id).map((r) => r.role as Role),
      apts: [...apts.values()],
    };
  });
  return { housingCompanies: hcs, partnerCompanies: pcRows };
}

/** The claims of an access token for a user and session. */
export function tokenClaims(
  user: UserRow,
  membership: Membership,
  sessionId: string,
  issuer: 'portal' | 'b2c',
): Omit<AccessTokenClaims, 'iss' | 'aud' | 'exp' | 'iat'> {
  return {
    sub: user.id,
    sid: sessionId,
    idp: issuer,
    name: `${user.firstName} ${user.lastName}`.trim(),
    roles: user.roles as Role[],
    hcs: Object.fromEntries(membership.housingCompanies.map((hc) => [hc.id, hc.roles])),
    apts: Object.fromEntries(
      membership.housingCompanies.flatMap((hc) =>
        hc.apts.map((apt) => [apt.id, [hc.id, apt.roles]] as const),
      ),
    ),
    pcs: membership.partnerCompanies.map((pc) => pc.id),
    ver: membershipVersion(user),
  };
}

export async function findUserByEmail(db: IdentityDb, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: IdentityDb, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export { sql };
