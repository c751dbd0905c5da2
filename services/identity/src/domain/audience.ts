import {
  AUDIENCE_PAGE_MAX,
  type AudienceMember,
  type AudienceRequest,
  type AudienceResponse,
  effectiveRoles,
  IDENTITY_AUDIENCE_RPC,
  type Role,
  zAudienceRequest,
} from '@porta/contracts';
import type { Bus, Db, Subscription } from '@porta/service-kit';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { users } from '../db/schema.js';
import { todayIso } from './membership.js';

type IdentityDb = Db<typeof schema>;

/**
 * Memberships in force today in the housing companies (null: any), of the roles (empty: any), from
 * apartment roles and company roles (only roles on these apartments, when apartmentIds is given):
 * of the outer query's user (`users`) as the housing-company ids, or of everyone as the user ids.
 */
function memberships(
  today: string,
  housingCompanyIds: string[] | null,
  roles: string[],
  of: 'the user' | 'everyone',
  apartmentIds?: readonly string[],
) {
  const inForce = (alias: string) => {
    const t = sql.raw(alias);
    return sql`(${t}.valid_from is null or ${t}.valid_from <= ${today}) and (${t}.valid_until is null or ${t}.valid_until >= ${today})`;
  };
  const companies = (column: string) =>
    housingCompanyIds ? sql` and ${sql.raw(column)} = any(${sql.param(housingCompanyIds)}::uuid[])` : sql``;
  const ofRoles = (column: string) =>
    roles.length ? sql` and ${sql.raw(column)} = any(${sql.param(roles)}::text[])` : sql``;
  const user = (alias: string) =>
    of === 'the user' ? sql` and ${sql.raw(alias)}.user_id = ${users.id}` : sql``;
  const apartmentColumn = sql.raw(of === 'the user' ? 'a.housing_company_id' : 'ar.user_id');
  const companyColumn = sql.raw(of === 'the user' ? 'hr.housing_company_id' : 'hr.user_id');
  const onApartments = apartmentIds
    ? sql` and ar.apartment_id = any(${sql.param([...apartmentIds])}::uuid[])`
    : sql``;
  const fromApartments = sql`select ${apartmentColumn} from identity.apartment_roles ar
      join identity.apartments a on a.id = ar.apartment_id
      where ${inForce('ar')}${user('ar')}${companies('a.housing_company_id')}${ofRoles('ar.role')}${onApartments}`;
  if (apartmentIds) return fromApartments;
  return sql`${fromApartments}
    union all
    select ${companyColumn} from identity.housing_company_roles hr
      where ${inForce('hr')}${user('hr')}${companies('hr.housing_company_id')}${ofRoles('hr.role')}`;
}

/**
 * Up to this many housing companies, the audience is found from their memberships (a few
 * thousand rows); for more, by walking the users in id order with a membership probe each, which
 * finds a page of 1,000 among 100,000 users in tens of milliseconds.
 */
const FEW_COMPANIES = 50;

/**
 * The audience answer: enabled, registered users with a role in force in the housing companies (of
 * the given roles when any), one row each with the first such housing company, by user id; or the
 * named users (readersOf: only those who may still read some housing companies' pages), or the users
 * of partner companies, with their first housing company (onlyUserIds narrows either of the first
 * and last kinds to the users named). includeInactive also answers users not registered yet and
 * deactivated ones: staff manage them, nobody tells them. A page costs tens of milliseconds at the
 * start and the end of 100,000 users, for one company or all of them (see FEW_COMPANIES).
 */
export async function audienceAnswer(
  db: IdentityDb,
  request: AudienceRequest,
  now = new Date(),
): Promise<AudienceResponse> {
  const today = todayIso(now);
  const byCompany = 'housingCompanyIds' in request;
  const ids = byCompany ? request.housingCompanyIds : null;
  const roles = byCompany ? request.roles : [];
  const apartmentIds = byCompany ? request.apartmentIds : undefined;
  let limit = AUDIENCE_PAGE_MAX;
  let which: SQL | undefined;
  if ('userIds' in request) {
    limit = request.userIds.length;
    which = sql`${users.id} = any(${sql.param(request.userIds)}::uuid[])`;
  } else if ('partnerCompanyIds' in request) {
    which = sql`${users.id} in (select pu.user_id from identity.partner_company_users pu
      where pu.partner_company_id = any(${sql.param(request.partnerCompanyIds)}::uuid[]))`;
  } else {
    limit = request.limit;
    which =
      request.housingCompanyIds.length <= FEW_COMPANIES
        ? sql`${users.id} in (${memberships(today, ids, roles, 'everyone', apartmentIds)})`
        : sql`exists (${memberships(today, ids, roles, 'the user', apartmentIds)})`;
  }
  const only =
    'onlyUserIds' in request && request.onlyUserIds
      ? sql`${users.id} = any(${sql.param(request.onlyUserIds)}::uuid[])`
      : undefined;
  const after = byCompany && request.afterUserId ? gt(users.id, request.afterUserId) : undefined;
  const readersOf = 'readersOf' in request ? request.readersOf : undefined;
  const active =
    'includeInactive' in request && request.includeInactive
      ? undefined
      : and(eq(users.enabled, true), eq(users.registered, true));
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      // uuid has no min() on PostgreSQL 15: compare as text.
      housingCompanyId: sql<
        string | null
      >`(select min(m.hc::text)::uuid from (${memberships(today, ids, roles, 'the user', apartmentIds)}) m(hc))`,
      globalRoles: users.roles,
      inCompany: readersOf
        ? sql<boolean>`exists (${memberships(today, readersOf.housingCompanyIds, [], 'the user')})`
        : sql<boolean>`true`,
    })
    .from(users)
    .where(and(active, after, which, only))
    .orderBy(asc(users.id))
    .limit(limit);
  const members: AudienceMember[] = rows
    .filter((row) => !readersOf || row.inCompany || holdsGlobally(row.globalRoles, readersOf.globalRoles))
    .map(({ globalRoles: _roles, inCompany: _in, ...member }) => member);
  const full = byCompany && rows.length === limit;
  return { members, nextAfterUserId: full ? (rows.at(-1)?.userId ?? null) : null };
}

/** Does a user with these stored global roles hold one of the wanted ones (aliases applied; admin passes any)? */
function holdsGlobally(stored: readonly string[], wanted: readonly Role[]): boolean {
  if (wanted.length === 0) return false;
  const held = effectiveRoles(stored as Role[]);
  return held.has('admin') || wanted.some((role) => held.has(role));
}

/** Serve `rpc.identity.audience.get.v1` on the bus. */
export function serveAudience(db: IdentityDb, bus: Bus): Promise<Subscription> {
  return bus.reply(IDENTITY_AUDIENCE_RPC, async (data) => audienceAnswer(db, zAudienceRequest.parse(data)));
}
