import {
  type AdminApartmentRole,
  type AdminApartmentRoleCreate,
  type AdminHousingCompanyRole,
  type AdminHousingCompanyRoleCreate,
  type AdminUserRoles,
  type ApartmentRole,
  BOARD_ROLES,
  type HousingCompanyRole,
  NON_REMOVABLE_ROLES,
  type Role,
} from '@porta/contracts';
import { AppError, type Db } from '@porta/service-kit';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { apartmentRoles, apartments, housingCompanies, housingCompanyRoles, users } from '../db/schema.js';
import type { Scope, UserAdminActor } from '../policies.js';
import { emitEvent, IDENTITY_EVENTS } from './events.js';
import { housingCompanyState } from './membership.js';
import { markMembershipChanged } from './revocations.js';
import { pendingChangesOfUser } from './scheduled-changes.js';
import {
  apartmentInScope,
  assertUserInScope,
  housingCompaniesInScope,
  housingCompanyInScope,
} from './scope.js';

type IdentityDb = Db<typeof schema>;

/** What kind of membership change an identity.membership.changed event reports. */
export type MembershipChange = 'added' | 'updated' | 'removed';

export interface MembershipChangedPayload {
  userId: string;
  housingCompanyId: string;
  /** Null for a role in the housing company itself. */
  apartmentId: string | null;
  role: Role;
  validFrom: string | null;
  validUntil: string | null;
  change: MembershipChange;
  /** The user who made the change. */
  by: string | null;
  /** Set when the change belongs to a scheduled role change. */
  scheduledChangeId?: string;
}

/** Report a change of a user's roles: the event for other services, and their earlier tokens go stale. */
export async function emitMembershipChanged(tx: IdentityDb, payload: MembershipChangedPayload) {
  await markMembershipChanged(tx, payload.userId);
  return emitEvent(tx, IDENTITY_EVENTS.membershipChanged, { ...payload });
}

export interface RoleChangeOptions {
  now?: Date;
  /** The user was created in the same transaction by this actor (no scope check needed). */
  newUser?: boolean;
  /** `?confirm=true`: needed to remove one's own role. */
  confirm?: boolean;
}

/** Owners cannot be added or removed while the housing company is in construction (03 §4). */
export function assertOwnerChangeAllowed(
  role: string,
  hc: { completionDate: string | null; addressCountry: string | null },
  now = new Date(),
) {
  if (role === 'owner' && housingCompanyState(hc, now) === 'construction') {
    throw new AppError('IDN_OWNERS_LOCKED_IN_CONSTRUCTION');
  }
}

/** Project user managers grant and remove only the board roles; global ones every role. */
function assertMayManageHousingCompanyRole(actor: UserAdminActor, role: HousingCompanyRole) {
  if (!actor.grantsAllRoles && !(BOARD_ROLES as readonly string[]).includes(role)) {
    throw new AppError('IDN_ROLE_NOT_PERMITTED', {
      detail: `Only global user managers manage the role ${role}.`,
    });
  }
}

/**
 * Nobody grants themself a role (issue 16): adding one of one's own roles, or changing its
 * validity, answers 403 IDN_OWN_ROLE_NOT_GRANTABLE, whatever the actor may grant to others. Another
 * user manager grants it. Removing one's own role stays possible (with confirm).
 */
export function assertNotOwnGrant(actor: Pick<UserAdminActor, 'userId'>, userId: string) {
  if (userId === actor.userId) throw new AppError('IDN_OWN_ROLE_NOT_GRANTABLE');
}

/** Removing one's own role is permanent and needs `?confirm=true` (03 §4). */
function assertConfirmedIfOwn(actor: UserAdminActor, userId: string, confirm: boolean | undefined) {
  if (userId === actor.userId && !confirm) throw new AppError('IDN_OWN_ROLE_CONFIRM_REQUIRED');
}

// ---------------------------------------------------------------------------------------------
// Apartment roles

const apartmentRoleColumns = {
  userId: apartmentRoles.userId,
  apartmentId: apartmentRoles.apartmentId,
  role: apartmentRoles.role,
  validFrom: apartmentRoles.validFrom,
  validUntil: apartmentRoles.validUntil,
  apartmentNo: apartments.no,
  aptext: apartments.aptext,
  housingCompanyId: housingCompanies.id,
  housingCompanyName: housingCompanies.name,
  completionDate: housingCompanies.completionDate,
  addressCountry: housingCompanies.addressCountry,
};

type ApartmentRoleRow = {
  apartmentId: string;
  role: string;
  validFrom: string | null;
  validUntil: string | null;
  apartmentNo: string;
  aptext: string;
  housingCompanyId: string;
  housingCompanyName: string;
  completionDate: string | null;
  addressCountry: string | null;
};

function toAdminApartmentRole(r: ApartmentRoleRow, now: Date): AdminApartmentRole {
  return {
    apartmentId: r.apartmentId,
    apartmentNo: r.apartmentNo,
    aptext: r.aptext,
    housingCompanyId: r.housingCompanyId,
    housingCompanyName: r.housingCompanyName,
    housingCompanyState: housingCompanyState(r, now),
    role: r.role as ApartmentRole,
    validFrom: r.validFrom,
    validUntil: r.validUntil,
  };
}

