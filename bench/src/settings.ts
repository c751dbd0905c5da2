import { fileURLToPath } from 'node:url';

/** The monorepo root, from bench/src/. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where results and the servers' logs go (git-ignored). */
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

export interface BenchSettings {
  /** Seconds of measured load per scenario. */
  durationSeconds: number;
  /** Seconds of unmeasured load before each measurement (0 to skip). */
  warmupSeconds: number;
  /**
   * Times the selected scenarios run, each time with their servers started afresh: the report
   * gives each ratio's median and its spread over the rounds, so that a figure says how well a
   * rerun reproduces it.
   */
  rounds: number;
  connections: number;
  /** The PostgreSQL server used by the pg and distributed scenarios (any database on it). */
  postgresUrl: string;
  /** The database created afresh for the run; dropped first when it exists. */
  database: string;
  /** pino level of the Porta processes. */
  logLevel: string;
  /** Exit non-zero when a ratio target is missed. */
  enforce: boolean;
  /** Run Porta from its TypeScript sources (export condition @porta/source) instead of dist/. */
  fromSource: boolean;
  /** Skip `nx build` of the gateway and its dependencies. */
  skipBuild: boolean;
  /** Only these scenario ids (or groups: the part of an id before a dash), when given. */
  only: string[];
  /** The scale scenarios: size of the large data set (1 = 1,000 companies, 100,000 users). */
  scale: number;
  /** The scale scenarios' PostgreSQL database. */
  scaleDatabase: string;
  /** Keep the seeded data after the run and use it again next time (PGlite in bench/results/). */
  scaleReuse: boolean;
  /** The search text of the staff user list. */
  scaleQuery: string;
  /** Also measure the Porta targets of the scale scenarios paced at this many requests/s (0: not). */
  scaleRate: number;
  /** The content scenarios' timeline curve: fractions of the articles and calendar entries. */
  contentFractions: number[];
  /** The content scenarios' timeline curve: page numbers (1: the page around today, then earlier). */
  contentPages: number[];
  /** The nats-server executable the distributed content scenarios start a private server with. */
  natsServer: string;
  /** The service-requests scenarios: requests in the data set. */
  srqRequests: number;
  /** The service-requests scenarios: the busy housing company's share of them. */
  srqShare: number;
  /** The service-requests scenarios: also measure list and detail paced at this many requests/s (0: not). */
  srqRate: number;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

/** A comma list of positive numbers, sorted and without repeats. */
function numberList(name: string, fallback: number[], check: (n: number) => boolean): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const values = raw.split(',').map((s) => Number(s.trim()));
  if (values.some((n) => !Number.isFinite(n) || !check(n)))
    throw new Error(`${name} must be a comma list of numbers as described, got "${raw}"`);
  return [...new Set(values)].sort((a, b) => a - b);
}

function flag(name: string): boolean {
  return ['true', '1', 'yes'].includes(process.env[name] ?? '');
}

function identifier(name: string, fallback: string): string {
  const value = process.env[name] || fallback;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value))
    throw new Error(`${name} must be a plain lower-case identifier`);
  return value;
}

export function readSettings(): BenchSettings {
  return {
    durationSeconds: positiveNumber('BENCH_DURATION', 6),
    // The JIT needs several seconds of load to settle (1 s gave ratios that swung by half).
    warmupSeconds: positiveNumber('BENCH_WARMUP', 10),
    rounds: Math.max(1, Math.round(positiveNumber('BENCH_ROUNDS', 3))),
    connections: Math.max(1, Math.round(positiveNumber('BENCH_CONNECTIONS', 50))),
    postgresUrl: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    database: identifier('BENCH_DATABASE', 'porta_bench'),
    logLevel: process.env.BENCH_LOG_LEVEL || 'info',
    enforce: flag('BENCH_ENFORCE'),
    fromSource: flag('BENCH_SOURCE'),
    skipBuild: flag('BENCH_SKIP_BUILD'),
    only: (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    scale: positiveNumber('BENCH_SCALE', 1) || 1,
    scaleDatabase: identifier('BENCH_SCALE_DATABASE', 'porta_bench_scale'),
    scaleReuse: flag('BENCH_SCALE_REUSE'),
    scaleQuery: process.env.BENCH_SCALE_QUERY || 'korhonen',
    scaleRate: positiveNumber('BENCH_SCALE_RATE', 0),
    contentFractions: numberList('BENCH_CONTENT_FRACTIONS', [0.25, 0.5, 1], (n) => n > 0 && n <= 1),
    contentPages: numberList(
      'BENCH_CONTENT_PAGES',
      [1, 5, 15],
      (n) => Number.isInteger(n) && n >= 1 && n <= 1000,
    ),
    natsServer: process.env.BENCH_NATS_SERVER || 'nats-server',
    srqRequests: Math.round(positiveNumber('BENCH_SRQ_REQUESTS', 500_000)) || 500_000,
    srqShare: Math.min(1, positiveNumber('BENCH_SRQ_SHARE', 0.1)),
    srqRate: positiveNumber('BENCH_SRQ_RATE', 50),
  };
}

/** The same server URL with another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
