import type { Ban, BanCreate } from '@porta/contracts';
import { AppError, type Db } from '@porta/service-kit';
import { and, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { bans, housingCompanies } from '../db/schema.js';
import type { Scope, UserAdminActor } from '../policies.js';
import { emitEvent, IDENTITY_EVENTS } from './events.js';
import { todayIso } from './membership.js';
import { assertUserInScope, housingCompaniesInScope, housingCompanyInScope } from './scope.js';

type IdentityDb = Db<typeof schema>;

/**
 * Bans (03 §4): a user banned from commenting in one housing company (project) or everywhere
 * (global), through the end of an expiry date. Days are UTC days, as for role validity: a ban
 * until 2026-05-31 ends at 2026-06-01T00:00:00Z (stored as expiresAt).
 */

const DAY_MS = 86_400_000;

/** The moment a ban through the end of expiryDate ends: the next day, 00:00 UTC. */
export function banExpiresAt(expiryDate: string): Date {
  return new Date(Date.parse(`${expiryDate}T00:00:00Z`) + DAY_MS);
}

/** The last day of a ban ending at expiresAt. */
export function banExpiryDate(expiresAt: Date): string {
  return new Date(expiresAt.getTime() - 1).toISOString().slice(0, 10);
}

const banColumns = {
  ban: bans,
  housingCompanyName: housingCompanies.name,
};

function banQuery(db: IdentityDb, where: SQL | undefined) {
  return db
    .select(banColumns)
    .from(bans)
    .leftJoin(housingCompanies, eq(housingCompanies.id, bans.housingCompanyId))
    .where(where)
    .orderBy(desc(bans.expiresAt), desc(bans.createdAt));
}

function toBan(row: { ban: typeof bans.$inferSelect; housingCompanyName: string | null }, now: Date): Ban {
  const b = row.ban;
  return {
    id: b.id,
    userId: b.userId,
    housingCompanyId: b.housingCompanyId,
    housingCompanyName: row.housingCompanyName,
    expiryDate: banExpiryDate(b.expiresAt),
    expiresAt: b.expiresAt.toISOString(),
    reason: b.reason,
    active: b.expiresAt.getTime() > now.getTime(),
    createdBy: b.createdBy,
    createdAt: b.createdAt.toISOString(),
  };
}

/** Global bans, and bans in the scope's housing companies. */
function bansInScope(scope: Scope): SQL | undefined {
  const inScope = housingCompaniesInScope(scope, bans.housingCompanyId);
  return inScope ? or(isNull(bans.housingCompanyId), inScope) : undefined;
}

/** The bans of a user (also expired ones) that the reader's scope reaches. */
export async function listBans(db: IdentityDb, scope: Scope, userId: string, now = new Date()) {
  await assertUserInScope(db, scope, userId);
  const rows = await banQuery(db, and(eq(bans.userId, userId), bansInScope(scope)));
  return rows.map((r) => toBan(r, now));
}

/** The bans of a user in force now (GET /bans/me). */
export async function activeBans(db: IdentityDb, userId: string, now = new Date()): Promise<Ban[]> {
  const rows = await banQuery(db, and(eq(bans.userId, userId), gt(bans.expiresAt, now)));
  return rows.map((r) => toBan(r, now));
}

/**
 * Ban a user in a housing company (or globally) through the end of the expiry date. A ban in
 * force for the same user and housing company is replaced (its end and reason change).
 */
export async function banUser(
  tx: IdentityDb,
  actor: UserAdminActor,
  userId: string,
  input: BanCreate,
  now = new Date(),
): Promise<Ban> {
  await assertUserInScope(tx, actor.scope, userId);
  if (input.housingCompanyId) await housingCompanyInScope(tx, actor.scope, input.housingCompanyId);
  else if (!actor.scope.all) {
    throw new AppError('FORBIDDEN', { detail: 'Only global user managers ban users everywhere.' });
  }
  if (input.expiryDate < todayIso(now)) {
    throw new AppError('IDN_BAN_EXPIRY_IN_PAST', {
      errors: [{ path: 'body.expiryDate', message: 'The expiry date cannot be in the past.' }],
    });
  }
  const expiresAt = banExpiresAt(input.expiryDate);
  const values = { expiresAt, reason: input.reason || null, createdBy: actor.userId };
  const sameScope = input.housingCompanyId
    ? eq(bans.housingCompanyId, input.housingCompanyId)
    : isNull(bans.housingCompanyId);
  const [current] = await tx
    .select({ id: bans.id })
    .from(bans)
    .where(and(eq(bans.userId, userId), sameScope, gt(bans.expiresAt, now)))
    .limit(1);
  const [row] = current
    ? await tx.update(bans).set(values).where(eq(bans.id, current.id)).returning()
    : await tx
        .insert(bans)
        .values({ userId, housingCompanyId: input.housingCompanyId, ...values })
        .returning();
  await emitEvent(tx, IDENTITY_EVENTS.userBanned, {
    banId: row!.id,
    userId,
    housingCompanyId: input.housingCompanyId,
    expiresAt: expiresAt.toISOString(),
    reason: values.reason,
    by: actor.userId,
  });
  const [ban] = await banQuery(tx, eq(bans.id, row!.id));
  return toBan(ban!, now);
}

/** Lift a ban (it is deleted). */
export async function unbanUser(
  tx: IdentityDb,
  actor: UserAdminActor,
  userId: string,
  banId: string,
): Promise<void> {
  await assertUserInScope(tx, actor.scope, userId);
  const [row] = await tx
    .delete(bans)
    // A scoped actor lifts only bans of their housing companies, not global ones.
    .where(
      and(
        eq(bans.id, banId),
        eq(bans.userId, userId),
        housingCompaniesInScope(actor.scope, bans.housingCompanyId),
      ),
    )
    .returning();
  if (!row) throw new AppError('IDN_BAN_NOT_FOUND');
  await emitEvent(tx, IDENTITY_EVENTS.userUnbanned, {
    banId,
    userId,
    housingCompanyId: row.housingCompanyId,
    by: actor.userId,
  });
}
