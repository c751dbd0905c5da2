import type {
  AdminApartmentRole,
  AdminApartmentRoleCreate,
  AdminUser,
  AdminUserCreate,
  AdminUserUpdate,
  ApartmentRole,
  Role,
} from '@porta/contracts';
import { AppError, type Db } from '@porta/service-kit';
import { and, asc, eq } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { apartmentRoles, apartments, housingCompanies, users } from '../db/schema.js';
import { housingCompanyState, todayIso } from './membership.js';

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

/** A user created by staff: no password yet, not registered, enabled, source 'admin'. */
export async function createUser(db: IdentityDb, input: AdminUserCreate): Promise<UserRow> {
  await assertUnique(db, 'email', input.email);
  if (input.externalId) await assertUnique(db, 'externalId', input.externalId);
  try {
    const [row] = await db
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
      .returning();
    return row!;
  } catch (error) {
    throw conflictError(error) ?? error;
  }
}

export async function updateUser(db: IdentityDb, id: string, input: AdminUserUpdate): Promise<UserRow> {
  await getUserOr404(db, id);
  if (input.externalId) await assertUnique(db, 'externalId', input.externalId, id);
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) set.firstName = input.firstName;
  if (input.lastName !== undefined) set.lastName = input.lastName;
  if (input.phone !== undefined) set.phone = input.phone || null;
  if (input.locale !== undefined) set.locale = input.locale;
  if (input.externalId !== undefined) set.externalId = input.externalId;
  if (input.publicProfile !== undefined) set.publicProfile = input.publicProfile;
  if (!Object.keys(set).length) return getUserOr404(db, id);
  try {
    const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
    return row!;
  } catch (error) {
    throw conflictError(error) ?? error;
  }
}

export async function setUserEnabled(db: IdentityDb, id: string, enabled: boolean): Promise<UserRow> {
  const [row] = await db.update(users).set({ enabled }).where(eq(users.id, id)).returning();
  if (!row) throw new AppError('IDN_USER_NOT_FOUND');
  return row;
}

const roleColumns = {
  apartmentId: apartmentRoles.apartmentId,
  role: apartmentRoles.role,
  validFrom: apartmentRoles.validFrom,
  validUntil: apartmentRoles.validUntil,
  apartmentNo: apartments.no,
  aptext: apartments.aptext,
  housingCompanyId: housingCompanies.id,
  housingCompanyName: housingCompanies.name,
  completionDate: housingCompanies.completionDate,
};

type RoleRow = {
  apartmentId: string;
  role: string;
  validFrom: string | null;
  validUntil: string | null;
  apartmentNo: string;
  aptext: string;
  housingCompanyId: string;
  housingCompanyName: string;
  completionDate: string | null;
};

function toAdminApartmentRole(r: RoleRow, today: string): AdminApartmentRole {
  return {
    apartmentId: r.apartmentId,
    apartmentNo: r.apartmentNo,
    aptext: r.aptext,
    housingCompanyId: r.housingCompanyId,
    housingCompanyName: r.housingCompanyName,
    housingCompanyState: housingCompanyState(r.completionDate, today),
    role: r.role as ApartmentRole,
    validFrom: r.validFrom,
    validUntil: r.validUntil,
  };
}

function roleQuery(db: IdentityDb) {
  return db
    .select(roleColumns)
    .from(apartmentRoles)
    .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
    .innerJoin(housingCompanies, eq(housingCompanies.id, apartments.housingCompanyId));
}

/** Every apartment role of a user, including expired and future ones. */
export async function listApartmentRoles(db: IdentityDb, userId: string, now = new Date()) {
  await getUserOr404(db, userId);
  const rows = await roleQuery(db)
    .where(eq(apartmentRoles.userId, userId))
    .orderBy(asc(housingCompanies.name), asc(apartments.no), asc(apartmentRoles.role));
  const today = todayIso(now);
  return rows.map((r) => toAdminApartmentRole(r, today));
}

/** Owners cannot be added or removed while the housing company is in construction (03 §4). */
function assertOwnerChangeAllowed(role: string, completionDate: string | null, today: string) {
  if (role === 'owner' && housingCompanyState(completionDate, today) === 'construction') {
    throw new AppError('IDN_OWNERS_LOCKED_IN_CONSTRUCTION');
  }
}

/** Add a role (or replace its validity when the user already has it). */
export async function addApartmentRole(
  db: IdentityDb,
  userId: string,
  input: AdminApartmentRoleCreate,
  now = new Date(),
): Promise<AdminApartmentRole> {
  await getUserOr404(db, userId);
  const today = todayIso(now);
  const [apt] = await db
    .select({ completionDate: housingCompanies.completionDate })
    .from(apartments)
    .innerJoin(housingCompanies, eq(housingCompanies.id, apartments.housingCompanyId))
    .where(eq(apartments.id, input.apartmentId))
    .limit(1);
  if (!apt) throw new AppError('IDN_APARTMENT_NOT_FOUND');
  assertOwnerChangeAllowed(input.role, apt.completionDate, today);
  const validity = { validFrom: input.validFrom ?? null, validUntil: input.validUntil ?? null };
  await db
    .insert(apartmentRoles)
    .values({ userId, apartmentId: input.apartmentId, role: input.role, ...validity })
    .onConflictDoUpdate({
      target: [apartmentRoles.userId, apartmentRoles.apartmentId, apartmentRoles.role],
      set: validity,
    });
  const [row] = await roleQuery(db)
    .where(
      and(
        eq(apartmentRoles.userId, userId),
        eq(apartmentRoles.apartmentId, input.apartmentId),
        eq(apartmentRoles.role, input.role),
      ),
    )
    .limit(1);
  return toAdminApartmentRole(row!, today);
}

export async function removeApartmentRole(
  db: IdentityDb,
  userId: string,
  apartmentId: string,
  role: ApartmentRole,
  now = new Date(),
): Promise<void> {
  await getUserOr404(db, userId);
  const match = and(
    eq(apartmentRoles.userId, userId),
    eq(apartmentRoles.apartmentId, apartmentId),
    eq(apartmentRoles.role, role),
  );
  const [row] = await roleQuery(db).where(match).limit(1);
  if (!row) throw new AppError('IDN_APARTMENT_ROLE_NOT_FOUND');
  assertOwnerChangeAllowed(role, row.completionDate, todayIso(now));
  await db.delete(apartmentRoles).where(match);
}
