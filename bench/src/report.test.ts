import { describe, expect, it } from 'vitest';
import { combineRounds, computeRatios, formatRatios, medianResults, type TargetResult } from './report.js';

/** A measured target with the throughput and CPU per request that matter here. */
function result(id: string, requestsPerSecond: number, serverCpuMicrosPerRequest: number): TargetResult {
  return {
    id,
    title: id,
    measures: '',
    url: 'http://127.0.0.1/',
    loadAverageBefore: 0,
    serverCpuCores: {},
    serverCpuMicrosPerRequest,
    loadGeneratorCpuCores: 0,
    unloadedLatencyMs: 1,
    rate: null,
    p99TargetMs: null,
    requests: requestsPerSecond * 6,
    requestsPerSecond,
    durationSeconds: 6,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    latencyMs: { p50: 1, p99: 3, average: 1, max: 4 },
  };
}

const rounds = [
  [result('bare', 10_000, 100), result('stack', 6_000, 160)],
  [result('bare', 8_000, 120), result('stack', 6_400, 150)],
  [result('bare', 12_000, 90), result('stack', 6_600, 140)],
];

describe('several rounds', () => {
  it("give each ratio the median of the rounds' values, their range, and judge the median", () => {
    const [stackBare] = combineRounds(rounds.map(computeRatios));
    expect(stackBare!.id).toBe('stack/bare');
    // 0.6, 0.8 and 0.55: the median is 0.6, the range 0.55–0.8.
    expect(stackBare!.value).toBe(0.6);
    expect(stackBare!.spread).toEqual({ min: 0.55, max: 0.8, byCpuMin: 0.625, byCpuMax: 0.8 });
    expect(stackBare!.byCpu).toBe(0.643);
    expect(stackBare!.met).toBe(true);
    expect(stackBare!.rounds).toBe(3);
    expect(formatRatios([stackBare!])).toContain('0.60 (0.55–0.80)');
  });

  it('miss a target when the median misses it, whatever the best round did', () => {
    const worse = rounds.map(([bare, stack]) => [
      bare!,
      { ...stack!, requestsPerSecond: stack!.requestsPerSecond * 0.9 },
    ]);
    const [stackBare] = combineRounds(worse.map(computeRatios));
    expect(stackBare!.spread!.max).toBeGreaterThan(0.6);
    expect(stackBare!.met).toBe(false);
  });

  it("report per target the median round's record with every round's throughput", () => {
    const [bare, stack] = medianResults(rounds);
    expect(bare!.requestsPerSecond).toBe(10_000);
    expect(bare!.serverCpuMicrosPerRequest).toBe(100);
    expect(bare!.roundsRequestsPerSecond).toEqual([10_000, 8_000, 12_000]);
    expect(stack!.requestsPerSecond).toBe(6_400);
  });

  it('leave one round as it is', () => {
    expect(combineRounds([computeRatios(rounds[0]!)])).toEqual(computeRatios(rounds[0]!));
    expect(medianResults([rounds[0]!])).toBe(rounds[0]);
  });
});
