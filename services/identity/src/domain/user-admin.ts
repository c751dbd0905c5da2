import {
  type AdminUser,
  type AdminUserCreate,
  type AdminUserUpdate,
  BOARD_ROLES,
  checkPassword,
  ERRORS,
  passwordRefusal,
  type Role,
  YIT_USER_GROUP,
} from '@porta/contracts';
import { AppError, type Db, type Principal } from '@porta/service-kit';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type * as schema from '../db/schema.js';
import {
  apartmentRoles,
  apartments,
  bans,
  dialogReads,
  housingCompanyPartners,
  housingCompanyRoles,
  loginFailures,
  partnerCompanies,
  partnerCompanyUsers,
  quickLinks,
  refreshTokens,
  scheduledRoleChanges,
  sessions,
  signatures,
  taskStatuses,
  users,
  userTokens,
} from '../db/schema.js';
import type { UserAdminActor } from '../policies.js';
import { emitEvent, IDENTITY_EVENTS } from './events.js';
import { markMembershipChanged } from './revocations.js';
import {
  addApartmentRole,
  addHousingCompanyRole,
  assertNotOwnGrant,
  emitMembershipChanged,
} from './roles.js';
import { assertUserInScope, DELETED_USER_SOURCE } from './scope.js';

type IdentityDb = Db<typeof schema>;
type UserRow = typeof users.$inferSelect;

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    locale: u.locale,
    externalId: u.externalId,
    publicProfile: u.publicProfile,
    roles: u.roles as Role[],
    registered: u.registered,
    enabled: u.enabled,
    source: u.source,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}

/** What other services keep of a user (identity.user.created/updated events). */
function userPayload(u: UserRow) {
  return {
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    locale: u.locale,
    externalId: u.externalId,
    publicProfile: u.publicProfile,
    roles: u.roles,
    enabled: u.enabled,
    registered: u.registered,
  };
}

/** The unique-index name of a Postgres unique violation anywhere in an error's cause chain. */
function uniqueViolation(error: unknown): string | null {
  for (
    let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
  ) {
    if (e.code === '23505') {
      if (typeof e.constraint === 'string') return e.constraint;
      const m = typeof e.message === 'string' ? /"([^"]+)"/.exec(e.message) : null;
      return m?.[1] ?? '';
    }
    e = e.cause as typeof e;
  }
  return null;
}

function conflictError(error: unknown): AppError | null {
  const constraint = uniqueViolation(error);
  if (constraint === null) return null;
  if (constraint.includes('external_id')) return new AppError('IDN_EXTERNAL_ID_IN_USE', { cause: error });
  if (constraint.includes('email')) return new AppError('IDN_EMAIL_IN_USE', { cause: error });
  return null;
}

async function assertUnique(db: IdentityDb, field: 'email' | 'externalId', value: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(field === 'email' ? users.email : users.externalId, value))
    .limit(1);
  if (row && row.id !== exceptId) {
    throw new AppError(field === 'email' ? 'IDN_EMAIL_IN_USE' : 'IDN_EXTERNAL_ID_IN_USE');
  }
}

export { DELETED_USER_SOURCE };

/** A user that exists and is not deleted; else 404 IDN_USER_NOT_FOUND. */
export async function getUserOr404(db: IdentityDb, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row || row.source === DELETED_USER_SOURCE) throw new AppError('IDN_USER_NOT_FOUND');
  return row;
}

/**
 * A user created by staff: no password yet, not registered, enabled, source 'admin'; with the
 * first apartment or housing-company role when given. Run it in a transaction: a refused role
 * leaves nothing stored. A project user manager must give a role (in one of their companies).
 */
export async function createUser(
  tx: IdentityDb,
  actor: UserAdminActor,
  input: AdminUserCreate,
  now = new Date(),
): Promise<UserRow> {
  if (!actor.scope.all && !input.apartmentRole && !input.housingCompanyRole) {
    throw new AppError('IDN_USER_ROLE_REQUIRED', {
      errors: [{ path: 'body.apartmentRole', message: 'A role in one of your housing companies is needed' }],
    });
  }
  await assertUnique(tx, 'email', input.email);
  if (input.externalId) await assertUnique(tx, 'externalId', input.externalId);
  let row: UserRow;
  try {
    [row] = (await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone || null,
        locale: input.locale ?? 'en_US',
        externalId: input.externalId ?? null,
        publicProfile: input.publicProfile ?? false,
        source: 'admin',
      })
      .returning()) as [UserRow];
  } catch (error) {
    throw conflictError(error) ?? error;
  }
  await emitEvent(tx, IDENTITY_EVENTS.userCreated, { ...userPayload(row), by: actor.userId });
  const options = { now, newUser: true };
  if (input.apartmentRole) await addApartmentRole(tx, actor, row.id, input.apartmentRole, options);
  if (input.housingCompanyRole) {
    await addHousingCompanyRole(tx, actor, row.id, input.housingCompanyRole, options);
  }
  return row;
}

