import { request } from 'node:http';
import { loadavg } from 'node:os';
import type { ServerProcess } from './processes.js';
import { table } from './report.js';

/**
 * Streamed downloads (a CSV export): one request, read to the end as fast as this process can,
 * counting bytes and lines, while the resident set size (VmRSS) of the serving processes is sampled
 * every 50 ms. Not autocannon: the figure is rows a second through one connection and the memory
 * the server needs for it.
 */

const SAMPLE_MS = 50;
const MB = 1024 * 1024;

export interface StreamTarget {
  id: string;
  title: string;
  measures: string;
  url: string;
  headers?: Record<string, string>;
  /** The first line (after a byte-order mark), to check that the answer is the export. */
  header: string;
  /** Data rows the answer must have (lines after the header). */
  expectedRows: number;
  /** The processes whose RSS is sampled (the rest of the scenario's servers count for CPU only). */
  watch: ServerProcess[];
  /** Rows a second the stream should reach at least. */
  rowsPerSecondTarget?: number;
  /** The RSS growth (peak − before) each watched process should stay under, in MB. */
  rssGrowthTargetMb?: number;
  /** The id of the baseline stream this one is compared with (rows a second). */
  baseline?: string;
  /**
   * Downloaded once before the measurement, unmeasured: a small answer of the same route, so that
   * the code path is compiled and connections are open (a first request of a fresh process).
   */
  warmupUrl?: string;
  timeoutSeconds?: number;
}

export interface RssSample {
  beforeMb: number;
  peakMb: number;
  afterMb: number;
  growthMb: number;
}

export interface StreamResult {
  id: string;
  title: string;
  measures: string;
  url: string;
  loadAverageBefore: number;
  status: number;
  rows: number;
  expectedRows: number;
  bytes: number;
  /** From sending the request to the last byte. */
  seconds: number;
  firstByteMs: number;
  rowsPerSecond: number;
  megabytesPerSecond: number;
  /** Per watched process. */
  rss: Record<string, RssSample>;
  /** The largest growth of a watched process. */
  rssGrowthMb: number;
  /** CPU cores each server process used on average during the stream. */
  serverCpuCores: Record<string, number>;
  rowsPerSecondTarget: number | null;
  rssGrowthTargetMb: number | null;
  baseline: string | null;
  /** What went wrong with the answer (status, header, row count), or null. */
  problem: string | null;
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

/** Read the whole answer through node:http (less overhead than fetch's web streams). */
function download(target: Pick<StreamTarget, 'url' | 'headers' | 'timeoutSeconds'>) {
  return new Promise<{ status: number; bytes: number; lines: number; head: string; firstByteMs: number }>(
    (resolve, reject) => {
      const t0 = performance.now();
      const req = request(target.url, { headers: target.headers ?? {} }, (res) => {
        let bytes = 0;
        let lines = 0;
        let head = '';
        let firstByteMs = -1;
        res.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - t0;
          if (head.length < 2000) head += chunk.subarray(0, 2000).toString('utf8');
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines, head, firstByteMs }));
        res.on('error', reject);
      });
      req.setTimeout((target.timeoutSeconds ?? 300) * 1000, () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.end();
    },
  );
}

/** Download the stream once, sampling the watched processes' RSS meanwhile. */
export async function measureStream(target: StreamTarget, servers: ServerProcess[]): Promise<StreamResult> {
  if (target.warmupUrl) {
    const warm = await download({ ...target, url: target.warmupUrl });
    if (warm.status !== 200)
      throw new Error(`${target.id}: warm-up answered ${warm.status}: ${warm.head.slice(0, 300)}`);
  }
  const loadAverageBefore = loadavg()[0] ?? 0;
  const mb = (bytes: number | null) => (bytes ?? 0) / MB;
  const rss = new Map(
    target.watch.map((s) => {
      const before = mb(s.rssBytes());
      return [s.name, { beforeMb: before, peakMb: before, afterMb: before }];
    }),
  );
  const sample = () => {
    for (const s of target.watch) {
      const entry = rss.get(s.name)!;
      entry.peakMb = Math.max(entry.peakMb, mb(s.rssBytes()));
    }
  };
  const cpuBefore = servers.map((s) => s.cpuSeconds());
  const timer = setInterval(sample, SAMPLE_MS);
  const t0 = performance.now();
  let answer: Awaited<ReturnType<typeof download>>;
  try {
    answer = await download(target);
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - t0) / 1000;
  sample();
  const serverCpuCores: Record<string, number> = {};
  servers.forEach((s, i) => {
    const before = cpuBefore[i];
    const after = s.cpuSeconds();
    if (before !== null && before !== undefined && after !== null) {
      serverCpuCores[s.name] = round((after - before) / seconds, 3);
    }
  });
  for (const s of target.watch) rss.get(s.name)!.afterMb = mb(s.rssBytes());
  const rows = Math.max(0, answer.lines - 1);
  const firstLine = answer.head.replace(/^\ufeff/, '').split(/\r?\n/)[0] ?? '';
  const problem =
    answer.status !== 200
      ? `status ${answer.status}: ${answer.head.slice(0, 300)}`
      : firstLine !== target.header
        ? `unexpected header "${firstLine.slice(0, 200)}"`
        : rows !== target.expectedRows
          ? `${rows} rows, expected ${target.expectedRows}`
          : null;
  const rssOut: Record<string, RssSample> = {};
  for (const [name, r] of rss) {
    rssOut[name] = {
      beforeMb: round(r.beforeMb, 1),
      peakMb: round(r.peakMb, 1),
      afterMb: round(r.afterMb, 1),
      growthMb: round(r.peakMb - r.beforeMb, 1),
    };
  }
  return {
    id: target.id,
    title: target.title,
    measures: target.measures,
    url: target.url,
    loadAverageBefore,
    status: answer.status,
    rows,
    expectedRows: target.expectedRows,
    bytes: answer.bytes,
    seconds: round(seconds, 3),
    firstByteMs: round(answer.firstByteMs, 1),
    rowsPerSecond: round(rows / seconds, 0),
    megabytesPerSecond: round(answer.bytes / MB / seconds, 2),
    rss: rssOut,
    rssGrowthMb: Math.max(0, ...Object.values(rssOut).map((r) => r.growthMb)),
    serverCpuCores,
    rowsPerSecondTarget: target.rowsPerSecondTarget ?? null,
    rssGrowthTargetMb: target.rssGrowthTargetMb ?? null,
    baseline: target.baseline ?? null,
    problem,
  };
}

