import {
  type Ban,
  type BanCreate,
  type HousingCompanyBan,
  localDay,
  nextDay,
  PORTAL_TIME_ZONE,
  startOfLocalDay,
  timeZoneOfCountry,
} from '@porta/contracts';
import { AppError, type Db } from '@porta/service-kit';
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as schema from '../db/schema.js';
import {
  apartmentRoles,
  apartments,
  bans,
  housingCompanies,
  housingCompanyRoles,
  users,
} from '../db/schema.js';
import type { Scope, UserAdminActor } from '../policies.js';
import { emitEvent, IDENTITY_EVENTS } from './events.js';
import { todayIso, validOn } from './membership.js';
import {
  assertUserInScope,
  DELETED_USER_SOURCE,
  housingCompaniesInScope,
  housingCompanyInScope,
  usersInScope,
} from './scope.js';

type IdentityDb = Db<typeof schema>;

/**
 * Bans (03 §4): a user banned from commenting in one housing company (project) or everywhere
 * (global), through the end of an expiry date. The days are the housing company's local days (in
 * the time zone of its country; a global ban's, the portal's): a ban in a Finnish company until
 * 2026-05-31 ends at the local midnight that begins 1 June, 2026-05-31T21:00:00Z (stored as expiresAt).
 */

/** The moment a ban through the end of expiryDate ends: the next day's local midnight. */
export function banExpiresAt(expiryDate: string, timeZone: string = PORTAL_TIME_ZONE): Date {
  return startOfLocalDay(nextDay(expiryDate), timeZone);
}

/** The last day of a ban ending at expiresAt, in the zone it was given in. */
export function banExpiryDate(expiresAt: Date, timeZone: string = PORTAL_TIME_ZONE): string {
  return localDay(new Date(expiresAt.getTime() - 1), timeZone);
}

const banColumns = {
  ban: bans,
  housingCompanyName: housingCompanies.name,
  housingCompanyCountry: housingCompanies.addressCountry,
};

function banQuery(db: IdentityDb, where: SQL | undefined) {
  return db
    .select(banColumns)
    .from(bans)
    .leftJoin(housingCompanies, eq(housingCompanies.id, bans.housingCompanyId))
    .where(where)
    .orderBy(desc(bans.expiresAt), desc(bans.createdAt));
}

function toBan(
  row: {
    ban: typeof bans.$inferSelect;
    housingCompanyName: string | null;
    housingCompanyCountry: string | null;
  },
  now: Date,
): Ban {
  const b = row.ban;
  return {
    id: b.id,
    userId: b.userId,
    housingCompanyId: b.housingCompanyId,
    housingCompanyName: row.housingCompanyName,
    expiryDate: banExpiryDate(b.expiresAt, timeZoneOfCountry(row.housingCompanyCountry)),
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

/**
 * The bans in force in a housing company's moderation view (GET /admin/housing-companies/:id/bans):
 * bans in the company, and global bans of its members (a role in the company or one of its
 * apartments, valid today), of the users the reader's scope reaches; the company out of the
 * reader's scope answers 404. The bans ending soonest come first.
 */
export async function housingCompanyBans(
  db: IdentityDb,
  scope: Scope,
  housingCompanyId: string,
  now = new Date(),
): Promise<HousingCompanyBan[]> {
  await housingCompanyInScope(db, scope, housingCompanyId);
  const today = todayIso(now);
  const members = or(
    inArray(
      bans.userId,
      db
        .select({ id: housingCompanyRoles.userId })
        .from(housingCompanyRoles)
        .where(
          and(
            eq(housingCompanyRoles.housingCompanyId, housingCompanyId),
            validOn(housingCompanyRoles, today),
          ),
        ),
    ),
    inArray(
      bans.userId,
      db
        .select({ id: apartmentRoles.userId })
        .from(apartmentRoles)
        .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
        .where(and(eq(apartments.housingCompanyId, housingCompanyId), validOn(apartmentRoles, today))),
    ),
  );
  const banner = alias(users, 'banner');
  const rows = await db
    .select({
      ...banColumns,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      bannerFirstName: banner.firstName,
      bannerLastName: banner.lastName,
      bannerSource: banner.source,
    })
    .from(bans)
    .innerJoin(users, eq(users.id, bans.userId))
    .leftJoin(housingCompanies, eq(housingCompanies.id, bans.housingCompanyId))
    .leftJoin(banner, eq(banner.id, bans.createdBy))
    .where(
      and(
        gt(bans.expiresAt, now),
        ne(users.source, DELETED_USER_SOURCE),
        usersInScope(scope),
        or(eq(bans.housingCompanyId, housingCompanyId), and(isNull(bans.housingCompanyId), members)),
      ),
    )
    .orderBy(asc(bans.expiresAt), asc(users.lastName), asc(users.firstName), asc(bans.id));
  return rows.map((r) => ({
    ...toBan(r, now),
    userFirstName: r.userFirstName,
    userLastName: r.userLastName,
    createdByName:
      r.bannerFirstName !== null && r.bannerSource !== DELETED_USER_SOURCE
        ? `${r.bannerFirstName} ${r.bannerLastName ?? ''}`.trim()
        : null,
  }));
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
  const hc = input.housingCompanyId
    ? await housingCompanyInScope(tx, actor.scope, input.housingCompanyId)
    : null;
  if (!hc && !actor.scope.all) {
    throw new AppError('FORBIDDEN', { detail: 'Only global user managers ban users everywhere.' });
  }
  const timeZone = timeZoneOfCountry(hc?.addressCountry);
  if (input.expiryDate < localDay(now, timeZone)) {
    throw new AppError('IDN_BAN_EXPIRY_IN_PAST', {
      errors: [{ path: 'body.expiryDate', message: 'The expiry date cannot be in the past.' }],
    });
  }
  const expiresAt = banExpiresAt(input.expiryDate, timeZone);
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