/** Update a user within the actor's scope; the e-mail is not editable. */
export async function updateUser(
  tx: IdentityDb,
  actor: UserAdminActor,
  id: string,
  input: AdminUserUpdate,
): Promise<UserRow> {
  await assertUserInScope(tx, actor.scope, id);
  if (input.externalId) await assertUnique(tx, 'externalId', input.externalId, id);
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) set.firstName = input.firstName;
  if (input.lastName !== undefined) set.lastName = input.lastName;
  if (input.phone !== undefined) set.phone = input.phone || null;
  if (input.locale !== undefined) set.locale = input.locale;
  if (input.externalId !== undefined) set.externalId = input.externalId;
  if (input.publicProfile !== undefined) set.publicProfile = input.publicProfile;
  if (!Object.keys(set).length) return getUserOr404(tx, id);
  let row: UserRow;
  try {
    [row] = (await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()) as [UserRow];
  } catch (error) {
    throw conflictError(error) ?? error;
  }
  await emitEvent(tx, IDENTITY_EVENTS.userUpdated, {
    ...userPayload(row),
    changed: Object.keys(set),
    by: actor.userId,
  });
  return row;
}

/** Deactivate or activate a user within the actor's scope (the route ends the sessions). */
export async function setUserEnabled(
  tx: IdentityDb,
  actor: UserAdminActor,
  id: string,
  enabled: boolean,
  now = new Date(),
): Promise<UserRow> {
  await assertUserInScope(tx, actor.scope, id);
  const [row] = await tx
    .update(users)
    .set({ enabled, deactivatedAt: enabled ? null : now, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new AppError('IDN_USER_NOT_FOUND');
  await emitEvent(tx, enabled ? IDENTITY_EVENTS.userActivated : IDENTITY_EVENTS.userDeactivated, {
    userId: id,
    by: actor.userId,
  });
  return row;
}

/**
 * Replace a user's global roles (admin only). Nobody grants themself a role: an admin's own
 * roles may only lose entries here (403 IDN_OWN_ROLE_NOT_GRANTABLE).
 */
export async function setGlobalRoles(
  tx: IdentityDb,
  actor: UserAdminActor,
  id: string,
  roles: readonly Role[],
): Promise<UserRow> {
  if (id === actor.userId) {
    const held = new Set((await getUserOr404(tx, id)).roles);
    if (roles.some((role) => !held.has(role))) assertNotOwnGrant(actor, id);
  }
  const [row] = await tx
    .update(users)
    .set({ roles: [...roles], updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new AppError('IDN_USER_NOT_FOUND');
  await markMembershipChanged(tx, row.id);
  await emitEvent(tx, IDENTITY_EVENTS.userUpdated, {
    ...userPayload(row),
    changed: ['roles'],
    by: actor.userId,
  });
  return row;
}

// ---------------------------------------------------------------------------------------------
// Staff set a user's password; staff delete a user (03 §7)

/** Global roles whose accounts only callers holding the same role take over with a password. */
const PROTECTED_GLOBAL_ROLES: readonly Role[] = ['admin', ...YIT_USER_GROUP];

/**
 * Setting a password hands over the whole account, so the caller must reach all of it:
 * - a global role of admin or the developer's staff only for a caller holding that role (admin
 *   passes);
 * - a caller who manages the users of some housing companies only (not a global user manager):
 *   no global role, housing-company roles only of the board roles they grant, and every role in
 *   their own companies.
 * Otherwise 403 IDN_PASSWORD_NOT_SETTABLE.
 */
async function assertWholeAccountInReach(
  db: IdentityDb,
  principal: Principal,
  actor: UserAdminActor,
  user: UserRow,
): Promise<void> {
  const refuse = () => new AppError('IDN_PASSWORD_NOT_SETTABLE');
  const globalRoles = user.roles as Role[];
  if (globalRoles.some((role) => PROTECTED_GLOBAL_ROLES.includes(role) && !principal.hasRole(role))) {
    throw refuse();
  }
  if (actor.scope.all) return;
  if (globalRoles.length > 0) throw refuse();
  const companies = actor.scope.housingCompanyIds;
  const outside = (column: PgColumn) => (companies.length ? notInArray(column, companies) : sql`true`);
  const [companyRole] = await db
    .select({ one: sql<number>`1` })
    .from(housingCompanyRoles)
    .where(
      and(
        eq(housingCompanyRoles.userId, user.id),
        or(
          outside(housingCompanyRoles.housingCompanyId),
          notInArray(housingCompanyRoles.role, [...BOARD_ROLES]),
        ),
      ),
    )
    .limit(1);
  if (companyRole) throw refuse();
  const [apartmentRole] = await db
    .select({ one: sql<number>`1` })
    .from(apartmentRoles)
    .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
    .where(and(eq(apartmentRoles.userId, user.id), outside(apartments.housingCompanyId)))
    .limit(1);
  if (apartmentRole) throw refuse();
}

/**
 * The user whose password a user manager may set, after every check but the new password's:
 * not oneself (409 IDN_OWN_PASSWORD_IN_SETTINGS: My settings is the place, with the current
 * password), a user in the caller's scope (404), one who signs in with a password (not only with
 * their consumer account: 409 IDN_PASSWORD_SIGN_IN_NOT_USED), and whose whole account the caller
 * reaches (403). Then the rules of 03 §5 and ADR 0020, as the self-service change checks them
 * (400 IDN_PASSWORD_FORMAT or IDN_PASSWORD_TOO_COMMON at `body.newPassword`).
 */
export async function userForPasswordChange(
  db: IdentityDb,
  principal: Principal,
  actor: UserAdminActor,
  id: string,
  newPassword: string,
): Promise<UserRow> {
  if (id === actor.userId) throw new AppError('IDN_OWN_PASSWORD_IN_SETTINGS');
  await assertUserInScope(db, actor.scope, id);
  const user = await getUserOr404(db, id);
  if (user.b2cSubject && !user.passwordHash) throw new AppError('IDN_PASSWORD_SIGN_IN_NOT_USED');
  await assertWholeAccountInReach(db, principal, actor, user);
  const refusal = passwordRefusal(checkPassword(newPassword, [user.firstName, user.lastName, user.email]));
  if (refusal) {
    throw new AppError(refusal, { errors: [{ path: 'body.newPassword', message: ERRORS[refusal].message }] });
  }
  return user;
}

/**
 * Store the new password hash and end every session of the user (their refresh tokens no longer
 * work and their access tokens are refused at once: identity's revocations), as after a
 * self-service change. Run it in a transaction.
 */
export async function storePassword(tx: IdentityDb, userId: string, passwordHash: string, now = new Date()) {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'password-changed' })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Delete a user (03 §7 DELETE /user?id; ADR 0013 addendum). Refused for oneself (409
 * IDN_USER_DELETE_SELF), for an admin unless the caller is admin (403 IDN_ADMIN_NOT_DELETABLE) and
 * without `confirm` (409 IDN_USER_DELETE_CONFIRM_REQUIRED). Run it in a transaction.
 *
 * Identity removes the user's roles (each reported as identity.membership.changed 'removed'),
 * partner-company memberships, bans, signatures, quick links, read and task markers, links sent by
 * e-mail, failed sign-ins and key-contact and proposal references, takes the user out of pending
 * scheduled role changes, and ends every session (the rows stay revoked, without the address and
 * browser, until the session purge, so that tokens are refused at once). The user's row stays
 * with its id only: e-mail `deleted-<id>@deleted.invalid`, empty names, no password, consumer
 * login, phone or external id, disabled, source 'deleted'. Emits identity.user.deleted.v1.
 */
export async function deleteUser(
  tx: IdentityDb,
  principal: Principal,
  actor: UserAdminActor,
  id: string,
  options: { confirm: boolean; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  if (id === actor.userId) throw new AppError('IDN_USER_DELETE_SELF');
  await assertUserInScope(tx, actor.scope, id);
  const user = await getUserOr404(tx, id);
  if ((user.roles as Role[]).includes('admin') && !principal.isAdmin) {
    throw new AppError('IDN_ADMIN_NOT_DELETABLE');
  }
  if (!options.confirm) throw new AppError('IDN_USER_DELETE_CONFIRM_REQUIRED');

  const removedCompanyRoles = await tx
    .delete(housingCompanyRoles)
    .where(eq(housingCompanyRoles.userId, id))
    .returning();
  for (const row of removedCompanyRoles) {
    await emitMembershipChanged(tx, {
      userId: id,
      housingCompanyId: row.housingCompanyId,
      apartmentId: null,
      role: row.role as Role,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      change: 'removed',
      by: actor.userId,
    });
  }
  const removedApartmentRoles = await tx
    .delete(apartmentRoles)
    .where(eq(apartmentRoles.userId, id))
    .returning();
  const housingCompanyOf = new Map(
    removedApartmentRoles.length
      ? (
          await tx
            .select({ id: apartments.id, housingCompanyId: apartments.housingCompanyId })
            .from(apartments)
            .where(
              inArray(
                apartments.id,
                removedApartmentRoles.map((r) => r.apartmentId),
              ),
            )
        ).map((a) => [a.id, a.housingCompanyId])
      : [],
  );
  for (const row of removedApartmentRoles) {
    await emitMembershipChanged(tx, {
      userId: id,
      housingCompanyId: housingCompanyOf.get(row.apartmentId) ?? '',
      apartmentId: row.apartmentId,
      role: row.role as Role,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      change: 'removed',
      by: actor.userId,
    });
  }

  for (const table of [
    partnerCompanyUsers,
    bans,
    signatures,
    quickLinks,
    dialogReads,
    taskStatuses,
    userTokens,
  ]) {
    await tx.delete(table).where(eq(table.userId, id));
  }
  await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
  await tx
    .update(partnerCompanies)
    .set({ keyContactUserId: null })
    .where(eq(partnerCompanies.keyContactUserId, id));
  await tx
    .update(partnerCompanies)
    .set({ areaProposedBy: null })
    .where(eq(partnerCompanies.areaProposedBy, id));
  await tx
    .update(housingCompanyPartners)
    .set({ keyContactUserId: null })
    .where(eq(housingCompanyPartners.keyContactUserId, id));
  await tx
    .update(scheduledRoleChanges)
    .set({
      addUserIds: sql`array_remove(${scheduledRoleChanges.addUserIds}, ${id}::uuid)`,
      removeUserIds: sql`array_remove(${scheduledRoleChanges.removeUserIds}, ${id}::uuid)`,
      previousValidity: sql`${scheduledRoleChanges.previousValidity} - ${id}::text`,
    })
    .where(
      or(
        sql`${id}::uuid = any(${scheduledRoleChanges.addUserIds})`,
        sql`${id}::uuid = any(${scheduledRoleChanges.removeUserIds})`,
      ),
    );
  await tx
    .delete(scheduledRoleChanges)
    .where(
      and(
        sql`cardinality(${scheduledRoleChanges.addUserIds}) = 0`,
        sql`cardinality(${scheduledRoleChanges.removeUserIds}) = 0`,
      ),
    );

  const userSessions = tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id));
  await tx.delete(refreshTokens).where(inArray(refreshTokens.sessionId, userSessions));
  await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'user-deleted' })
    .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
  await tx.update(sessions).set({ userAgent: null, ip: null }).where(eq(sessions.userId, id));

  await tx
    .update(users)
    .set({
      email: `deleted-${id}@deleted.invalid`,
      firstName: '',
      lastName: '',
      phone: null,
      locale: 'en_US',
      externalId: null,
      b2cSubject: null,
      passwordHash: null,
      registered: false,
      enabled: false,
      publicProfile: false,
      male: null,
      source: DELETED_USER_SOURCE,
      roles: [],
      selectedHousingCompanyId: null,
      selectedApartmentId: null,
      lastLoginAt: null,
      registeredAt: null,
      deactivatedAt: user.deactivatedAt ?? now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
  await markMembershipChanged(tx, id);
  await emitEvent(tx, IDENTITY_EVENTS.userDeleted, {
    userId: id,
    by: actor.userId,
    deletedAt: now.toISOString(),
  });
}
