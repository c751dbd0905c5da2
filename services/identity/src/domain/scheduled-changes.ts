import type {
  ApartmentResident,
  ApartmentRole,
  ScheduledRoleChange,
  ScheduledRoleChangeCreate,
} from '@porta/contracts';
import { AppError, type Db, type FieldError } from '@porta/service-kit';
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { apartmentRoles, apartments, housingCompanies, scheduledRoleChanges, users } from '../db/schema.js';
import type { Scope, UserAdminActor } from '../policies.js';
import { todayIso } from './membership.js';
import { assertNotOwnGrant, assertOwnerChangeAllowed, emitMembershipChanged } from './roles.js';
import { apartmentInScope, housingCompaniesInScope, type ScopedApartment, usersInScope } from './scope.js';

type IdentityDb = Db<typeof schema>;
type ChangeRow = typeof scheduledRoleChanges.$inferSelect;

/**
 * Scheduled role and ownership changes (03 §4): from a start date (a chosen day, or today) some
 * users hold a role in an apartment and others no longer do. The change is applied at once as
 * role validity, so sign-in, /me and tokens need no job to switch over on the day:
 * - the removed users' role ends the day before (validUntil = startDate - 1 day);
 * - the added users get the role from the start date (validFrom = startDate).
 * While the start date is in the future the change can be removed; that reverts the validity it
 * set (the added roles are deleted, the removed users' roles are open-ended again).
 */

/** The ISO date `days` after (or before) an ISO date. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function toScheduledRoleChange(row: ChangeRow, apt: ScopedApartment, today: string): ScheduledRoleChange {
  return {
    id: row.id,
    apartmentId: row.apartmentId,
    apartmentNo: apt.apartmentNo,
    aptext: apt.aptext,
    housingCompanyId: apt.housingCompanyId,
    housingCompanyName: apt.housingCompanyName,
    role: row.role as ApartmentRole,
    startDate: row.startDate,
    addUserIds: row.addUserIds,
    removeUserIds: row.removeUserIds,
    pending: row.startDate > today,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function changeQuery(db: IdentityDb) {
  return db
    .select({
      change: scheduledRoleChanges,
      apt: {
        apartmentId: apartments.id,
        apartmentNo: apartments.no,
        aptext: apartments.aptext,
        housingCompanyId: housingCompanies.id,
        housingCompanyName: housingCompanies.name,
        completionDate: housingCompanies.completionDate,
        addressCountry: housingCompanies.addressCountry,
      },
    })
    .from(scheduledRoleChanges)
    .innerJoin(apartments, eq(apartments.id, scheduledRoleChanges.apartmentId))
    .innerJoin(housingCompanies, eq(housingCompanies.id, apartments.housingCompanyId));
}

/** The scheduled changes of an apartment, newest start first (pending and past). */
export async function listScheduledChanges(
  db: IdentityDb,
  scope: Scope,
  apartmentId: string,
  now = new Date(),
): Promise<ScheduledRoleChange[]> {
  await apartmentInScope(db, scope, apartmentId);
  const today = todayIso(now);
  const rows = await changeQuery(db)
    .where(eq(scheduledRoleChanges.apartmentId, apartmentId))
    .orderBy(desc(scheduledRoleChanges.startDate), desc(scheduledRoleChanges.createdAt));
  return rows.map((r) => toScheduledRoleChange(r.change, r.apt, today));
}

/**
 * The users with a role in the apartment, each role with its validity and standing today: current
 * first, then future, then ended; by last and first name within each.
 */
export async function listApartmentResidents(
  db: IdentityDb,
  scope: Scope,
  apartmentId: string,
  now = new Date(),
): Promise<ApartmentResident[]> {
  await apartmentInScope(db, scope, apartmentId);
  const today = todayIso(now);
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: apartmentRoles.role,
      validFrom: apartmentRoles.validFrom,
      validUntil: apartmentRoles.validUntil,
    })
    .from(apartmentRoles)
    .innerJoin(users, eq(users.id, apartmentRoles.userId))
    .where(eq(apartmentRoles.apartmentId, apartmentId));
  const standing = (r: { validFrom: string | null; validUntil: string | null }) =>
    r.validUntil && r.validUntil < today
      ? 'ended'
      : r.validFrom && r.validFrom > today
        ? 'future'
        : 'current';
  const order = { current: 0, future: 1, ended: 2 } as const;
  return rows
    .map((r) => ({ ...r, role: r.role as ApartmentRole, standing: standing(r) }) satisfies ApartmentResident)
    .sort(
      (a, b) =>
        order[a.standing] - order[b.standing] ||
        a.lastName.localeCompare(b.lastName) ||
        a.firstName.localeCompare(b.firstName),
    );
}

