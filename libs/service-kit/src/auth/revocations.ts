import {
  IDENTITY_REVOCATIONS_LIVE,
  IDENTITY_REVOCATIONS_RPC,
  type Revocations,
  zRevocations,
} from '@porta/contracts';
import { silentLogger } from '../bus/logger.js';
import type { Bus, Logger, Subscription } from '../bus/types.js';
import type { Principal } from './principal.js';

/** Waits between tries of the first full list while identity does not answer; the longest last. */
const SYNC_RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];
/** The full list is asked for again this often, in case a broadcast was missed. */
const RESYNC_MS = 60_000;

/**
 * The access tokens this process must refuse before they expire (issue 16 §1, ADR 0003): sessions
 * that ended, and users whose roles changed since their token was made. identity broadcasts each
 * as it happens (every instance of every service hears it within milliseconds) and answers the
 * whole current list, which a process asks for when it starts, when its broker connection is back
 * (broadcasts are not kept), and every minute. Entries go when every token they concern has
 * expired. The token verifier consults it on every request, cached tokens included.
 */
export class TokenRevocations {
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<string, { ver: number; until: number }>();
  private readonly logger: Logger;
  private readonly now: () => number;
  private subscription: Subscription | null = null;
  private stopReconnect: (() => void) | null = null;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly bus: Bus,
    options: { logger?: Logger; now?: () => number } = {},
  ) {
    this.logger = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
  }

  /** Listen for revocations and ask for the current list (keeps asking until identity answers). */
  async start(): Promise<void> {
    this.subscription ??= await this.bus.listen<unknown>(IDENTITY_REVOCATIONS_LIVE, (data) => {
      const parsed = zRevocations.safeParse(data);
      if (parsed.success) this.add(parsed.data);
      else this.logger.warn({ issues: parsed.error.issues }, 'malformed revocations broadcast');
    });
    this.stopReconnect ??= this.bus.onReconnect(() => void this.sync());
    await this.sync();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopReconnect?.();
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Whether the principal's token must be refused: its session ended, or its roles changed since. */
  isRevoked(principal: Pick<Principal, 'sessionId' | 'userId' | 'membershipVersion'>): boolean {
    const now = this.now();
    const session = this.sessions.get(principal.sessionId);
    if (session !== undefined && session > now) return true;
    const user = this.users.get(principal.userId);
    return user !== undefined && user.until > now && principal.membershipVersion < user.ver;
  }

  /** Take in revocations (a broadcast, a full list). */
  add(revocations: Revocations): void {
    for (const { sid, until } of revocations.sessions) {
      this.sessions.set(sid, Math.max(until, this.sessions.get(sid) ?? 0));
    }
    for (const { userId, ver, until } of revocations.users) {
      const known = this.users.get(userId);
      if (!known || ver > known.ver) this.users.set(userId, { ver, until });
    }
  }

  /** Ask identity for the whole current list; while it does not answer, ask again after a while. */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce(0).finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async syncOnce(attempt: number): Promise<void> {
    if (this.stopped) return;
    clearTimeout(this.timer);
    try {
      const answer = zRevocations.parse(await this.bus.request(IDENTITY_REVOCATIONS_RPC, {}));
      this.prune();
      this.add(answer);
      this.schedule(RESYNC_MS);
    } catch (err) {
      const waitMs = SYNC_RETRY_MS[Math.min(attempt, SYNC_RETRY_MS.length - 1)]!;
      // Until identity answers, only what is broadcast meanwhile is known: say so.
      this.logger.warn({ err, waitMs }, 'revoked sessions could not be read from identity; asking again');
      this.timer = setTimeout(() => void this.syncOnce(attempt + 1), waitMs);
      this.timer.unref();
    }
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.sync(), delayMs);
    this.timer.unref();
  }

  private prune() {
    const now = this.now();
    for (const [sid, until] of this.sessions) if (until <= now) this.sessions.delete(sid);
    for (const [userId, entry] of this.users) if (entry.until <= now) this.users.delete(userId);
  }
}
