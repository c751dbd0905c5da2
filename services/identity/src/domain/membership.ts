import {
  type AccessTokenClaims,
  localDay,
  type MeResponse,
  type Role,
  timeZoneOfCountry,
} from '@porta/contracts';
import { type Database, type Db, namedStatement } from '@porta/service-kit';
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { type apartmentRoles, type housingCompanies, users } from '../db/schema.js';
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

/** A role row valid on the day given as $2 (validOn in SQL). */
const validOnDay = (t: string) =>
  `(${t}.valid_from is null or ${t}.valid_from <= $2::date) and (${t}.valid_until is null or ${t}.valid_until >= $2::date)`;

/** The roles valid on $2 of the user $1: in housing companies (hr) and apartments (ar). */
const MEMBERSHIP_CTES = `
  hr as (select r.housing_company_id, r.role from identity.housing_company_roles r
          where r.user_id = $1 and ${validOnDay('r')}),
  ar as (select r.apartment_id, r.role, a.housing_company_id, a.no, a.external_name, a.aptext
           from identity.apartment_roles r join identity.apartments a on a.id = r.apartment_id
          where r.user_id = $1 and ${validOnDay('r')})`;

/** The membership of the user $1 as four JSON columns (MembershipRows). */
const MEMBERSHIP_COLUMNS = `
  (select json_agg(json_build_object('housingCompanyId', hr.housing_company_id, 'role', hr.role)) from hr) as "hcRoles",
  (select json_agg(json_build_object('apartmentId', ar.apartment_id, 'role', ar.role,
                                     'housingCompanyId', ar.housing_company_id, 'no', ar.no,
                                     'externalName', ar.external_name, 'aptext', ar.aptext) order by ar.no)
     from ar) as "aptRoles",
  (select json_agg(json_build_object('id', p.id, 'externalId', p.external_id, 'name', p.name, 'type', p.type))
     from identity.partner_company_users pu join identity.partner_companies p on p.id = pu.partner_company_id
    where pu.user_id = $1) as "partners",
  (select json_agg(json_build_object('id', h.id, 'hcExt', h.hc_ext, 'name', h.name,
                                     'marketingName', h.marketing_name, 'addressStreet', h.address_street,
                                     'addressCity', h.address_city, 'addressCountry', h.address_country,
                                     'businessUnit', h.business_unit, 'completionDate', h.completion_date,
                                     'lifecycleStepsActive', h.lifecycle_steps_active, 'isDemo', h.is_demo)
                   order by h.is_demo desc, h.name)
     from identity.housing_companies h
    where h.id in (select housing_company_id from hr union select housing_company_id from ar)) as "companies"`;

/** What MEMBERSHIP_COLUMNS answer (json_agg gives null for no rows). */
export interface MembershipRows {
  hcRoles: { housingCompanyId: string; role: string }[] | null;
  aptRoles:
    | {
        apartmentId: string;
        role: string;
        housingCompanyId: string;
        no: string;
        externalName: string | null;
        aptext: string;
      }[]
    | null;
  partners: Membership['partnerCompanies'] | null;
  companies:
    | Pick<
        typeof housingCompanies.$inferSelect,
        | 'id'
        | 'hcExt'
        | 'name'
        | 'marketingName'
        | 'addressStreet'
        | 'addressCity'
        | 'addressCountry'
        | 'businessUnit'
        | 'completionDate'
        | 'lifecycleStepsActive'
        | 'isDemo'
      >[]
    | null;
}

const MEMBERSHIP = namedStatement(
  'identity_membership',
  `with ${MEMBERSHIP_CTES} select ${MEMBERSHIP_COLUMNS}`,
);

/** The housing companies (with apartments and roles) and partner companies of a user, valid today. */
export async function loadMembership(
  database: Database,
  userId: string,
  now = new Date(),
): Promise<Membership> {
  const [rows] = await database.query<MembershipRows>(MEMBERSHIP, [userId, todayIso(now)]);
  return membershipOf(rows!, now);
}

/** The membership from its rows, read in one statement (loadMembership, loadSignedIn). */
function membershipOf(rows: MembershipRows, now: Date): Membership {
  const hcRoleRows = rows.hcRoles ?? [];
  const aptRoleRows = rows.aptRoles ?? [];
  const hcs = (rows.companies ?? []).map((hc) => {
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
  return { housingCompanies: hcs, partnerCompanies: rows.partners ?? [] };
}

/** The user's fields the signed-in pages need (GET /me, the profile). */
export type SignedInUser = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'male'
  | 'locale'
  | 'publicProfile'
  | 'registered'
  | 'roles'
  | 'selectedHousingCompanyId'
  | 'selectedApartmentId'
  | 'enabled'
>;

/** Everything GET /me shows of the database, read by loadSignedIn. */
export interface SignedIn {
  /** Is the session open ($3 not revoked, not expired at $4)? */
  active: boolean;
  user: SignedInUser | null;
  membership: Membership;
  dialogs: { id: string; projectId: string }[];
  tasks: { taskId: string; done: boolean }[];
  /** The stored quick links of the selected housing company (null: none stored). */
  links: unknown;
}

const SIGNED_IN = namedStatement(
  'identity_signed_in',
  `with ${MEMBERSHIP_CTES}, u as (select * from identity.users where id = $1)
   select exists (select 1 from identity.sessions s
                   where s.id = $3 and s.revoked_at is null and s.expires_at > $4) as active,
          (select json_build_object('id', u.id, 'email', u.email, 'firstName', u.first_name,
                                    'lastName', u.last_name, 'phone', u.phone, 'male', u.male,
                                    'locale', u.locale, 'publicProfile', u.public_profile,
                                    'registered', u.registered, 'roles', u.roles,
                                    'selectedHousingCompanyId', u.selected_housing_company_id,
                                    'selectedApartmentId', u.selected_apartment_id, 'enabled', u.enabled)
             from u) as "user",
          ${MEMBERSHIP_COLUMNS},
          (select json_agg(json_build_object('id', d.dialog_id, 'projectId', d.housing_company_id)
                           order by d.read_at)
             from identity.dialog_reads d where d.user_id = $1) as dialogs,
          (select json_agg(json_build_object('taskId', t.task_id, 'done', t.done) order by t.task_id)
             from identity.task_statuses t where t.user_id = $1) as tasks,
          (select q.links from identity.quick_links q join u on q.housing_company_id = u.selected_housing_company_id
            where q.user_id = $1) as links`,
);

/**
 * The signed-in user's page data in one statement, planned once per connection: the session's
 * state, the user, the membership valid today, the dialogs read, the tasks done and the quick
 * links of the selected company. GET /me used to take eleven round trips for the same.
 */
export async function loadSignedIn(
  database: Database,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<SignedIn> {
  const [row] = await database.query<
    MembershipRows &
      Pick<SignedIn, 'active' | 'user' | 'links'> & {
        dialogs: SignedIn['dialogs'] | null;
        tasks: SignedIn['tasks'] | null;
      }
  >(SIGNED_IN, [userId, todayIso(now), sessionId, now]);
  return {
    active: row!.active,
    user: row!.user,
    membership: membershipOf(row!, now),
    dialogs: row!.dialogs ?? [],
    tasks: row!.tasks ?? [],
    links: row!.links,
  };
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