/** Pending changes (start date in the future) that add or remove the user, within the scope. */
export async function pendingChangesOfUser(
  db: IdentityDb,
  scope: Scope,
  userId: string,
  now = new Date(),
): Promise<ScheduledRoleChange[]> {
  const today = todayIso(now);
  const rows = await changeQuery(db)
    .where(
      and(
        gt(scheduledRoleChanges.startDate, today),
        or(
          sql`${userId}::uuid = any(${scheduledRoleChanges.addUserIds})`,
          sql`${userId}::uuid = any(${scheduledRoleChanges.removeUserIds})`,
        ),
        housingCompaniesInScope(scope, housingCompanies.id),
      ),
    )
    .orderBy(scheduledRoleChanges.startDate, scheduledRoleChanges.createdAt);
  return rows.map((r) => toScheduledRoleChange(r.change, r.apt, today));
}

/** Record a scheduled change and apply it as role validity at once. */
export async function createScheduledChange(
  tx: IdentityDb,
  actor: UserAdminActor,
  apartmentId: string,
  input: ScheduledRoleChangeCreate,
  now = new Date(),
): Promise<ScheduledRoleChange> {
  const today = todayIso(now);
  // A scheduled change that adds the actor would grant them the role.
  if (input.addUserIds.includes(actor.userId)) assertNotOwnGrant(actor, actor.userId);
  const apt = await apartmentInScope(tx, actor.scope, apartmentId);
  const startDate = input.startDate ?? today;
  if (startDate < today) {
    throw new AppError('IDN_SCHEDULED_CHANGE_IN_PAST', {
      errors: [{ path: 'body.startDate', message: 'The start date cannot be in the past.' }],
    });
  }
  assertOwnerChangeAllowed(input.role, apt, now);
  const lastDay = addDays(startDate, -1);

  // Added users must be users the actor manages (removed ones hold the role in this apartment).
  if (input.addUserIds.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, input.addUserIds), usersInScope(actor.scope)));
    const known = new Set(found.map((u) => u.id));
    const missing = input.addUserIds.find((id) => !known.has(id));
    if (missing) throw new AppError('IDN_USER_NOT_FOUND', { detail: `User ${missing} not found.` });
  }

  const everyone = [...input.addUserIds, ...input.removeUserIds];
  const existing = new Map(
    (
      await tx
        .select()
        .from(apartmentRoles)
        .where(
          and(
            eq(apartmentRoles.apartmentId, apartmentId),
            eq(apartmentRoles.role, input.role),
            inArray(apartmentRoles.userId, everyone),
          ),
        )
    ).map((r) => [r.userId, r]),
  );

  const errors: FieldError[] = [];
  input.removeUserIds.forEach((userId, i) => {
    const row = existing.get(userId);
    const path = `body.removeUserIds.${i}`;
    if (!row) errors.push({ path, message: 'The user does not have this role in the apartment' });
    else if (row.validUntil !== null && row.validUntil < lastDay) {
      errors.push({ path, message: 'The role ends before the start date' });
    } else if (row.validFrom !== null && row.validFrom > lastDay) {
      errors.push({ path, message: 'The role begins only after the start date' });
    }
  });
  input.addUserIds.forEach((userId, i) => {
    const row = existing.get(userId);
    if (row && (row.validUntil === null || row.validUntil >= startDate)) {
      errors.push({
        path: `body.addUserIds.${i}`,
        message: 'The user already has this role in the apartment',
      });
    }
  });
  if (errors.length) throw new AppError('VALIDATION_FAILED', { errors });

  const [change] = (await tx
    .insert(scheduledRoleChanges)
    .values({
      apartmentId,
      role: input.role,
      startDate,
      addUserIds: input.addUserIds,
      removeUserIds: input.removeUserIds,
      previousValidity: Object.fromEntries(
        [...existing].map(([userId, row]) => [
          userId,
          { validFrom: row.validFrom, validUntil: row.validUntil },
        ]),
      ),
      createdBy: actor.userId,
    })
    .returning()) as [ChangeRow];

  const common = {
    housingCompanyId: apt.housingCompanyId,
    apartmentId,
    role: input.role,
    by: actor.userId,
    scheduledChangeId: change.id,
  };
  for (const userId of input.removeUserIds) {
    const row = existing.get(userId)!;
    await tx
      .update(apartmentRoles)
      .set({ validUntil: lastDay })
      .where(
        and(
          eq(apartmentRoles.userId, userId),
          eq(apartmentRoles.apartmentId, apartmentId),
          eq(apartmentRoles.role, input.role),
        ),
      );
    await emitMembershipChanged(tx, {
      ...common,
      userId,
      validFrom: row.validFrom,
      validUntil: lastDay,
      change: 'updated',
    });
  }
  for (const userId of input.addUserIds) {
    const validity = { validFrom: startDate, validUntil: null };
    await tx
      .insert(apartmentRoles)
      .values({ userId, apartmentId, role: input.role, ...validity })
      .onConflictDoUpdate({
        target: [apartmentRoles.userId, apartmentRoles.apartmentId, apartmentRoles.role],
        set: validity,
      });
    await emitMembershipChanged(tx, { ...common, userId, ...validity, change: 'added' });
  }
  return toScheduledRoleChange(change, apt, today);
}

