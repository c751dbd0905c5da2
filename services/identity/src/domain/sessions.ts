import { createHash, randomBytes } from 'node:crypto';
import type { Issuer, TokenResponse } from '@porta/contracts';
import {
  AppError,
  type Database,
  type Db,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  withTransaction,
} from '@porta/service-kit';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { IdentityConfig } from '../config.js';
import type * as schema from '../db/schema.js';
import { refreshTokens, sessions, users } from '../db/schema.js';
import type { KeyStore } from './keys.js';
import { findUserById, loadMembership, tokenClaims, type UserRow } from './membership.js';

type IdentityDb = Db<typeof schema>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionServiceDeps {
  db: IdentityDb;
  database: Database;
  keys: KeyStore;
  config: Pick<IdentityConfig, 'ACCESS_TOKEN_TTL_SECONDS' | 'SESSION_TTL_DAYS'>;
  now?: () => Date;
}

/**
 * Sessions and tokens: a session is one refresh-token family. Access tokens are short-lived ES256
 * JWTs; refresh tokens are opaque, stored hashed, single use, and rotated on every refresh. A
 * refresh token used twice revokes its whole family.
 */
export class SessionService {
  private readonly now: () => Date;

  constructor(private readonly deps: SessionServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async start(user: UserRow, issuer: Issuer, client: { ip: string; userAgent?: string | undefined }) {
    const refreshToken = newRefreshToken();
    const expiresAt = new Date(this.now().getTime() + this.deps.config.SESSION_TTL_DAYS * 86_400_000);
    const session = await withTransaction(this.deps.db, async (tx) => {
      const [created] = await tx
        .insert(sessions)
        .values({
          userId: user.id,
          issuer,
          expiresAt,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 400),
        })
        .returning();
      await tx.insert(refreshTokens).values({ tokenHash: hashToken(refreshToken), sessionId: created!.id });
      await tx.update(users).set({ lastLoginAt: this.now() }).where(eq(users.id, user.id));
      return created!;
    });
    return this.tokens(user, session.id, issuer, refreshToken);
  }

  /** Exchange a refresh token for new tokens; the old one stops working. */
  async refresh(refreshToken: string): Promise<TokenResponse> {
    const tokenHash = hashToken(refreshToken);
    const outcome = await withTransaction(this.deps.db, async (tx) => {
      const [row] = await tx
        .select({ token: refreshTokens, session: sessions })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update')
        .limit(1);
      if (!row) return { kind: 'unknown' as const };
      const { token, session } = row;
      if (token.usedAt) {
        await tx
          .update(sessions)
          .set({ revokedAt: this.now(), revokedReason: 'refresh-token-reuse' })
          .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)));
        return { kind: 'reused' as const, sessionId: session.id };
      }
      if (session.revokedAt || session.expiresAt <= this.now()) return { kind: 'ended' as const };
      const next = newRefreshToken();
      await tx
        .update(refreshTokens)
        .set({ usedAt: this.now() })
        .where(eq(refreshTokens.tokenHash, tokenHash));
      await tx.insert(refreshTokens).values({ tokenHash: hashToken(next), sessionId: session.id });
      await tx.update(sessions).set({ lastUsedAt: this.now() }).where(eq(sessions.id, session.id));
      return { kind: 'ok' as const, session, next };
    });
    if (outcome.kind !== 'ok') {
      throw new AppError('TOKEN_EXPIRED', { detail: 'The session has ended. Please sign in again.' });
    }
    const user = await findUserById(this.deps.db, outcome.session.userId);
    if (!user?.enabled) {
      await this.revoke(outcome.session.id, 'account-disabled');
      throw new AppError('TOKEN_EXPIRED');
    }
    return this.tokens(user, outcome.session.id, outcome.session.issuer as Issuer, outcome.next);
  }

  async revoke(sessionId: string, reason: string) {
    await this.deps.db
      .update(sessions)
      .set({ revokedAt: this.now(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Revoke the session a refresh token belongs to (logout with only the refresh token). */
  async revokeByRefreshToken(refreshToken: string, reason: string) {
    const [row] = await this.deps.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .limit(1);
    if (row) await this.revoke(row.sessionId, reason);
  }

  async revokeAllForUser(userId: string, reason: string) {
    await this.deps.db
      .update(sessions)
      .set({ revokedAt: this.now(), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** Is the session still open? Identity checks this on its own routes. */
  async isActive(sessionId: string): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, this.now())))
      .limit(1);
    return !!row;
  }

  /** Remove sessions that ended more than a week ago, and their tokens. */
  async purgeEnded() {
    const weekAgo = new Date(this.now().getTime() - 7 * 86_400_000);
    await this.deps.db
      .delete(sessions)
      .where(sql`${lt(sessions.expiresAt, weekAgo)} or ${lt(sessions.revokedAt, weekAgo)}`);
  }

  private async tokens(
    user: UserRow,
    sessionId: string,
    issuer: Issuer,
    refreshToken: string,
  ): Promise<TokenResponse> {
    const membership = await loadMembership(this.deps.database, user.id, this.now());
    const key = await this.deps.keys.signingKey();
    const ttl = this.deps.config.ACCESS_TOKEN_TTL_SECONDS;
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const accessToken = await new SignJWT(tokenClaims(user, membership, sessionId, issuer))
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ttl)
      .sign(key.privateKey);
    return { accessToken, refreshToken, expiresIn: ttl, issuer };
  }
}
