import type { AdminUser, AdminUserCreate, AdminUserUpdate, Role } from '@porta/contracts';
import { AppError, type Db } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { users } from '../db/schema.js';
import type { UserAdminActor } from '../policies.js';
import { emitEvent, IDENTITY_EVENTS } from './events.js';
import { markMembershipChanged } from './revocations.js';
import { addApartmentRole, addHousingCompanyRole, assertNotOwnGrant } from './roles.js';
import { assertUserInScope } from './scope.js';

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

export async function getUserOr404(db: IdentityDb, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('IDN_USER_NOT_FOUND');
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
