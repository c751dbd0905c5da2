import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** Requests per second across all connections; absent: as fast as the server answers. */
  overallRate?: number | undefined;
  /** Seconds before a request counts as timed out (autocannon's default: 10). */
  timeoutSeconds?: number | undefined;
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

/** Load url from this process with autocannon and summarise the run. */
export async function measure(options: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers ?? {},
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    ...(options.timeoutSeconds ? { timeout: options.timeoutSeconds } : {}),
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