/**
 * Remove a scheduled change whose start date is still in the future, reverting what it applied:
 * the roles it added from its start date are deleted (or, where the user held the role before,
 * given back their earlier validity), and the roles it ended the day before its start date get
 * back the end date they had.
 */
export async function deleteScheduledChange(
  tx: IdentityDb,
  actor: UserAdminActor,
  id: string,
  now = new Date(),
): Promise<void> {
  const today = todayIso(now);
  const [found] = await changeQuery(tx)
    .where(and(eq(scheduledRoleChanges.id, id), housingCompaniesInScope(actor.scope, housingCompanies.id)))
    .limit(1);
  if (!found) throw new AppError('IDN_SCHEDULED_CHANGE_NOT_FOUND');
  const { change, apt } = found;
  if (change.startDate <= today) throw new AppError('IDN_SCHEDULED_CHANGE_STARTED');
  assertOwnerChangeAllowed(change.role, apt, now);
  const lastDay = addDays(change.startDate, -1);
  const common = {
    housingCompanyId: apt.housingCompanyId,
    apartmentId: change.apartmentId,
    role: change.role as ApartmentRole,
    by: actor.userId,
    scheduledChangeId: change.id,
  };
  const roleOf = (userId: string) =>
    and(
      eq(apartmentRoles.userId, userId),
      eq(apartmentRoles.apartmentId, change.apartmentId),
      eq(apartmentRoles.role, change.role),
    );
  const previous = change.previousValidity;
  for (const userId of change.addUserIds) {
    const before = previous[userId];
    if (before) {
      // The user held the role earlier (it had ended): give that back instead of deleting it.
      const restored = await tx
        .update(apartmentRoles)
        .set(before)
        .where(and(roleOf(userId), eq(apartmentRoles.validFrom, change.startDate)))
        .returning();
      for (const row of restored) {
        await emitMembershipChanged(tx, {
          ...common,
          userId,
          validFrom: row.validFrom,
          validUntil: row.validUntil,
          change: 'updated',
        });
      }
      continue;
    }
    const removed = await tx
      .delete(apartmentRoles)
      .where(and(roleOf(userId), eq(apartmentRoles.validFrom, change.startDate)))
      .returning();
    for (const row of removed) {
      await emitMembershipChanged(tx, {
        ...common,
        userId,
        validFrom: row.validFrom,
        validUntil: row.validUntil,
        change: 'removed',
      });
    }
  }
  for (const userId of change.removeUserIds) {
    const reopened = await tx
      .update(apartmentRoles)
      .set({ validUntil: previous[userId]?.validUntil ?? null })
      .where(and(roleOf(userId), eq(apartmentRoles.validUntil, lastDay)))
      .returning();
    for (const row of reopened) {
      await emitMembershipChanged(tx, {
        ...common,
        userId,
        validFrom: row.validFrom,
        validUntil: row.validUntil,
        change: 'updated',
      });
    }
  }
  await tx.delete(scheduledRoleChanges).where(eq(scheduledRoleChanges.id, id));
}
