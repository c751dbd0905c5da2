import { LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_MAX_FAILURES } from '@porta/contracts';
import { AppError, type Db } from '@porta/service-kit';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { loginFailures } from '../db/schema.js';

type IdentityDb = Db<typeof schema>;

/**
 * Brute-force protection shared by every identity process (kept in the database): after
 * LOGIN_MAX_FAILURES failed attempts within the window for one account or one address, further
 * attempts answer 429 until the window has passed.
 */
export class LoginThrottle {
  constructor(
    private readonly db: IdentityDb,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async assertAllowed(email: string, ip: string) {
    const since = new Date(this.now().getTime() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
    const [byEmail, byIp] = await Promise.all([
      this.db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since))),
      this.db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since))),
    ]);
    if ((byEmail[0]?.n ?? 0) >= LOGIN_MAX_FAILURES || (byIp[0]?.n ?? 0) >= LOGIN_MAX_FAILURES) {
      throw new AppError('IDN_TOO_MANY_ATTEMPTS', {
        headers: { 'retry-after': String(LOGIN_FAILURE_WINDOW_SECONDS) },
      });
    }
  }

  async recordFailure(email: string, ip: string) {
    await this.db.insert(loginFailures).values({ email, ip, at: this.now() });
    // Keep the table small: anything older than an hour no longer matters.
    const hourAgo = new Date(this.now().getTime() - 3_600_000);
    await this.db.delete(loginFailures).where(lt(loginFailures.at, hourAgo));
  }
}