/** One line per stream while the run goes on. */
export function formatStreamLine(r: StreamResult): string {
  const rss = Object.entries(r.rss)
    .map(([name, s]) => `${name} ${s.beforeMb.toFixed(0)}→${s.peakMb.toFixed(0)} MB`)
    .join(', ');
  return (
    `${r.title.padEnd(36)} ${r.rows} rows, ${(r.bytes / MB).toFixed(1)} MB in ${r.seconds.toFixed(2)} s: ` +
    `${r.rowsPerSecond.toFixed(0)} rows/s, first byte ${r.firstByteMs.toFixed(0)} ms, RSS ${rss}` +
    (r.problem ? `  FAILED: ${r.problem}` : '')
  );
}

export interface StreamCheck {
  id: string;
  title: string;
  what: 'rows/s' | 'RSS growth MB';
  value: number;
  target: string;
  met: boolean;
}

/** The rows-a-second and RSS targets of the measured streams. */
export function streamChecks(results: StreamResult[]): StreamCheck[] {
  return results.flatMap((r) => [
    ...(r.rowsPerSecondTarget === null
      ? []
      : [
          {
            id: r.id,
            title: r.title,
            what: 'rows/s' as const,
            value: r.rowsPerSecond,
            target: `>= ${r.rowsPerSecondTarget}`,
            met: !r.problem && r.rowsPerSecond >= r.rowsPerSecondTarget,
          },
        ]),
    ...(r.rssGrowthTargetMb === null
      ? []
      : [
          {
            id: r.id,
            title: r.title,
            what: 'RSS growth MB' as const,
            value: r.rssGrowthMb,
            target: `< ${r.rssGrowthTargetMb}`,
            met: r.rssGrowthMb < r.rssGrowthTargetMb,
          },
        ]),
  ]);
}

export function formatStreams(results: StreamResult[]): string {
  const byId = new Map(results.map((r) => [r.id, r]));
  return table(
    [
      'stream',
      'rows',
      'MB',
      's',
      'rows/s',
      'MB/s',
      'first byte ms',
      'RSS before→peak MB (growth)',
      'server cores',
      'vs baseline',
      'same bytes',
    ],
    results.map((r) => {
      const base = r.baseline ? byId.get(r.baseline) : undefined;
      return [
        r.title,
        String(r.rows),
        (r.bytes / MB).toFixed(1),
        r.seconds.toFixed(2),
        r.rowsPerSecond.toFixed(0),
        r.megabytesPerSecond.toFixed(1),
        r.firstByteMs.toFixed(0),
        Object.entries(r.rss)
          .map(
            ([name, s]) =>
              `${name} ${s.beforeMb.toFixed(0)}→${s.peakMb.toFixed(0)} (${s.growthMb.toFixed(0)})`,
          )
          .join(', '),
        Object.values(r.serverCpuCores)
          .map((c) => c.toFixed(2))
          .join('+'),
        base?.rowsPerSecond ? (r.rowsPerSecond / base.rowsPerSecond).toFixed(2) : '-',
        // The baseline writes the same CSV: a different length means a different answer.
        base ? (base.bytes === r.bytes ? 'yes' : 'NO') : '-',
      ];
    }),
    new Set([1, 2, 3, 4, 5, 6, 8, 9]),
  );
}

export function formatStreamChecks(checks: StreamCheck[]): string {
  return table(
    ['stream target', 'measured', 'value', 'target', 'result'],
    checks.map((c) => [
      c.title,
      c.what,
      c.value.toFixed(c.what === 'rows/s' ? 0 : 1),
      c.target,
      c.met ? 'met' : 'MISSED',
    ]),
    new Set([2]),
  );
}
