import {
  type HousingCompanyRegistration,
  REGISTRATION_REMINDER_INTERVAL_HOURS,
  type RegistrationPendingUser,
  type RegistrationRemindersResponse,
} from '@porta/contracts';
import { AppError, type Logger } from '@porta/service-kit';
import { and, asc, count, eq, inArray, max, ne, or } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import { apartmentRoles, apartments, housingCompanyRoles, users, userTokens } from '../db/schema.js';
import { findUserById, todayIso, validOn } from './membership.js';
import { DELETED_USER_SOURCE, usersInScope } from './scope.js';
import { sendInvitation } from './self-service.js';

/**
 * Registration reminders (03 §2 housing company "reminder" tab): the members of a housing company
 * in force today (a role on the company or one of its apartments valid today; enabled, not
 * deleted; admin and the developer's staff left out as usersInScope does) and, for those who have
 * not registered, the first-login invitation again. The caller's scope is checked by the route.
 */

interface Member {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  registered: boolean;
  createdAt: Date;
}

/** The members in force today of the company, by last and first name. */
async function membersInForce(
  ctx: IdentityContext,
  housingCompanyId: string,
  today: string,
): Promise<Member[]> {
  const { db } = ctx;
  const inApartments = db
    .select({ userId: apartmentRoles.userId })
    .from(apartmentRoles)
    .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
    .where(and(eq(apartments.housingCompanyId, housingCompanyId), validOn(apartmentRoles, today)));
  const onCompany = db
    .select({ userId: housingCompanyRoles.userId })
    .from(housingCompanyRoles)
    .where(
      and(eq(housingCompanyRoles.housingCompanyId, housingCompanyId), validOn(housingCompanyRoles, today)),
    );
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      registered: users.registered,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        // The company's users without admin and the developer's staff.
        usersInScope({ all: false, housingCompanyIds: [housingCompanyId] }),
        or(inArray(users.id, inApartments), inArray(users.id, onCompany)),
        ne(users.source, DELETED_USER_SOURCE),
        eq(users.enabled, true),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}

/** When the newest first-login link went to each user and how many went. */
async function invitationStats(ctx: IdentityContext, userIds: string[]) {
  const stats = new Map<string, { last: Date; count: number }>();
  if (userIds.length === 0) return stats;
  const rows = await ctx.db
    .select({ userId: userTokens.userId, last: max(userTokens.createdAt), count: count() })
    .from(userTokens)
    .where(and(eq(userTokens.purpose, 'first-login'), inArray(userTokens.userId, userIds)))
    .groupBy(userTokens.userId);
  for (const row of rows) {
    if (row.last) stats.set(row.userId, { last: new Date(row.last), count: Number(row.count) });
  }
  return stats;
}

/** GET /admin/housing-companies/:id/registration. */
export async function housingCompanyRegistration(
  ctx: IdentityContext,
  housingCompanyId: string,
  now = new Date(),
): Promise<HousingCompanyRegistration> {
  const today = todayIso(now);
  const members = await membersInForce(ctx, housingCompanyId, today);
  const pending = members.filter((m) => !m.registered);
  const ids = pending.map((m) => m.id);
  const byUser = new Map<string, RegistrationPendingUser>();
  for (const m of pending) {
    byUser.set(m.id, {
      userId: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      apartments: [],
      housingCompanyRoles: [],
      createdAt: m.createdAt.toISOString(),
      lastInvitationAt: null,
      invitationCount: 0,
    });
  }
  if (ids.length > 0) {
    const [aptRows, hcRows, stats] = await Promise.all([
      ctx.db
        .select({
          userId: apartmentRoles.userId,
          apartmentId: apartments.id,
          no: apartments.no,
          aptext: apartments.aptext,
          role: apartmentRoles.role,
        })
        .from(apartmentRoles)
        .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
        .where(
          and(
            eq(apartments.housingCompanyId, housingCompanyId),
            validOn(apartmentRoles, today),
            inArray(apartmentRoles.userId, ids),
          ),
        )
        .orderBy(asc(apartments.no), asc(apartmentRoles.role)),
      ctx.db
        .select({ userId: housingCompanyRoles.userId, role: housingCompanyRoles.role })
        .from(housingCompanyRoles)
        .where(
          and(
            eq(housingCompanyRoles.housingCompanyId, housingCompanyId),
            validOn(housingCompanyRoles, today),
            inArray(housingCompanyRoles.userId, ids),
          ),
        )
        .orderBy(asc(housingCompanyRoles.role)),
      invitationStats(ctx, ids),
    ]);
    for (const row of aptRows) {
      const user = byUser.get(row.userId);
      if (!user) continue;
      const apartment = user.apartments.find((a) => a.apartmentId === row.apartmentId);
      if (apartment) apartment.roles.push(row.role);
      else
        user.apartments.push({
          apartmentId: row.apartmentId,
          no: row.no,
          aptext: row.aptext,
          roles: [row.role],
        });
    }
    for (const row of hcRows) byUser.get(row.userId)?.housingCompanyRoles.push(row.role);
    for (const [userId, s] of stats) {
      const user = byUser.get(userId);
      if (!user) continue;
      user.lastInvitationAt = s.last.toISOString();
      user.invitationCount = s.count;
    }
  }
  return {
    counts: {
      members: members.length,
      registered: members.length - pending.length,
      notRegistered: pending.length,
    },
    users: [...byUser.values()],
  };
}

/**
 * POST /admin/housing-companies/:id/registration-reminders: the invitation to each listed user (all
 * not registered when none are listed). Every listed user must be a member in force of the company,
 * else 404 before any mail goes out. Registered users and those sent a link within the last
 * REGISTRATION_REMINDER_INTERVAL_HOURS are skipped. A mail failure answers 503 (UNAVAILABLE) for
 * the rest; those already sent are skipped as recently sent when the request is repeated.
 */
export async function sendRegistrationReminders(
  ctx: IdentityContext,
  housingCompanyId: string,
  userIds: string[] | undefined,
  log?: Logger,
  now = new Date(),
): Promise<RegistrationRemindersResponse> {
  const members = await membersInForce(ctx, housingCompanyId, todayIso(now));
  const byId = new Map(members.map((m) => [m.id, m]));
  let targets: Member[];
  if (userIds) {
    targets = [];
    for (const id of new Set(userIds)) {
      const member = byId.get(id);
      if (!member) throw new AppError('IDN_USER_NOT_FOUND');
      targets.push(member);
    }
  } else {
    targets = members.filter((m) => !m.registered);
  }
  const stats = await invitationStats(
    ctx,
    targets.filter((m) => !m.registered).map((m) => m.id),
  );
  const since = now.getTime() - REGISTRATION_REMINDER_INTERVAL_HOURS * 3_600_000;
  const skipped: RegistrationRemindersResponse['skipped'] = [];
  let sent = 0;
  for (const member of targets) {
    if (member.registered) {
      skipped.push({ userId: member.id, reason: 'registered' });
      continue;
    }
    const last = stats.get(member.id)?.last;
    if (last && last.getTime() > since) {
      skipped.push({ userId: member.id, reason: 'recently_sent' });
      continue;
    }
    // Read again just before sending: the user may have registered meanwhile.
    const user = await findUserById(ctx.db, member.id);
    if (!user) continue;
    if (user.registered) {
      skipped.push({ userId: member.id, reason: 'registered' });
      continue;
    }
    await sendInvitation(ctx, user, log);
    sent += 1;
  }
  return { sent, skipped };
}
