import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Closeable, counter, gauge } from '@porta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * How long one count in Redis may take. A Redis that accepts connections but does not answer (hung,
 * or swapping) is given this long once; after that the gateway counts locally until it answers a
 * probe again.
 */
const COMMAND_TIMEOUT_MS = 200;
/** How often a Redis that timed out on a connection that looks open is asked whether it answers. */
const PROBE_EVERY_MS = 1000;
/** Client addresses counted in this process at most; the oldest windows are forgotten first. */
const LOCAL_KEYS = 10_000;

/**
 * One count per key and window, in Redis: the first request of a window starts its expiry, every
 * request answers the count and the milliseconds left. A key left without an expiry (a write lost
 * half-way) gets one again rather than counting for ever.
 */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type Count = { current: number; ttl: number };
type CountingRedis = Redis & { portaRateLimit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Fixed windows per key in this process. Every window has the same length, so the map (in order of
 * insertion) is also in order of expiry: expired windows are dropped from its front, and when too
 * many clients are counted the oldest window goes first.
 */
export class LocalWindows {
  private readonly windows = new Map<string, { current: number; resetAt: number }>();

  constructor(private readonly maxKeys = LOCAL_KEYS) {}

  incr(key: string, windowMs: number, now = Date.now()): Count {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      // A new window goes to the end of the map, keeping it in order of expiry.
      if (window) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys) this.prune(now);
      window = { current: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.resetAt - now };
  }

  get size() {
    return this.windows.size;
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) {
      if (window.resetAt > now && this.windows.size < this.maxKeys) return;
      this.windows.delete(key);
    }
  }
}

/**
 * The rate limit's counts when Redis is configured: in Redis while it answers, so that several
 * gateways share one count per client, and in this process while it does not, so that a Redis
 * outage adds no time to any request (none waits for a reconnect). While counting locally every
 * gateway process allows each client the full limit, so the portal as a whole allows up to that
 * many times the limit; that is the price of staying fast, and the fallback is logged once (warn)
 * and shown in the metrics (`porta_rate_limit_local_fallback`,
 * `porta_rate_limit_local_requests_total`) until Redis is back (info).
 */
export class RateLimitCounts {
  private readonly redis: CountingRedis;
  private readonly local = new LocalWindows();
  /** A count failed or timed out on a connection that looks open: Redis is hung, not gone. */
  private failing = false;
  /** Counting locally because Redis went away; logged when it starts and when it ends. */
  private fallenBack = false;
  private stopped = false;
  private probe: NodeJS.Timeout | undefined;
  private readonly fallbackGauge = gauge(
    'porta_rate_limit_local_fallback',
    'Whether the gateway counts the rate limit in this process because Redis is unavailable (1) or in Redis (0)',
  );
  private readonly localRequests = counter(
    'porta_rate_limit_local_requests_total',
    'Requests the gateway counted for the rate limit in this process rather than in Redis',
  );

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = new Redis(url, {
      connectTimeout: 500,
      commandTimeout: COMMAND_TIMEOUT_MS,
      // A count never waits for a connection: without one the request is counted locally at once
      // (the offline queue held every request until the reconnect, 0.5–3.9 s).
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
    }) as CountingRedis;
    this.redis.defineCommand('portaRateLimit', { numberOfKeys: 1, lua: COUNT_SCRIPT });
    this.redis.on('ready', () => this.backInRedis());
    this.redis.on('error', (err: Error) => this.fallBack(err));
    this.redis.on('close', () => this.fallBack());
    this.fallbackGauge.set(0);
  }

  /**
   * Wait for the first connection, at most `timeoutMs`, so that a gateway starting beside a
   * working Redis shares the count from its first request. A Redis that is away does not hold up
   * the start: the gateway then counts locally until it comes.
   */
  connected(timeoutMs: number): Promise<boolean> {
    if (this.redis.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.redis.off('ready', onReady);
        resolve(false);
      }, timeoutMs);
      this.redis.once('ready', onReady);
    });
  }

  /** True while counts go to Redis. */
  get shared(): boolean {
    return this.redis.status === 'ready' && !this.failing;
  }

  /** Count one request of `key` in a window of `windowMs`. Never rejects. */
  async incr(key: string, windowMs: number): Promise<Count> {
    if (this.shared) {
      try {
        const [current, ttl] = await this.redis.portaRateLimit(key, windowMs);
        return { current, ttl };
      } catch (err) {
        // A connection that looks open but did not answer in time: stop asking until a probe
        // answers, so that only the requests in flight paid the timeout.
        if (this.redis.status === 'ready') this.startProbe();
        this.fallBack(err as Error);
      }
    }
    this.localRequests.inc();
    return this.local.incr(key, windowMs);
  }

  /** A store class for @fastify/rate-limit over these counts, its keys under `prefix`. */
  storeClass(prefix: string, windowMs: number): FastifyRateLimitStoreCtor {
    const counts = this;
    // The plugin's declared store type differs from what it calls: incr gets the window after the
    // callback, child the route's merged settings with routeInfo.
    class Store {
      // The plugin makes the store with its settings, which these counts do not need.
      constructor(
        _settings?: unknown,
        private readonly keyPrefix = prefix,
      ) {}

      // The plugin passes the route's window and maximum after the callback.
      incr(
        key: string,
        callback: (error: Error | null, result?: Count) => void,
        timeWindow: number = windowMs,
      ): void {
        counts.incr(this.keyPrefix + key, timeWindow).then(
          (count) => callback(null, count),
          (err: Error) => callback(err),
        );
      }

      // A route with a limit of its own counts under its method and path.
      child(routeOptions: object): Store {
        const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
        return new Store(undefined, `${this.keyPrefix}${String(route.method)}${String(route.url)}-`);
      }
    }
    return Store as unknown as FastifyRateLimitStoreCtor;
  }

  /** Close the connection (after the server, so that no request counts any more). */
  closeable(): Closeable {
    return {
      name: 'rate-limit redis',
      close: async () => {
        this.stopped = true;
        this.stopProbe();
        if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
        else this.redis.disconnect();
      },
    };
  }

  private fallBack(err?: Error) {
    // An error on a connection that still works (and answers) changes nothing.
    if (this.stopped || this.fallenBack || this.shared) return;
    this.fallenBack = true;
    this.fallbackGauge.set(1);
    this.log.warn(
      { err },
      'rate limit: Redis unavailable; counting requests in this gateway process until it returns',
    );
  }

  private backInRedis() {
    this.failing = false;
    this.stopProbe();
    if (!this.fallenBack) return;
    this.fallenBack = false;
    this.fallbackGauge.set(0);
    this.log.info('rate limit: Redis available again; counting requests in Redis, shared by the gateways');
  }

  private startProbe() {
    this.failing = true;
    if (this.probe) return;
    this.probe = setInterval(() => {
      // A dropped connection ends the fallback by its own reconnect ('ready').
      if (this.redis.status !== 'ready') return;
      this.redis.ping().then(
        () => this.backInRedis(),
        () => {
          // Still not answering; asked again at the next probe.
        },
      );
    }, PROBE_EVERY_MS);
    this.probe.unref();
  }

  private stopProbe() {
    if (this.probe) clearInterval(this.probe);
    this.probe = undefined;
  }
}
