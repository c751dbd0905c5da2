import type { GdprReport, Role } from '@porta/contracts';
import { AppError, type Db } from '@porta/service-kit';
import { arrayContains, asc, eq, inArray, or } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import {
  apartmentRoles,
  apartments,
  bans,
  dialogReads,
  housingCompanies,
  housingCompanyPartners,
  housingCompanyRoles,
  loginFailures,
  partnerCompanies,
  partnerCompanyUsers,
  quickLinks,
  scheduledRoleChanges,
  sessions,
  signatures,
  taskStatuses,
  users,
  userTokens,
} from '../db/schema.js';
import { DELETED_USER_SOURCE } from './scope.js';
import { toSignature } from './self-service.js';

type IdentityDb = Db<typeof schema>;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function moduleIdsOf(links: unknown): string[] {
  if (!Array.isArray(links)) return [];
  return links.flatMap((l) => {
    const moduleId = (l as { moduleId?: unknown } | null)?.moduleId;
    return typeof moduleId === 'string' ? [moduleId] : [];
  });
}

/**
 * The user-information report (03 §1 "export user information"): everything identity stores
 * about the user, without secrets. Password and token hashes and the consumer-login subject are
 * reduced to whether they exist.
 */
export async function buildGdprReport(db: IdentityDb, userId: string, now = new Date()): Promise<GdprReport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // A deleted user's row keeps only the id: there is nothing to report (ADR 0013, addendum).
  if (!user || user.source === DELETED_USER_SOURCE) throw new AppError('IDN_USER_NOT_FOUND');

  const [
    hcRoles,
    aptRoles,
    scheduled,
    partners,
    keyContactOfPartners,
    keyContactOfHousingCompanies,
    sessionRows,
    failures,
    tokens,
    signatureRows,
    quickLinkRows,
    dialogRows,
    taskRows,
    banRows,
  ] = await Promise.all([
    db
      .select({
        housingCompanyId: housingCompanyRoles.housingCompanyId,
        housingCompanyName: housingCompanies.name,
        role: housingCompanyRoles.role,
        validFrom: housingCompanyRoles.validFrom,
        validUntil: housingCompanyRoles.validUntil,
      })
      .from(housingCompanyRoles)
      .innerJoin(housingCompanies, eq(housingCompanies.id, housingCompanyRoles.housingCompanyId))
      .where(eq(housingCompanyRoles.userId, userId))
      .orderBy(asc(housingCompanies.name), asc(housingCompanyRoles.role)),
    db
      .select({
        apartmentId: apartmentRoles.apartmentId,
        apartmentNo: apartments.no,
        aptext: apartments.aptext,
        housingCompanyId: apartments.housingCompanyId,
        housingCompanyName: housingCompanies.name,
        role: apartmentRoles.role,
        validFrom: apartmentRoles.validFrom,
        validUntil: apartmentRoles.validUntil,
      })
      .from(apartmentRoles)
      .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
      .innerJoin(housingCompanies, eq(housingCompanies.id, apartments.housingCompanyId))
      .where(eq(apartmentRoles.userId, userId))
      .orderBy(asc(housingCompanies.name), asc(apartments.no), asc(apartmentRoles.role)),
    db
      .select()
      .from(scheduledRoleChanges)
      .where(
        or(
          arrayContains(scheduledRoleChanges.addUserIds, [userId]),
          arrayContains(scheduledRoleChanges.removeUserIds, [userId]),
        ),
      )
      .orderBy(asc(scheduledRoleChanges.startDate)),
    db
      .select({ id: partnerCompanies.id, name: partnerCompanies.name, type: partnerCompanies.type })
      .from(partnerCompanyUsers)
      .innerJoin(partnerCompanies, eq(partnerCompanies.id, partnerCompanyUsers.partnerCompanyId))
      .where(eq(partnerCompanyUsers.userId, userId))
      .orderBy(asc(partnerCompanies.name)),
    db
      .select({ partnerCompanyId: partnerCompanies.id })
      .from(partnerCompanies)
      .where(eq(partnerCompanies.keyContactUserId, userId)),
    db
      .select({
        partnerCompanyId: housingCompanyPartners.partnerCompanyId,
        housingCompanyId: housingCompanyPartners.housingCompanyId,
        type: housingCompanyPartners.type,
      })
      .from(housingCompanyPartners)
      .where(eq(housingCompanyPartners.keyContactUserId, userId)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
    db
      .select({ at: loginFailures.at, ip: loginFailures.ip })
      .from(loginFailures)
      .where(eq(loginFailures.email, user.email))
      .orderBy(asc(loginFailures.at)),
    db
      .select({
        purpose: userTokens.purpose,
        payload: userTokens.payload,
        createdAt: userTokens.createdAt,
        expiresAt: userTokens.expiresAt,
        usedAt: userTokens.usedAt,
      })
      .from(userTokens)
      .where(eq(userTokens.userId, userId))
      .orderBy(asc(userTokens.createdAt)),
    db.select().from(signatures).where(eq(signatures.userId, userId)).orderBy(asc(signatures.createdAt)),
    db.select().from(quickLinks).where(eq(quickLinks.userId, userId)),
    db.select().from(dialogReads).where(eq(dialogReads.userId, userId)).orderBy(asc(dialogReads.readAt)),
    db.select().from(taskStatuses).where(eq(taskStatuses.userId, userId)).orderBy(asc(taskStatuses.taskId)),
    db.select().from(bans).where(eq(bans.userId, userId)).orderBy(asc(bans.createdAt)),
  ]);

  // The housing companies the user is or was connected to, by any role.
  const hcIds = [...new Set([...hcRoles, ...aptRoles].map((r) => r.housingCompanyId))];
  const hcRows = hcIds.length
    ? await db
        .select({
          id: housingCompanies.id,
          hcExt: housingCompanies.hcExt,
          name: housingCompanies.name,
          addressCity: housingCompanies.addressCity,
        })
        .from(housingCompanies)
        .where(inArray(housingCompanies.id, hcIds))
        .orderBy(asc(housingCompanies.name))
    : [];

  return {
    generatedAt: iso(now),
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      locale: user.locale,
      externalId: user.externalId,
      male: user.male,
      publicProfile: user.publicProfile,
      registered: user.registered,
      enabled: user.enabled,
      source: user.source,
      hasPassword: user.passwordHash !== null,
      consumerLoginLinked: user.b2cSubject !== null,
      roles: user.roles as Role[],
      selectedHousingCompanyId: user.selectedHousingCompanyId,
      selectedApartmentId: user.selectedApartmentId,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      lastLoginAt: isoOrNull(user.lastLoginAt),
      registeredAt: isoOrNull(user.registeredAt),
      deactivatedAt: isoOrNull(user.deactivatedAt),
    },
    housingCompanies: hcRows,
    housingCompanyRoles: hcRoles,
    apartmentRoles: aptRoles,
    scheduledRoleChanges: scheduled.flatMap((c) => [
      ...(c.addUserIds.includes(userId)
        ? [{ apartmentId: c.apartmentId, role: c.role, startDate: c.startDate, change: 'add' as const }]
        : []),
      ...(c.removeUserIds.includes(userId)
        ? [{ apartmentId: c.apartmentId, role: c.role, startDate: c.startDate, change: 'remove' as const }]
        : []),
    ]),
    partnerCompanies: partners,
    keyContactOf: [
      ...keyContactOfPartners.map((p) => ({
        partnerCompanyId: p.partnerCompanyId,
        housingCompanyId: null,
        type: null,
      })),
      ...keyContactOfHousingCompanies,
    ],
    sessions: sessionRows.map((s) => ({
      id: s.id,
      issuer: s.issuer,
      createdAt: iso(s.createdAt),
      lastUsedAt: iso(s.lastUsedAt),
      expiresAt: iso(s.expiresAt),
      revokedAt: isoOrNull(s.revokedAt),
      revokedReason: s.revokedReason,
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    failedSignIns: failures.map((f) => ({ at: iso(f.at), ip: f.ip })),
    emailLinks: tokens.map((t) => ({
      purpose: t.purpose,
      newEmail: typeof t.payload.newEmail === 'string' ? t.payload.newEmail : null,
      createdAt: iso(t.createdAt),
      expiresAt: iso(t.expiresAt),
      usedAt: isoOrNull(t.usedAt),
    })),
    signatures: signatureRows.map(toSignature),
    quickLinks: quickLinkRows.map((q) => ({
      housingCompanyId: q.housingCompanyId,
      moduleIds: moduleIdsOf(q.links),
      updatedAt: iso(q.updatedAt),
    })),
    dialogs: dialogRows.map((d) => ({
      id: d.dialogId,
      projectId: d.housingCompanyId,
      readAt: iso(d.readAt),
    })),
    tasks: taskRows.map((t) => ({ taskId: t.taskId, done: t.done, updatedAt: iso(t.updatedAt) })),
    bans: banRows.map((b) => ({
      id: b.id,
      housingCompanyId: b.housingCompanyId,
      expiresAt: iso(b.expiresAt),
      reason: b.reason,
      createdAt: iso(b.createdAt),
    })),
  };
}

/** The attachment name of the report: porta-user-information-YYYY-MM-DD.json. */
export function gdprReportFileName(now = new Date()): string {
  return `porta-user-information-${now.toISOString().slice(0, 10)}.json`;
}
