import { CALL_TITLE, DASHBOARD_CALLS } from './content-calls.js';
import type { Measurement } from './load.js';

export interface TargetResult extends Measurement {
  id: string;
  title: string;
  measures: string;
  url: string;
  /** 1-minute load average of the machine just before the measurement. */
  loadAverageBefore: number;
  /** CPU cores each server process used on average during the measurement. */
  serverCpuCores: Record<string, number>;
  /** Server CPU time (all of the scenario's processes, PostgreSQL not included) per request. */
  serverCpuMicrosPerRequest: number | null;
  /** CPU cores autocannon (this process) used on average during the measurement. */
  loadGeneratorCpuCores: number;
  /** Median latency of single requests on the idle server, just before the load (ms). */
  unloadedLatencyMs: number;
  /** Paced load: requests per second asked for across all connections; null for closed loop. */
  rate: number | null;
  /** The p99 the target should stay under (ms), or null. */
  p99TargetMs: number | null;
  /** With several rounds: every round's requests per second (this record is the median round's). */
  roundsRequestsPerSecond?: number[];
}

export interface Ratio {
  id: string;
  title: string;
  numerator: string;
  denominator: string;
  /** Minimum wanted, or null for a figure given for information. */
  target: number | null;
}

export interface RatioResult extends Ratio {
  /** Of requests per second: what the target is about. */
  value: number | null;
  /**
   * The same comparison by server CPU time per request (denominator's / numerator's), which the
   * other work on a shared machine disturbs much less than throughput.
   */
  byCpu: number | null;
  met: boolean | null;
  /** With several rounds: the lowest and highest value of the rounds (value is their median). */
  spread?: { min: number; max: number; byCpuMin: number | null; byCpuMax: number | null } | null;
  rounds?: number;
}

export const RATIOS: Ratio[] = [
  {
    id: 'stack/bare',
    title: 'full stack / bare Fastify',
    numerator: 'stack',
    denominator: 'bare',
    target: 0.6,
  },
  {
    id: 'distributed/embedded',
    title: 'distributed via gateway / embedded',
    numerator: 'distributed-me',
    denominator: 'embedded-me',
    target: 0.7,
  },
  { id: 'pg/bare', title: 'pg / bare Fastify', numerator: 'pg', denominator: 'bare', target: null },
  {
    id: 'distributed/identity',
    title: 'via gateway / identity direct',
    numerator: 'distributed-me',
    denominator: 'identity-me',
    target: null,
  },
  ...(['embedded', 'pg'] as const).flatMap((mode) =>
    (['me', 'features', 'users'] as const).map((route) => ({
      id: `scale-${mode}-${route}/bare`,
      title: `scale ${route === 'users' ? 'user search' : route === 'me' ? '/me' : 'features'}, ${
        mode === 'embedded' ? 'embedded / bare Fastify + PGlite' : 'PostgreSQL / bare Fastify + pg'
      }`,
      numerator: `scale-${mode}-${route}`,
      denominator: `scale-${mode}-bare-${route}`,
      // Issue 19: /me and features through the distributed gateway at half of bare Fastify or better.
      target: mode === 'pg' && route !== 'users' ? 0.5 : null,
    })),
  ),
  ...(['embedded', 'pg'] as const).flatMap((mode) =>
    DASHBOARD_CALLS.map((call) => ({
      id: `content-${mode}-${call}/bare`,
      title: `content ${CALL_TITLE[call]}, ${
        mode === 'embedded' ? 'embedded / bare Fastify + PGlite' : 'distributed / bare Fastify + pg'
      }`,
      numerator: `content-${mode}-${call}`,
      denominator: `content-${mode}-bare-${call}`,
      target: null,
    })),
  ),
  // The service requests (service-requests.ts): the manager's detail against the one bare detail.
  ...(['embedded', 'pg'] as const).flatMap((mode) =>
    (
      [
        ['list', 'list', 'list, resident'],
        ['manager-list', 'manager-list', 'list, manager'],
        ['detail', 'detail', 'detail, resident'],
        ['manager-detail', 'detail', 'detail, manager'],
      ] as const
    ).map(([call, bare, title]) => ({
      id: `srq-${mode}-${call}/bare`,
      title: `srq ${title}, ${mode === 'embedded' ? 'embedded / bare Fastify + PGlite' : 'distributed / bare Fastify + pg'}`,
      numerator: `srq-${mode}-${call}`,
      denominator: `srq-${mode}-bare-${bare}`,
      target: null,
    })),
  ),
];

export function computeRatios(results: TargetResult[]): RatioResult[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  const measured = (ratio: Ratio) => byId.has(ratio.numerator) || byId.has(ratio.denominator);
  return RATIOS.filter(measured).map((ratio) => {
    const numerator = byId.get(ratio.numerator);
    const denominator = byId.get(ratio.denominator);
    const value =
      numerator && denominator?.requestsPerSecond
        ? numerator.requestsPerSecond / denominator.requestsPerSecond
        : null;
    const cpuOf = (r: TargetResult | undefined) => r?.serverCpuMicrosPerRequest ?? null;
    const [cpuNumerator, cpuDenominator] = [cpuOf(numerator), cpuOf(denominator)];
    const byCpu = cpuNumerator && cpuDenominator ? cpuDenominator / cpuNumerator : null;
    const met = value === null || ratio.target === null ? null : value >= ratio.target;
    const round = (n: number | null) => (n === null ? null : Number(n.toFixed(3)));
    return { ...ratio, value: round(value), byCpu: round(byCpu), met };
  });
}

