import { type Role, YIT_USER_GROUP } from '@porta/contracts';
import { AppError, type Db } from '@porta/service-kit';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type * as schema from '../db/schema.js';
import { apartmentRoles, apartments, housingCompanies, housingCompanyRoles, users } from '../db/schema.js';
import type { Scope } from '../policies.js';

type IdentityDb = Db<typeof schema>;

/**
 * Global roles whose holders only the global user managers reach: admin and the developer's staff.
 * A project role held on a housing company makes its holder a user of that company, yet the
 * company's managers neither see nor manage them (ADR 0022).
 */
const HIGHER_USER_ROLES: readonly Role[] = ['admin', ...YIT_USER_GROUP];

/**
 * A condition on `users.id` that keeps only the users of the scope's housing companies (a role in
 * the company or one of its apartments, whatever its validity: staff also manage future and past
 * roles), leaving out admin and the developer's staff. Undefined for an unlimited scope.
 */
export function usersInScope(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.housingCompanyIds.length === 0) return sql`false`;
  const ids = scope.housingCompanyIds;
  const higher = sql.join(
    HIGHER_USER_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  return and(
    sql`not (${users.roles} && array[${higher}]::text[])`,
    or(
      inArray(
        users.id,
        sql`(select ${apartmentRoles.userId} from ${apartmentRoles} join ${apartments} on ${apartments.id} = ${apartmentRoles.apartmentId} where ${inArray(apartments.housingCompanyId, ids)})`,
      ),
      inArray(
        users.id,
        sql`(select ${housingCompanyRoles.userId} from ${housingCompanyRoles} where ${inArray(housingCompanyRoles.housingCompanyId, ids)})`,
      ),
    ),
  );
}

/**
 * `users.source` of a deleted user's row: identity keeps the id (other services and identity's own
 * token revocations refer to it) and nothing else of the person (ADR 0013, addendum).
 */
export const DELETED_USER_SOURCE = 'deleted';

/** 404 (User not found.) unless the user exists, is not deleted and is within the scope. */
export async function assertUserInScope(db: IdentityDb, scope: Scope, userId: string): Promise<void> {
  const condition = usersInScope(scope);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.source, DELETED_USER_SOURCE), condition))
    .limit(1);
  if (!row) throw new AppError('IDN_USER_NOT_FOUND');
}

/** 404 (Housing company could not be retrieved) unless the company is within the scope. */
export function assertHousingCompanyInScope(scope: Scope, housingCompanyId: string): void {
  if (!scope.all && !scope.housingCompanyIds.includes(housingCompanyId)) {
    throw new AppError('IDN_HOUSING_COMPANY_NOT_FOUND');
  }
}

/** A condition keeping rows whose housing-company column is in the scope; undefined for all. */
export function housingCompaniesInScope(scope: Scope, column: PgColumn): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.housingCompanyIds.length === 0) return sql`false`;
  return inArray(column, scope.housingCompanyIds);
}

export interface ScopedApartment {
  apartmentId: string;
  apartmentNo: string;
  aptext: string;
  housingCompanyId: string;
  housingCompanyName: string;
  completionDate: string | null;
  addressCountry: string | null;
}

/** The apartment and its housing company; 404 unless the company is within the scope. */
export async function apartmentInScope(
  db: IdentityDb,
  scope: Scope,
  apartmentId: string,
): Promise<ScopedApartment> {
  const [row] = await db
    .select({
      apartmentId: apartments.id,
      apartmentNo: apartments.no,
      aptext: apartments.aptext,
      housingCompanyId: housingCompanies.id,
      housingCompanyName: housingCompanies.name,
      completionDate: housingCompanies.completionDate,
      addressCountry: housingCompanies.addressCountry,
    })
    .from(apartments)
    .innerJoin(housingCompanies, eq(housingCompanies.id, apartments.housingCompanyId))
    .where(and(eq(apartments.id, apartmentId), housingCompaniesInScope(scope, housingCompanies.id)))
    .limit(1);
  if (!row) throw new AppError('IDN_APARTMENT_NOT_FOUND');
  return row;
}

/** The housing company; 404 unless it exists and is within the scope. */
export async function housingCompanyInScope(
  db: IdentityDb,
  scope: Scope,
  housingCompanyId: string,
): Promise<{ id: string; name: string; completionDate: string | null; addressCountry: string | null }> {
  assertHousingCompanyInScope(scope, housingCompanyId);
  const [row] = await db
    .select({
      id: housingCompanies.id,
      name: housingCompanies.name,
      completionDate: housingCompanies.completionDate,
      addressCountry: housingCompanies.addressCountry,
    })
    .from(housingCompanies)
    .where(eq(housingCompanies.id, housingCompanyId))
    .limit(1);
  if (!row) throw new AppError('IDN_HOUSING_COMPANY_NOT_FOUND');
  return row;
}
