import {
  type ChangePasswordRequest,
  checkPassword,
  EMAIL_CHANGE_LINK_TTL_HOURS,
  FIRST_LOGIN_LINK_TTL_HOURS,
  IDENTITY_SIGNATURE_RPC,
  passwordRefusal,
  type RegisterRequest,
  type Signature,
  type SignatureRequest,
  type SignatureRpcResponse,
  type UpdateProfileRequest,
  zSignatureRpcRequest,
} from '@porta/contracts';
import {
  AppError,
  type Bus,
  type Db,
  type Logger,
  type MailMessage,
  type Principal,
  publicUrl,
  type Subscription,
  withTransaction,
} from '@porta/service-kit';
import { and, asc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import type * as schema from '../db/schema.js';
import {
  apartmentRoles,
  apartments,
  dialogReads,
  housingCompanyRoles,
  sessions,
  signatures,
  taskStatuses,
  users,
} from '../db/schema.js';
import { emitEvent, IDENTITY_EVENTS } from './events.js';
import { isUniqueViolation } from './features.js';
import { emailChangeMail, emailInUseMail, invitationMail } from './mail-templates.js';
import { findUserByEmail, findUserById, todayIso, type UserRow } from './membership.js';
import { hashPassword, verifyPassword } from './password.js';
import { findUsableToken, issueUserToken, markTokenUsed } from './user-tokens.js';

type IdentityDb = Db<typeof schema>;

/**
 * What a signed-in user does for themself (01 §6, 03 §2 "my settings"): profile, registration,
 * e-mail and password change, deactivation, signatures and read/done markers; and the first-login
 * invitation that staff send. Every change other services need emits identity.user.* events.
 */

/** The changed state of a user that other services keep (names, e-mail, language). */
export function userEventPayload(user: UserRow): Record<string, unknown> {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    locale: user.locale,
    publicProfile: user.publicProfile,
    registered: user.registered,
    enabled: user.enabled,
  };
}

/**
 * The caller's row, after checking that their session is still open and the account enabled (a
 * revoked session or a deactivated account answers 401 although the access token is still valid).
 */
export async function currentUser(ctx: IdentityContext, principal: Principal): Promise<UserRow> {
  const [active, user] = await Promise.all([
    ctx.sessions.isActive(principal.sessionId),
    findUserById(ctx.db, principal.userId),
  ]);
  return signedInUser(active, user);
}

/** The user of an open session, or TOKEN_EXPIRED when the session ended or the user is disabled. */
export function signedInUser<U extends { enabled: boolean }>(active: boolean, user: U | null | undefined): U {
  if (!active || !user?.enabled) {
    throw new AppError('TOKEN_EXPIRED', { detail: 'The session has ended. Please sign in again.' });
  }
  return user;
}

/** Update a user row and record identity.user.updated in the same transaction. */
async function updateUserWithEvent(
  ctx: IdentityContext,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const row = await withTransaction(ctx.db, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new AppError('IDN_USER_NOT_FOUND');
    await emitEvent(tx, IDENTITY_EVENTS.userUpdated, userEventPayload(updated));
    return updated;
  });
  ctx.kickEvents();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Profile and registration

export function updateProfile(ctx: IdentityContext, user: UserRow, input: UpdateProfileRequest) {
  return updateUserWithEvent(ctx, user.id, {
    firstName: input.firstName,
    lastName: input.lastName,
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.locale !== undefined ? { locale: input.locale } : {}),
    ...(input.publicProfile !== undefined ? { publicProfile: input.publicProfile } : {}),
    ...(input.male !== undefined ? { male: input.male } : {}),
  });
}

