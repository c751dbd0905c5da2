import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
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

/** The worker's start: paced.ts through tsx, whose loader (--import tsx) Node 20 leaves out of workers. */
const PACED_WORKER = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(
  new URL('./paced.ts', import.meta.url).href,
)}, ${JSON.stringify(import.meta.url)}))`;

/**
 * Open-loop load (`rate`), sent from a worker thread of its own (paced.ts): its small heap is
 * collected apart from this process's, whose pauses would otherwise be counted as the server's.
 */
async function measurePaced(options: LoadOptions & { rate: number }): Promise<Measurement> {
  const worker = new Worker(PACED_WORKER, { eval: true, workerData: options });
  try {
    const [result] = (await once(worker, 'message')) as [Measurement];
    return result;
  } finally {
    await worker.terminate();
  }
}
