import { randomBytes } from 'node:crypto';
import type { Db } from '@porta/service-kit';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { userTokens } from '../db/schema.js';
import { hashToken } from './sessions.js';

type IdentityDb = Db<typeof schema>;

/** What a link sent by e-mail is for. */
export type UserTokenPurpose = 'email-change' | 'first-login';
export type UserTokenRow = typeof userTokens.$inferSelect;

/**
 * Create a single-use link token for a user; only its SHA-256 hash is stored. Earlier unused
 * tokens of the same purpose stop working, so only the newest link counts: they are deleted, or
 * with `keepSuperseded` kept as expired now (a record of the links sent, e.g. first-login
 * reminders count them).
 */
export async function issueUserToken(
  db: IdentityDb,
  input: {
    userId: string;
    purpose: UserTokenPurpose;
    ttlHours: number;
    payload?: Record<string, unknown>;
    now?: Date;
    keepSuperseded?: boolean;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + input.ttlHours * 3_600_000);
  const superseded = and(
    eq(userTokens.userId, input.userId),
    eq(userTokens.purpose, input.purpose),
    isNull(userTokens.usedAt),
  );
  if (input.keepSuperseded) {
    await db
      .update(userTokens)
      .set({ expiresAt: now })
      .where(and(superseded, gt(userTokens.expiresAt, now)));
  } else {
    await db.delete(userTokens).where(superseded);
  }
  await db.insert(userTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    payload: input.payload ?? {},
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The token row if the token exists for this purpose, is unused and has not expired; else null.
 * Pass `forUpdate` inside a transaction that then marks it used.
 */
export async function findUsableToken(
  db: IdentityDb,
  token: string,
  purpose: UserTokenPurpose,
  options: { now?: Date; forUpdate?: boolean } = {},
): Promise<UserTokenRow | null> {
  const now = options.now ?? new Date();
  const query = db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

export async function markTokenUsed(db: IdentityDb, id: string, now = new Date()) {
  await db.update(userTokens).set({ usedAt: now }).where(eq(userTokens.id, id));
}
