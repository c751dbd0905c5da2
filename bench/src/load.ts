import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /**
   * Paced (open-loop) load: this many requests per second, evenly spaced, each sent whether or not
   * the earlier ones were answered. Absent: autocannon's closed loop, `connections` requests always
   * in flight.
   */
  rate?: number | undefined;
  /** Seconds before a request counts as timed out (default 10). */
  timeoutSeconds?: number | undefined;
  /** Requests each connection sends in turn, over and over (same origin as url), instead of url alone. */
  cycle?: { url: string; headers?: Record<string, string> }[] | undefined;
}

export interface Measurement {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; average: number; max: number };
  /** Completed requests in the measured window. */
  requests: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  durationSeconds: number;
}

/** Load url from this process (autocannon, or paced with `rate`) and summarise the run. */
export async function measure(options: LoadOptions): Promise<Measurement> {
  if (options.rate) return measurePaced({ ...options, rate: options.rate });
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers ?? {},
    ...(options.timeoutSeconds ? { timeout: options.timeoutSeconds } : {}),
    ...(options.cycle
      ? {
          requests: options.cycle.map(({ url, headers }) => {
            const { pathname, search } = new URL(url);
            return { method: 'GET' as const, path: `${pathname}${search}`, headers: headers ?? {} };
          }),
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    durationSeconds: result.duration,
  };
}

/** The value at fraction q (0…1) of sorted values, whole milliseconds as autocannon reports. */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
}

/**
 * Open-loop load: requests start at evenly spaced moments (rate per second) for the duration,
 * over as many keep-alive connections as they need (undici's pool). Latency counts from the
 * moment a request was due, so a late send (a busy load generator) is not hidden.
 */
async function measurePaced(options: LoadOptions & { rate: number }): Promise<Measurement> {
  const interval = 1000 / options.rate;
  const count = Math.max(1, Math.round(options.rate * options.durationSeconds));
  const timeoutMs = (options.timeoutSeconds ?? 10) * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  const requests: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    requests.push(
      (async () => {
        try {
          const res = await fetch(options.url, {
            headers: options.headers ?? {},
            signal: AbortSignal.timeout(timeoutMs),
          });
          await res.arrayBuffer();
          if (res.status < 200 || res.status > 299) non2xx += 1;
          latencies.push(performance.now() - due);
        } catch (err) {
          errors += 1;
          if (err instanceof Error && err.name === 'TimeoutError') timeouts += 1;
        }
      })(),
    );
  }
  await Promise.all(requests);
  const durationSeconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const sum = latencies.reduce((a, b) => a + b, 0);
  return {
    requestsPerSecond: latencies.length / durationSeconds,
    latencyMs: {
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      average: latencies.length ? Number((sum / latencies.length).toFixed(2)) : 0,
      max: Math.round(latencies.at(-1) ?? 0),
    },
    requests: latencies.length,
    errors,
    timeouts,
    non2xx,
    durationSeconds,
  };
}
