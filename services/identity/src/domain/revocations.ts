import { IDENTITY_REVOCATIONS_LIVE, IDENTITY_REVOCATIONS_RPC, type Revocations } from '@porta/contracts';
import {
  type Bus,
  type Database,
  type Db,
  type Logger,
  pollPause,
  type Subscription,
  silentLogger,
} from '@porta/service-kit';
import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { partnerCompanyUsers, sessions, users } from '../db/schema.js';

type IdentityDb = Db<typeof schema>;

/**
 * Revoked access tokens (issue 16 §1, ADR 0003). A token names its session (`sid`) and carries
 * the user's membership version (`ver`). Every service refuses, before the token expires, one
 * whose session ended (logout, refresh-token reuse, deactivation, a password change: the
 * session's revoked_at) or whose user's roles changed since it was made (the user's
 * membership_changed_at, which every change of their roles moves). Both are kept in identity's own
 * tables; this module reads them, answers the whole current list over request/reply, and
 * broadcasts what is new within a quarter of a second.
 */

/** Mark a change of the user's roles inside the caller's transaction: their earlier tokens go stale. */
export async function markMembershipChanged(tx: IdentityDb, userIds: string | readonly string[]) {
  const ids = typeof userIds === 'string' ? [userIds] : [...userIds];
  if (ids.length === 0) return;
  await tx.update(users).set({ membershipChangedAt: sql`clock_timestamp()` }).where(inArray(users.id, ids));
}

/** The membership version a new token carries. */
export function membershipVersion(user: { membershipChangedAt: Date | null }): number {
  return user.membershipChangedAt?.getTime() ?? 0;
}

/** Revocations that concern tokens still unexpired: those of the last access-token lifetime. */
export async function currentRevocations(
  db: IdentityDb,
  tokenTtlMs: number,
  since?: Date,
): Promise<Revocations> {
  const from = since ?? new Date(Date.now() - tokenTtlMs);
  const [ended, changed] = await Promise.all([
    db
      .select({ sid: sessions.id, at: sessions.revokedAt })
      .from(sessions)
      .where(and(isNotNull(sessions.revokedAt), gt(sessions.revokedAt, from))),
    db
      .select({ userId: users.id, at: users.membershipChangedAt })
      .from(users)
      .where(and(isNotNull(users.membershipChangedAt), gt(users.membershipChangedAt, from))),
  ]);
  return {
    sessions: ended.map((s) => ({ sid: s.sid, until: s.at!.getTime() + tokenTtlMs })),
    users: changed.map((u) => ({
      userId: u.userId,
      ver: u.at!.getTime(),
      until: u.at!.getTime() + tokenTtlMs,
    })),
  };
}

/** How often identity looks for revocations to broadcast (PostgreSQL; PGlite: on notification). */
export const REVOCATION_POLL_MS = 250;
/** The channel of migration 0007's trigger on sessions.revoked_at and users.membership_changed_at. */
const REVOCATIONS_CHANNEL = 'porta_revocations';
/**
 * Each look reaches this far back, so that a revocation whose transaction committed a little
 * after the time it records is still seen; what was broadcast already is not sent again.
 */
const LOOKBACK_MS = 10_000;

/**
 * Answer the current list on `rpc.identity.revocations.get.v1`, and broadcast new revocations on
 * `live.identity.revocations` every REVOCATION_POLL_MS. Reading the tables (rather than hooking
 * each place that ends a session or changes a role) catches every path and every identity
 * instance; several instances broadcasting the same revocation do no harm.
 */
export async function serveRevocations(
  db: IdentityDb,
  bus: Bus,
  options: {
    tokenTtlMs: number;
    logger?: Logger;
    pollMs?: number;
    /**
     * PGlite's notifications (Database.listen): this process is the only writer, and every
     * statement that ends a session or changes a user's roles notifies at commit (migration 0007),
     * so a look follows each one at once and the poll is only a safety net (ADR 0029).
     */
    listen?: Database['listen'];
  },
): Promise<Subscription> {
  const logger = options.logger ?? silentLogger;
  const pollMs = options.pollMs ?? pollPause(options, REVOCATION_POLL_MS);
  // A look reaches back past the last one, so that even a revocation the poll finds is sent.
  const lookbackMs = Math.max(LOOKBACK_MS, pollMs + LOOKBACK_MS);
  const responder = await bus.reply(IDENTITY_REVOCATIONS_RPC, () =>
    currentRevocations(db, options.tokenTtlMs),
  );
  /** What was broadcast (a session, or a user's version), and when: not sent again. */
  const sent = new Map<string, { version: number; at: number }>();
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const look = async () => {
    const now = Date.now();
    const fresh = await currentRevocations(db, options.tokenTtlMs, new Date(now - lookbackMs));
    const news: Revocations = {
      sessions: fresh.sessions.filter((s) => !sent.has(`s:${s.sid}`)),
      users: fresh.users.filter((u) => sent.get(`u:${u.userId}`)?.version !== u.ver),
    };
    // Past the look-back nothing is read again: what was sent then need not be remembered.
    for (const [key, entry] of sent) if (entry.at < now - 2 * lookbackMs) sent.delete(key);
    if (news.sessions.length === 0 && news.users.length === 0) return;
    await bus.broadcast(IDENTITY_REVOCATIONS_LIVE, news);
    for (const s of news.sessions) sent.set(`s:${s.sid}`, { version: 0, at: now });
    for (const u of news.users) sent.set(`u:${u.userId}`, { version: u.ver, at: now });
  };
  const tick = () => {
    if (stopped) return;
    if (running) {
      // Woken during a look: look once more after it, for what committed meanwhile.
      again = true;
      return;
    }
    running = look()
      .catch((err: unknown) => logger.warn({ err }, 'revocations could not be read or broadcast'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, pollMs);
  timer.unref();
  const unlisten = await options.listen?.(REVOCATIONS_CHANNEL, tick);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await running;
      await responder.stop();
    },
  };
}

/** Users of a partner company (their tokens list it). */
export async function partnerCompanyUserIds(db: IdentityDb, partnerCompanyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: partnerCompanyUsers.userId })
    .from(partnerCompanyUsers)
    .where(eq(partnerCompanyUsers.partnerCompanyId, partnerCompanyId));
  return rows.map((r) => r.userId);
}