function apartmentRoleQuery(db: IdentityDb, where: SQL | undefined) {
  return db
    .select(apartmentRoleColumns)
    .from(apartmentRoles)
    .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
    .innerJoin(housingCompanies, eq(housingCompanies.id, apartments.housingCompanyId))
    .where(where)
    .orderBy(asc(housingCompanies.name), asc(apartments.no), asc(apartmentRoles.role));
}

function apartmentRoleKey(userId: string, apartmentId: string, role: string) {
  return and(
    eq(apartmentRoles.userId, userId),
    eq(apartmentRoles.apartmentId, apartmentId),
    eq(apartmentRoles.role, role),
  );
}

/** The apartment roles of a user (past, current, future) in the scope's housing companies. */
export async function listApartmentRoles(
  db: IdentityDb,
  scope: Scope,
  userId: string,
  now = new Date(),
): Promise<AdminApartmentRole[]> {
  await assertUserInScope(db, scope, userId);
  const rows = await apartmentRoleQuery(
    db,
    and(eq(apartmentRoles.userId, userId), housingCompaniesInScope(scope, housingCompanies.id)),
  );
  return rows.map((r) => toAdminApartmentRole(r, now));
}

/** Add an apartment role, or replace the validity of one the user has. */
export async function addApartmentRole(
  tx: IdentityDb,
  actor: UserAdminActor,
  userId: string,
  input: AdminApartmentRoleCreate,
  options: RoleChangeOptions = {},
): Promise<AdminApartmentRole> {
  const now = options.now ?? new Date();
  assertNotOwnGrant(actor, userId);
  if (!options.newUser) await assertUserInScope(tx, actor.scope, userId);
  const apt = await apartmentInScope(tx, actor.scope, input.apartmentId);
  assertOwnerChangeAllowed(input.role, apt, now);
  const key = apartmentRoleKey(userId, input.apartmentId, input.role);
  const [existing] = await tx.select({ role: apartmentRoles.role }).from(apartmentRoles).where(key).limit(1);
  const validity = { validFrom: input.validFrom ?? null, validUntil: input.validUntil ?? null };
  await tx
    .insert(apartmentRoles)
    .values({ userId, apartmentId: input.apartmentId, role: input.role, ...validity })
    .onConflictDoUpdate({
      target: [apartmentRoles.userId, apartmentRoles.apartmentId, apartmentRoles.role],
      set: validity,
    });
  await emitMembershipChanged(tx, {
    userId,
    housingCompanyId: apt.housingCompanyId,
    apartmentId: input.apartmentId,
    role: input.role,
    ...validity,
    change: existing ? 'updated' : 'added',
    by: actor.userId,
  });
  return toAdminApartmentRole({ ...apt, role: input.role, ...validity }, now);
}

/** Remove an apartment role for good (one's own only with confirm). */
export async function removeApartmentRole(
  tx: IdentityDb,
  actor: UserAdminActor,
  userId: string,
  apartmentId: string,
  role: ApartmentRole,
  options: RoleChangeOptions = {},
): Promise<void> {
  await assertUserInScope(tx, actor.scope, userId);
  const key = apartmentRoleKey(userId, apartmentId, role);
  const [row] = await apartmentRoleQuery(
    tx,
    and(key, housingCompaniesInScope(actor.scope, housingCompanies.id)),
  ).limit(1);
  if (!row) throw new AppError('IDN_APARTMENT_ROLE_NOT_FOUND');
  assertOwnerChangeAllowed(role, row, options.now);
  assertConfirmedIfOwn(actor, userId, options.confirm);
  await tx.delete(apartmentRoles).where(key);
  await emitMembershipChanged(tx, {
    userId,
    housingCompanyId: row.housingCompanyId,
    apartmentId,
    role,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    change: 'removed',
    by: actor.userId,
  });
}

// ---------------------------------------------------------------------------------------------
// Housing-company roles

function housingCompanyRoleKey(userId: string, housingCompanyId: string, role: string) {
  return and(
    eq(housingCompanyRoles.userId, userId),
    eq(housingCompanyRoles.housingCompanyId, housingCompanyId),
    eq(housingCompanyRoles.role, role),
  );
}

function housingCompanyRoleQuery(db: IdentityDb, where: SQL | undefined) {
  return db
    .select({
      housingCompanyId: housingCompanyRoles.housingCompanyId,
      housingCompanyName: housingCompanies.name,
      completionDate: housingCompanies.completionDate,
      addressCountry: housingCompanies.addressCountry,
      role: housingCompanyRoles.role,
      validFrom: housingCompanyRoles.validFrom,
      validUntil: housingCompanyRoles.validUntil,
    })
    .from(housingCompanyRoles)
    .innerJoin(housingCompanies, eq(housingCompanies.id, housingCompanyRoles.housingCompanyId))
    .where(where)
    .orderBy(asc(housingCompanies.name), asc(housingCompanyRoles.role));
}

