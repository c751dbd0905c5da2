import {
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_KNOWN_ADDRESS_DAYS,
  LOGIN_PAIR_FREE_FAILURES,
  LOGIN_PAIR_MAX_DELAY_SECONDS,
} from '@porta/contracts';
import { AppError, type Db } from '@porta/service-kit';
import { and, count, desc, eq, gt, lt, max } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { loginFailures, sessions } from '../db/schema.js';

type IdentityDb = Db<typeof schema>;

const DAY_MS = 86_400_000;
/** Looked up for unknown accounts, so that they cost the same queries as known ones. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** One admitted password check: it counts as a failure unless `succeeded` takes it back. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

export interface LoginThrottleOptions {
  /** Runs fn while no other process admits an attempt for the same key (a database advisory lock). */
  lock?: <T>(key: string, fn: () => Promise<T>) => Promise<T>;
  now?: () => Date;
}

/**
 * Brute-force protection shared by every identity process (kept in the database; ADR 0007). It
 * slows guessing down instead of locking the account for everyone:
 *
 * - **One account from one address** (the pair) has LOGIN_PAIR_FREE_FAILURES failed attempts
 *   within the window; then it waits 1 s, 2 s, 4 s … up to LOGIN_PAIR_MAX_DELAY_SECONDS after each
 *   further failure. A sign-in of the account from that address starts the pair afresh. An
 *   attacker hammering from one address slows only themself: the real user signs in from any
 *   other address as usual, and guesses from one address no longer shut out everyone behind it.
 * - **The account, from every address** (a spread attack): at LOGIN_ACCOUNT_MAX_FAILURES failures
 *   within the window, attempts from addresses the account has not signed in from during the last
 *   LOGIN_KNOWN_ADDRESS_DAYS days are refused until failures fall out of the window. The user's
 *   usual addresses stay open (still slowed per pair).
 *
 * A refused attempt answers 429 IDN_TOO_MANY_ATTEMPTS with Retry-After in seconds before the
 * password is checked (a right password is refused too, so the answer tells nothing) and is not
 * counted. An admitted attempt is written as a failure before the password is checked and taken
 * back when it succeeds, all under a lock per account, so that attempts sent in parallel see each
 * other and cannot slip through together. Unknown e-mail addresses are throttled like known ones.
 */
export class LoginThrottle {
  private readonly lock: NonNullable<LoginThrottleOptions['lock']>;
  private readonly now: () => Date;

  constructor(
    private readonly db: IdentityDb,
    options: LoginThrottleOptions = {},
  ) {
    this.lock = options.lock ?? ((_key, fn) => fn());
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Admit one password check of the account from the address, or refuse it (429). `userId` is the
   * account's user when the e-mail belongs to one: its sign-ins start the pair afresh and make an
   * address known. Call `succeeded` on the answer when the password was right.
   */
  async admit(email: string, ip: string, userId?: string | null): Promise<LoginAttempt> {
    const id = await this.lock(`identity.login:${email}`, async () => {
      await this.assertAllowed(email, ip, userId ?? null);
      const [row] = await this.db
        .insert(loginFailures)
        .values({ email, ip, at: this.now() })
        .returning({ id: loginFailures.id });
      return row!.id;
    });
    // Keep the table small: failures older than the window no longer count.
    await this.db.delete(loginFailures).where(lt(loginFailures.at, this.windowStart()));
    return {
      succeeded: async () => {
        await this.db.delete(loginFailures).where(eq(loginFailures.id, id));
      },
    };
  }

  private windowStart() {
    return new Date(this.now().getTime() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
  }

  private async assertAllowed(email: string, ip: string, userId: string | null): Promise<void> {
    const now = this.now().getTime();
    const windowStart = this.windowStart();
    const lastSignIn = await this.lastSignIn(userId ?? NO_USER, ip);

    // The pair: failures since the window began or the last sign-in from here, whichever is later.
    const since = lastSignIn && lastSignIn > windowStart ? lastSignIn : windowStart;
    const [pair] = await this.db
      .select({ n: count(), last: max(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
    const failures = pair?.n ?? 0;
    if (failures >= LOGIN_PAIR_FREE_FAILURES && pair?.last) {
      const delaySeconds = Math.min(2 ** (failures - LOGIN_PAIR_FREE_FAILURES), LOGIN_PAIR_MAX_DELAY_SECONDS);
      const waitMs = new Date(pair.last).getTime() + delaySeconds * 1000 - now;
      if (waitMs > 0) throw tooManyAttempts(waitMs);
    }

    // The account: a spread attack reaches the ceiling; addresses the account signed in from pass.
    if (lastSignIn && lastSignIn.getTime() > now - LOGIN_KNOWN_ADDRESS_DAYS * DAY_MS) return;
    const [ceiling] = await this.db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), gt(loginFailures.at, windowStart)))
      .orderBy(desc(loginFailures.at))
      .offset(LOGIN_ACCOUNT_MAX_FAILURES - 1)
      .limit(1);
    // Refused until this failure, the ceiling's oldest, leaves the window.
    if (ceiling) throw tooManyAttempts(ceiling.at.getTime() + LOGIN_FAILURE_WINDOW_SECONDS * 1000 - now);
  }

  /** When the user last signed in from this address (the newest of their sessions started from it). */
  private async lastSignIn(userId: string, ip: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: max(sessions.createdAt) })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)));
    return row?.at ? new Date(row.at) : null;
  }
}

function tooManyAttempts(waitMs: number) {
  return new AppError('IDN_TOO_MANY_ATTEMPTS', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}