/** Registration of a signed-in user (the terms accepted); 409 when already registered. */
export async function register(ctx: IdentityContext, user: UserRow, input: RegisterRequest) {
  if (user.registered) throw new AppError('IDN_ALREADY_REGISTERED');
  return updateUserWithEvent(ctx, user.id, {
    registered: true,
    registeredAt: new Date(),
    locale: input.locale,
    publicProfile: input.publicProfile,
    ...(input.phoneNumber !== undefined ? { phone: input.phoneNumber } : {}),
    ...(input.male !== undefined ? { male: input.male } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Passwords

/**
 * 03 §5 and ADR 0020: the format (IDN_PASSWORD_FORMAT), then not a common password nor one made
 * of the user's own names or e-mail address (IDN_PASSWORD_TOO_COMMON), then that both entries
 * match (IDN_PASSWORD_MISMATCH).
 */
export function assertNewPassword(
  password: string,
  confirmation: string,
  user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>,
) {
  const refusal = passwordRefusal(checkPassword(password, [user.firstName, user.lastName, user.email]));
  if (refusal) throw new AppError(refusal);
  if (password !== confirmation) throw new AppError('IDN_PASSWORD_MISMATCH');
}

/**
 * Change the caller's password: a wrong current password answers IDN_INSUFFICIENT_CREDENTIALS and
 * counts as a failed sign-in (brute-force protection). Every other session of the user ends.
 */
export async function changePassword(
  ctx: IdentityContext,
  principal: Principal,
  user: UserRow,
  input: ChangePasswordRequest,
  ip: string,
) {
  assertNewPassword(input.newPassword, input.newPasswordConfirmation, user);
  const attempt = await ctx.throttle.admit(user.email, ip, user.id);
  const valid = user.passwordHash ? await verifyPassword(input.currentPassword, user.passwordHash) : false;
  if (!valid) throw new AppError('IDN_INSUFFICIENT_CREDENTIALS');
  await attempt.succeeded();
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(ctx.db, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password-changed' })
      .where(
        and(eq(sessions.userId, user.id), ne(sessions.id, principal.sessionId), isNull(sessions.revokedAt)),
      );
  });
}

// ---------------------------------------------------------------------------------------------
// Mail

/**
 * Send a mail if identity has a mailer; without one (some tests) the mail is logged as skipped.
 * A transport failure answers 503 so that the user can try again.
 */
async function sendMail(ctx: IdentityContext, message: MailMessage, log?: Logger) {
  if (!ctx.mailer) {
    log?.warn({ subject: message.subject }, 'no mailer configured; mail not sent');
    return;
  }
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    log?.error({ err: error, subject: message.subject }, 'sending mail failed');
    throw new AppError('UNAVAILABLE', { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------
// E-mail change with a confirmation link

/**
 * Start an e-mail change: the new address (already trimmed, validated and lower-cased) must differ
 * from the current one; a link to confirm goes to the new address.
 *
 * An address that another account uses is answered exactly as a free one (202, the same body, the
 * same link token stored and earlier links superseded), so that the answer tells nobody whether
 * the address is registered (issue 16). The owner of that address gets a notice instead of the
 * link, and the change could not be confirmed anyway (confirmEmailChange checks the address again).
 */
export async function requestEmailChange(
  ctx: IdentityContext,
  user: UserRow,
  newEmail: string,
  log?: Logger,
): Promise<{ newEmail: string; expiresAt: Date }> {
  if (newEmail === user.email) {
    throw new AppError('IDN_EMAIL_CHANGE_FAILED', { detail: 'This is already your e-mail address.' });
  }
  const { token, expiresAt } = await issueUserToken(ctx.db, {
    userId: user.id,
    purpose: 'email-change',
    ttlHours: EMAIL_CHANGE_LINK_TTL_HOURS,
    payload: { newEmail },
  });
  const owner = await findUserByEmail(ctx.db, newEmail);
  if (owner) {
    await sendMail(
      ctx,
      emailInUseMail({ to: owner.email, locale: owner.locale, firstName: owner.firstName }),
      log,
    );
    return { newEmail, expiresAt };
  }
  const link = `${publicUrl(ctx.config)}/profile/email-changed/${user.id}/${encodeURIComponent(token)}`;
  await sendMail(
    ctx,
    emailChangeMail({ to: newEmail, locale: user.locale, firstName: user.firstName, link }),
    log,
  );
  return { newEmail, expiresAt };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Confirm an e-mail change from the link: the token must belong to the user, be unused and
 * unexpired, and the address must still be free. Answers the new address.
 */
export async function confirmEmailChange(ctx: IdentityContext, userId: string, code: string) {
  const failed = (detail?: string) => new AppError('IDN_EMAIL_CONFIRM_FAILED', detail ? { detail } : {});
  if (!UUID_RE.test(userId)) throw failed();
  const row = await withTransaction(ctx.db, async (tx) => {
    const token = await findUsableToken(tx, code, 'email-change', { forUpdate: true });
    const newEmail = token?.payload.newEmail;
    if (!token || token.userId !== userId || typeof newEmail !== 'string') throw failed();
    const user = await findUserById(tx, userId);
    if (!user?.enabled) throw failed();
    const other = await findUserByEmail(tx, newEmail);
    if (other && other.id !== userId) throw failed('The e-mail address is already in use.');
    let updated: UserRow | undefined;
    try {
      [updated] = await tx
        .update(users)
        .set({ email: newEmail, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw failed('The e-mail address is already in use.');
      throw error;
    }
    await markTokenUsed(tx, token.id);
    await emitEvent(tx, IDENTITY_EVENTS.userUpdated, userEventPayload(updated!));
    return updated!;
  });
  ctx.kickEvents();
  return { email: row.email };
}

// ---------------------------------------------------------------------------------------------
// First login: an invitation sent by staff sets the password

export async function sendInvitation(ctx: IdentityContext, user: UserRow, log?: Logger) {
  if (user.registered) throw new AppError('IDN_ALREADY_REGISTERED');
  const { token, expiresAt } = await issueUserToken(ctx.db, {
    userId: user.id,
    purpose: 'first-login',
    ttlHours: FIRST_LOGIN_LINK_TTL_HOURS,
    // Kept (expired) when superseded: the registration reminders tell when and how often a link went out.
    keepSuperseded: true,
  });
  const link = `${publicUrl(ctx.config)}/firstlogin?token=${encodeURIComponent(token)}`;
  await sendMail(
    ctx,
    invitationMail({ to: user.email, locale: user.locale, firstName: user.firstName, link }),
    log,
  );
  return { email: user.email, expiresAt };
}

/** The user a first-login link belongs to; IDN_LINK_INVALID for unknown, used or expired links. */
export async function firstLoginUser(db: IdentityDb, token: string): Promise<UserRow> {
  const row = await findUsableToken(db, token, 'first-login');
  const user = row ? await findUserById(db, row.userId) : undefined;
  if (!user?.enabled) throw new AppError('IDN_LINK_INVALID');
  return user;
}

/** Set the password from a first-login link (once); the user then signs in and registers. */
export async function completeFirstLogin(
  ctx: IdentityContext,
  token: string,
  password: string,
  confirmation: string,
) {
  const user = await firstLoginUser(ctx.db, token);
  assertNewPassword(password, confirmation, user);
  const passwordHash = await hashPassword(password);
  await withTransaction(ctx.db, async (tx) => {
    const row = await findUsableToken(tx, token, 'first-login', { forUpdate: true });
    if (!row) throw new AppError('IDN_LINK_INVALID');
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password-changed' })
      .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt)));
    await markTokenUsed(tx, row.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Deactivation

/** Deactivate the caller's own account and end every session. */
export async function deactivateSelf(ctx: IdentityContext, user: UserRow) {
  const now = new Date();
  await withTransaction(ctx.db, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ enabled: false, deactivatedAt: now, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await emitEvent(tx, IDENTITY_EVENTS.userDeactivated, {
      ...userEventPayload(updated!),
      deactivatedAt: now.toISOString(),
      by: 'self',
    });
  });
  await ctx.sessions.revokeAllForUser(user.id, 'deactivated');
  ctx.kickEvents();
}

// ---------------------------------------------------------------------------------------------
// Membership checks for markers and quick links

/** Does the user hold a role valid today in the housing company (on it or one of its apartments)? */
export async function isMemberOf(db: IdentityDb, userId: string, housingCompanyId: string, now = new Date()) {
  const today = todayIso(now);
  const [viaCompany] = await db
    .select({ one: sql<number>`1` })
    .from(housingCompanyRoles)
    .where(
      and(
        eq(housingCompanyRoles.userId, userId),
        eq(housingCompanyRoles.housingCompanyId, housingCompanyId),
        or(isNull(housingCompanyRoles.validFrom), lte(housingCompanyRoles.validFrom, today)),
        or(isNull(housingCompanyRoles.validUntil), gte(housingCompanyRoles.validUntil, today)),
      ),
    )
    .limit(1);
  if (viaCompany) return true;
  const [viaApartment] = await db
    .select({ one: sql<number>`1` })
    .from(apartmentRoles)
    .innerJoin(apartments, eq(apartments.id, apartmentRoles.apartmentId))
    .where(
      and(
        eq(apartmentRoles.userId, userId),
        eq(apartments.housingCompanyId, housingCompanyId),
        or(isNull(apartmentRoles.validFrom), lte(apartmentRoles.validFrom, today)),
        or(isNull(apartmentRoles.validUntil), gte(apartmentRoles.validUntil, today)),
      ),
    )
    .limit(1);
  return !!viaApartment;
}

/** 404 (Housing company could not be retrieved) unless the user is a member of the company. */
export async function assertMemberOf(db: IdentityDb, userId: string, housingCompanyId: string) {
  if (!(await isMemberOf(db, userId, housingCompanyId))) throw new AppError('IDN_HOUSING_COMPANY_NOT_FOUND');
}

// ---------------------------------------------------------------------------------------------
// Dialog read markers and task done markers

export async function markDialogRead(
  ctx: IdentityContext,
  userId: string,
  dialogId: string,
  projectId: string,
) {
  await assertMemberOf(ctx.db, userId, projectId);
  await ctx.db
    .insert(dialogReads)
    .values({ userId, dialogId, housingCompanyId: projectId })
    .onConflictDoNothing();
}

export async function setTaskStatus(ctx: IdentityContext, userId: string, taskId: string, done: boolean) {
  await ctx.db
    .insert(taskStatuses)
    .values({ userId, taskId, done })
    .onConflictDoUpdate({
      target: [taskStatuses.userId, taskStatuses.taskId],
      set: { done, updatedAt: new Date() },
    });
}

// ---------------------------------------------------------------------------------------------
// Signatures (own only)

type SignatureRow = typeof signatures.$inferSelect;

export function toSignature(row: SignatureRow): Signature {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listSignatures(db: IdentityDb, userId: string): Promise<Signature[]> {
  const rows = await db
    .select()
    .from(signatures)
    .where(eq(signatures.userId, userId))
    .orderBy(asc(signatures.createdAt), asc(signatures.id));
  return rows.map(toSignature);
}

export async function createSignature(db: IdentityDb, userId: string, input: SignatureRequest) {
  const [row] = await db
    .insert(signatures)
    .values({ userId, name: input.name, content: input.content })
    .returning();
  return toSignature(row!);
}

/** Update one of the user's signatures; another user's (or an unknown) id answers 404. */
export async function updateSignature(db: IdentityDb, userId: string, id: string, input: SignatureRequest) {
  const [row] = await db
    .update(signatures)
    .set({ name: input.name, content: input.content, updatedAt: new Date() })
    .where(and(eq(signatures.id, id), eq(signatures.userId, userId)))
    .returning();
  if (!row) throw new AppError('IDN_SIGNATURE_NOT_FOUND');
  return toSignature(row);
}

export async function deleteSignature(db: IdentityDb, userId: string, id: string) {
  const deleted = await db
    .delete(signatures)
    .where(and(eq(signatures.id, id), eq(signatures.userId, userId)))
    .returning({ id: signatures.id });
  if (deleted.length === 0) throw new AppError('IDN_SIGNATURE_NOT_FOUND');
}

/** Serve `rpc.identity.signature.get.v1`: one of a user's signatures, for the service that signs with it. */
export function serveSignatures(db: IdentityDb, bus: Bus): Promise<Subscription> {
  return bus.reply(IDENTITY_SIGNATURE_RPC, async (data): Promise<SignatureRpcResponse> => {
    const { userId, signatureId } = zSignatureRpcRequest.parse(data);
    const [row] = await db
      .select({ name: signatures.name, content: signatures.content })
      .from(signatures)
      .where(and(eq(signatures.id, signatureId), eq(signatures.userId, userId)));
    return { signature: row ?? null };
  });
}