function toAdminHousingCompanyRole(
  r: {
    housingCompanyId: string;
    housingCompanyName: string;
    completionDate: string | null;
    addressCountry: string | null;
    role: string;
    validFrom: string | null;
    validUntil: string | null;
  },
  now: Date,
): AdminHousingCompanyRole {
  return {
    housingCompanyId: r.housingCompanyId,
    housingCompanyName: r.housingCompanyName,
    housingCompanyState: housingCompanyState(r, now),
    role: r.role as HousingCompanyRole,
    validFrom: r.validFrom,
    validUntil: r.validUntil,
  };
}

/** Add a housing-company role, or replace the validity of one the user has. */
export async function addHousingCompanyRole(
  tx: IdentityDb,
  actor: UserAdminActor,
  userId: string,
  input: AdminHousingCompanyRoleCreate,
  options: RoleChangeOptions = {},
): Promise<AdminHousingCompanyRole> {
  assertNotOwnGrant(actor, userId);
  if (!options.newUser) await assertUserInScope(tx, actor.scope, userId);
  const hc = await housingCompanyInScope(tx, actor.scope, input.housingCompanyId);
  assertMayManageHousingCompanyRole(actor, input.role);
  const key = housingCompanyRoleKey(userId, input.housingCompanyId, input.role);
  const [existing] = await tx
    .select({ role: housingCompanyRoles.role })
    .from(housingCompanyRoles)
    .where(key)
    .limit(1);
  const validity = { validFrom: input.validFrom ?? null, validUntil: input.validUntil ?? null };
  await tx
    .insert(housingCompanyRoles)
    .values({ userId, housingCompanyId: input.housingCompanyId, role: input.role, ...validity })
    .onConflictDoUpdate({
      target: [housingCompanyRoles.userId, housingCompanyRoles.housingCompanyId, housingCompanyRoles.role],
      set: validity,
    });
  await emitMembershipChanged(tx, {
    userId,
    housingCompanyId: input.housingCompanyId,
    apartmentId: null,
    role: input.role,
    ...validity,
    change: existing ? 'updated' : 'added',
    by: actor.userId,
  });
  return toAdminHousingCompanyRole(
    {
      housingCompanyId: hc.id,
      housingCompanyName: hc.name,
      completionDate: hc.completionDate,
      addressCountry: hc.addressCountry,
      role: input.role,
      ...validity,
    },
    options.now ?? new Date(),
  );
}

/** Remove a housing-company role for good; siteAdministrator is not removable here. */
export async function removeHousingCompanyRole(
  tx: IdentityDb,
  actor: UserAdminActor,
  userId: string,
  housingCompanyId: string,
  role: HousingCompanyRole,
  options: RoleChangeOptions = {},
): Promise<void> {
  if (NON_REMOVABLE_ROLES.includes(role)) throw new AppError('IDN_ROLE_NOT_REMOVABLE');
  await assertUserInScope(tx, actor.scope, userId);
  await housingCompanyInScope(tx, actor.scope, housingCompanyId);
  const key = housingCompanyRoleKey(userId, housingCompanyId, role);
  const [row] = await tx.select().from(housingCompanyRoles).where(key).limit(1);
  if (!row) throw new AppError('IDN_APARTMENT_ROLE_NOT_FOUND');
  assertMayManageHousingCompanyRole(actor, role);
  assertConfirmedIfOwn(actor, userId, options.confirm);
  await tx.delete(housingCompanyRoles).where(key);
  await emitMembershipChanged(tx, {
    userId,
    housingCompanyId,
    apartmentId: null,
    role,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    change: 'removed',
    by: actor.userId,
  });
}

// ---------------------------------------------------------------------------------------------
// All roles of a user

/**
 * Global, housing-company and apartment roles of a user (past, current and future, with
 * validity) and the pending scheduled changes that add or remove them. A scoped reader sees only
 * the roles and changes in the housing companies of their scope.
 */
export async function listUserRoles(
  db: IdentityDb,
  scope: Scope,
  userId: string,
  now = new Date(),
): Promise<AdminUserRoles> {
  await assertUserInScope(db, scope, userId);
  const inScope = housingCompaniesInScope(scope, housingCompanies.id);
  const [[user], hcRows, aptRows, scheduledChanges] = await Promise.all([
    db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)).limit(1),
    housingCompanyRoleQuery(db, and(eq(housingCompanyRoles.userId, userId), inScope)),
    apartmentRoleQuery(db, and(eq(apartmentRoles.userId, userId), inScope)),
    pendingChangesOfUser(db, scope, userId, now),
  ]);
  return {
    global: (user?.roles ?? []) as Role[],
    housingCompanies: hcRows.map((r) => toAdminHousingCompanyRole(r, now)),
    apartments: aptRows.map((r) => toAdminApartmentRole(r, now)),
    scheduledChanges,
  };
}
