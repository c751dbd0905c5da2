import { AppError, type Db } from '@porta/service-kit';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { apartmentRoles, apartments, housingCompanyRoles, users } from '../db/schema.js';
import type { Scope } from '../policies.js';

type IdentityDb = Db<typeof schema>;

/**
 * A condition on `users.id` that keeps only the users of the scope's housing companies (a role in
 * the company or one of its apartments, whatever its validity: staff also manage future and past
 * roles). Undefined for an unlimited scope.
 */
export function usersInScope(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.housingCompanyIds.length === 0) return sql`false`;
  const ids = scope.housingCompanyIds;
  return or(
    inArray(
      users.id,
      sql`(select ${apartmentRoles.userId} from ${apartmentRoles} join ${apartments} on ${apartments.id} = ${apartmentRoles.apartmentId} where ${inArray(apartments.housingCompanyId, ids)})`,
    ),
    inArray(
      users.id,
      sql`(select ${housingCompanyRoles.userId} from ${housingCompanyRoles} where ${inArray(housingCompanyRoles.housingCompanyId, ids)})`,
    ),
  );
}

/** 404 (User not found.) unless the user exists and is within the scope. */
export async function assertUserInScope(db: IdentityDb, scope: Scope, userId: string): Promise<void> {
  const condition = usersInScope(scope);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(condition ? and(eq(users.id, userId), condition) : eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('IDN_USER_NOT_FOUND');
}

/** 404 (Housing company could not be retrieved) unless the company is within the scope. */
export function assertHousingCompanyInScope(scope: Scope, housingCompanyId: string): void {
  if (!scope.all && !scope.housingCompanyIds.includes(housingCompanyId)) {
    throw new AppError('IDN_HOUSING_COMPANY_NOT_FOUND');
  }
}