/** The middle value (the lower middle of an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Per target, the record of the round with the median throughput, and every round's throughput. */
export function medianResults(rounds: TargetResult[][]): TargetResult[] {
  if (rounds.length <= 1) return rounds[0] ?? [];
  const ids = [...new Set(rounds.flat().map((r) => r.id))];
  return ids.map((id) => {
    const all = rounds.flatMap((results) => results.filter((r) => r.id === id));
    const middle = median(all.map((r) => r.requestsPerSecond));
    const chosen = all.find((r) => r.requestsPerSecond === middle)!;
    return { ...chosen, roundsRequestsPerSecond: all.map((r) => r.requestsPerSecond) };
  });
}

/**
 * One ratio from each round's: the median value (and by CPU), the lowest and highest of the rounds
 * as the spread, and the target judged on the median.
 */
export function combineRounds(perRound: RatioResult[][]): RatioResult[] {
  if (perRound.length <= 1) return perRound[0] ?? [];
  const ids = [...new Set(perRound.flat().map((r) => r.id))];
  return ids.map((id) => {
    const all = perRound.flatMap((ratios) => ratios.filter((r) => r.id === id));
    const first = all[0]!;
    const values = all.flatMap((r) => (r.value === null ? [] : [r.value]));
    const byCpu = all.flatMap((r) => (r.byCpu === null ? [] : [r.byCpu]));
    const value = values.length ? median(values) : null;
    return {
      ...first,
      value,
      byCpu: byCpu.length ? median(byCpu) : null,
      met: value === null || first.target === null ? null : value >= first.target,
      spread: values.length
        ? {
            min: Math.min(...values),
            max: Math.max(...values),
            byCpuMin: byCpu.length ? Math.min(...byCpu) : null,
            byCpuMax: byCpu.length ? Math.max(...byCpu) : null,
          }
        : null,
      rounds: values.length,
    };
  });
}

export interface LatencyCheck {
  id: string;
  title: string;
  p99Ms: number;
  targetMs: number;
  met: boolean;
}

/** The p99 targets of the measured targets that have one. */
export function latencyChecks(results: TargetResult[]): LatencyCheck[] {
  return results.flatMap((r) =>
    r.p99TargetMs === null
      ? []
      : [
          {
            id: r.id,
            title: r.title,
            // No answer within the measurement: every request took longer than it.
            p99Ms: r.requests ? r.latencyMs.p99 : Number.POSITIVE_INFINITY,
            targetMs: r.p99TargetMs,
            met: r.requests > 0 && r.latencyMs.p99 < r.p99TargetMs,
          },
        ],
  );
}

export function formatLatencyChecks(checks: LatencyCheck[]): string {
  return table(
    ['p99 target', 'p99 ms', 'target', 'result'],
    checks.map((c) => [
      c.title,
      Number.isFinite(c.p99Ms) ? fixed(c.p99Ms, 0) : 'no answer',
      `< ${c.targetMs}`,
      c.met ? 'met' : 'MISSED',
    ]),
    new Set([1, 2]),
  );
}

/** Failed requests of any kind: connection errors, timeouts and non-2xx answers. */
export function failures(result: Measurement): number {
  return result.errors + result.non2xx;
}

export function table(header: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const fixed = (n: number, digits: number) => n.toFixed(digits);

const cores = (r: TargetResult) =>
  Object.values(r.serverCpuCores)
    .map((c) => fixed(c, 2))
    .join('+');

/** One line per target while the run goes on. */
export function formatLine(r: TargetResult): string {
  const failed = failures(r) ? `  FAILED: ${r.errors} errors, ${r.non2xx} non-2xx` : '';
  return (
    `${r.title.padEnd(36)} ${fixed(r.requestsPerSecond, 0).padStart(6)} req/s` +
    `  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  (unloaded ${r.unloadedLatencyMs} ms)${failed}`
  );
}

export function formatResults(results: TargetResult[]): string {
  return table(
    [
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'unloaded ms',
      'requests',
      'errors',
      'non-2xx',
      'server CPU µs/req',
      'server cores',
      'autocannon cores',
    ],
    results.map((r) => [
      r.title,
      fixed(r.requestsPerSecond, 0),
      fixed(r.latencyMs.p50, 0),
      fixed(r.latencyMs.p99, 0),
      fixed(r.unloadedLatencyMs, 1),
      String(r.requests),
      String(r.errors),
      String(r.non2xx),
      r.serverCpuMicrosPerRequest === null ? 'n/a' : fixed(r.serverCpuMicrosPerRequest, 0),
      cores(r) || 'n/a',
      fixed(r.loadGeneratorCpuCores, 2),
    ]),
    new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
  );
}

export function formatRatios(ratios: RatioResult[]): string {
  const range = (min: number | null | undefined, max: number | null | undefined) =>
    min === null || min === undefined || max === null || max === undefined
      ? ''
      : ` (${fixed(min, 2)}–${fixed(max, 2)})`;
  return table(
    ['ratio', 'req/s (range of rounds)', 'by CPU/req (range)', 'target (req/s)', 'result'],
    ratios.map((r) => [
      r.title,
      r.value === null ? 'n/a' : `${fixed(r.value, 2)}${range(r.spread?.min, r.spread?.max)}`,
      r.byCpu === null ? 'n/a' : `${fixed(r.byCpu, 2)}${range(r.spread?.byCpuMin, r.spread?.byCpuMax)}`,
      r.target === null ? '-' : `>= ${fixed(r.target, 2)}`,
      r.met === null ? (r.target === null ? 'info' : 'not measured') : r.met ? 'met' : 'MISSED',
    ]),
    new Set([1, 2, 3]),
  );
}
