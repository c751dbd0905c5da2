/**
 * Porta's throughput benchmark: every scenario's server runs as its own child process on a free
 * 127.0.0.1 port; autocannon loads it from this process. Settings by environment (settings.ts).
 * Writes bench/results/latest.json; exits 1 when a request failed, and when a ratio target is
 * missed with BENCH_ENFORCE=true.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { contentScenarios, contentSeedings, formatCurve } from './content.js';
import { type Measurement, measure } from './load.js';
import { dropDatabase, prepareDatabase } from './postgres.js';
import { killAll, type ServerProcess } from './processes.js';
import {
  combineRounds,
  computeRatios,
  failures,
  formatLatencyChecks,
  formatLine,
  formatRatios,
  formatResults,
  latencyChecks,
  medianResults,
  type TargetResult,
} from './report.js';
import { SCALE_SCENARIOS, scaleSeedings } from './scale.js';
import { SCENARIOS, type Scenario, type Target } from './scenarios.js';
import { serviceRequestScenarios, srqSeedings } from './service-requests.js';
import { RESULTS_DIR, readSettings } from './settings.js';
import {
  formatStreamChecks,
  formatStreamLine,
  formatStreams,
  measureStream,
  type StreamResult,
  streamChecks,
} from './stream.js';

const NEEDS_POSTGRES = new Set(['pg', 'distributed-me', 'identity-me']);

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers.`);
    killAll();
    process.exit(130);
  });
}

const settings = readSettings();
/** BENCH_ONLY entries name ids or groups of them ("scale", "scale-pg": every id they start). */
const named = (id: string) => settings.only.some((entry) => id === entry || id.startsWith(`${entry}-`));
/** Without BENCH_ONLY every scenario runs except the opt-in ones. */
const selectedIn = (scenario: Scenario) => (id: string) =>
  settings.only.length === 0 ? !scenario.optIn : named(id);
mkdirSync(join(RESULTS_DIR, 'logs'), { recursive: true });

/** How Porta was built for the run (main.ts built it before this module was loaded). */
const build = process.env.BENCH_BUILD_NOTE ?? 'dist';

const scenarios = [
  ...SCENARIOS,
  ...SCALE_SCENARIOS,
  ...contentScenarios(settings),
  ...serviceRequestScenarios(),
].filter((s) => s.ids.some(selectedIn(s)));
const usesPostgres = scenarios.some((s) => s.ids.some((id) => selectedIn(s)(id) && NEEDS_POSTGRES.has(id)));
const postgresVersion = usesPostgres ? await prepareDatabase(settings.postgresUrl, settings.database) : null;

console.log(
  `\n${settings.durationSeconds} s per scenario (after ${settings.warmupSeconds} s warm-up), ` +
    `${settings.rounds} round${settings.rounds === 1 ? '' : 's'}, ` +
    `${settings.connections} connections, Porta from ${build}, LOG_LEVEL=${settings.logLevel}, ` +
    `${cpus().length} CPUs, Node ${process.version}\n`,
);

/**
 * Ask once, outside the measurement, that the target answers what it should. The answer comes
 * after whatever an earlier load left queued in the server (autocannon drops its connections at
 * the end, the server still works through them), so it also waits until the server is idle.
 */
async function verify(target: Target) {
  const res = await fetch(target.url, {
    headers: target.headers ?? {},
    signal: AbortSignal.timeout(300_000),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (!res.ok || !target.check(body)) {
    throw new Error(`${target.id}: unexpected answer ${res.status} ${text.slice(0, 300)}`);
  }
  for (const call of target.cycle ?? []) {
    const answer = await fetch(call.url, {
      headers: call.headers ?? {},
      signal: AbortSignal.timeout(300_000),
    });
    if (!answer.ok) throw new Error(`${target.id}: ${call.url} answered ${answer.status}`);
    await answer.arrayBuffer();
  }
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

/** The median time of five requests one after the other on the otherwise idle server (ms). */
async function unloadedLatency(target: Target): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = await fetch(target.url, {
      headers: target.headers ?? {},
      signal: AbortSignal.timeout(60_000),
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return round(times.sort((a, b) => a - b)[2] ?? 0, 1);
}

/** Run the load and note the CPU the servers and this process (the load generator) used meanwhile. */
async function measureTarget(
  target: Target,
  servers: ServerProcess[],
  unloadedLatencyMs: number,
  load: () => Promise<Measurement>,
): Promise<TargetResult> {
  const loadAverageBefore = loadavg()[0] ?? 0;
  const serverCpuBefore = servers.map((s) => s.cpuSeconds());
  const generatorBefore = process.cpuUsage();
  const measurement = await load();
  const generator = process.cpuUsage(generatorBefore);
  const serverCpuCores: Record<string, number> = {};
  let total = 0;
  servers.forEach((server, i) => {
    const before = serverCpuBefore[i];
    const after = server.cpuSeconds();
    if (before === null || before === undefined || after === null) return;
    serverCpuCores[server.name] = round((after - before) / measurement.durationSeconds, 3);
    total += after - before;
  });
  const known = Object.keys(serverCpuCores).length === servers.length;
  return {
    id: target.id,
    title: target.title,
    measures: target.measures,
    url: target.url,
    loadAverageBefore,
    serverCpuCores,
    serverCpuMicrosPerRequest:
      known && measurement.requests ? round((total * 1e6) / measurement.requests, 1) : null,
    loadGeneratorCpuCores: round((generator.user + generator.system) / 1e6 / measurement.durationSeconds, 3),
    rate: target.rate ?? null,
    unloadedLatencyMs,
    p99TargetMs: target.p99TargetMs ?? null,
    ...measurement,
    requestsPerSecond: round(measurement.requestsPerSecond, 1),
  };
}

const rounds: TargetResult[][] = [];
const streams: StreamResult[] = [];
const problems: string[] = [];
/** Paced targets not measured because the server cannot answer that rate at all. */
const skipped: string[] = [];
const tempDirs: string[] = [];

/** One round: every selected scenario's servers started, its targets measured, the servers stopped. */
async function runRound(round: number): Promise<TargetResult[]> {
  const results: TargetResult[] = [];
  if (settings.rounds > 1) console.log(`\nRound ${round + 1} of ${settings.rounds}`);
  for (const scenario of scenarios) {
    const dataDir = mkdtempSync(join(tmpdir(), 'porta-bench-'));
    tempDirs.push(dataDir);
    let started: Awaited<ReturnType<typeof scenario.start>> | null = null;
    try {
      started = await scenario.start({ settings, dataDir });
      // The streams are measured in the first round only (their figures are not ratios).
      for (const stream of (round === 0 ? (started.streams ?? []) : []).filter((t) =>
        selectedIn(scenario)(t.id),
      )) {
        const result = await measureStream(stream, started.servers);
        streams.push(result);
        console.log(formatStreamLine(result));
        if (result.problem) problems.push(`${stream.id}: ${result.problem}`);
      }
      for (const target of started.targets.filter((t) => selectedIn(scenario)(t.id))) {
        const closedLoop = target.rate ? results.find((r) => r.id === target.pacedAfter) : undefined;
        if (target.rate && closedLoop && closedLoop.requestsPerSecond < target.rate * 1.1) {
          // Paced above what the server answers at all: requests would only pile up.
          const note = `${target.id}: skipped, ${closedLoop.requestsPerSecond} req/s at most is below the paced ${target.rate}/s`;
          if (round === 0) skipped.push(note);
          console.log(note);
          continue;
        }
        await verify(target);
        const load = {
          url: target.url,
          connections: settings.connections,
          ...(target.headers ? { headers: target.headers } : {}),
          rate: target.rate,
          timeoutSeconds: target.timeoutSeconds,
          cycle: target.cycle,
        };
        if (settings.warmupSeconds > 0) {
          const warmup = Math.max(settings.warmupSeconds, target.warmupSeconds ?? 0);
          await measure({ ...load, durationSeconds: warmup });
          await verify(target);
        }
        const unloaded = await unloadedLatency(target);
        const result = await measureTarget(target, started.servers, unloaded, () =>
          measure({ ...load, durationSeconds: settings.durationSeconds }),
        );
        results.push(result);
        // Let the server finish what the load left queued before the next target or the stop.
        await verify(target);
        console.log(formatLine(result));
        if (failures(result)) {
          problems.push(
            `${target.id}: ${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx answers`,
          );
        }
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      problems.push(`${scenario.ids.join(', ')}: ${message}`);
      console.error(`${scenario.ids.join(', ')} failed: ${message}`);
    } finally {
      for (const server of started?.servers ?? []) await server.stop();
      for (const process of started?.infrastructure ?? []) await process.stop();
    }
    // Let sockets and the scheduler settle before the next scenario.
    await sleep(1000);
  }
  return results;
}

for (let round = 0; round < settings.rounds; round++) rounds.push(await runRound(round));
/** Per target, the round of the median throughput (with every round's throughput). */
const results = medianResults(rounds);

const scale = await scaleSeedings();
for (const scenario of scenarios) {
  try {
    await scenario.cleanup?.(settings);
  } catch (err) {
    console.error(`cleanup of ${scenario.ids[0]}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
if (usesPostgres) await dropDatabase(settings.postgresUrl, settings.database);
for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });

const ratios = combineRounds(rounds.map(computeRatios));
const latency = latencyChecks(results);
const streamTargets = streamChecks(streams);
const missed = [
  ...streamTargets.filter((c) => !c.met).map((c) => `${c.title} ${c.what} ${c.value} (target ${c.target})`),
  ...ratios.filter((r) => r.met === false).map((r) => `${r.title} ${r.value?.toFixed(2)} < ${r.target}`),
  ...latency
    .filter((c) => !c.met)
    .map(
      (c) => `${c.title} p99 ${Number.isFinite(c.p99Ms) ? `${c.p99Ms} ms` : 'no answer'} >= ${c.targetMs} ms`,
    ),
];
console.log(`\n${formatResults(results)}\n\n${formatRatios(ratios)}\n`);
if (latency.length) console.log(`${formatLatencyChecks(latency)}\n`);
if (streams.length) console.log(`${formatStreams(streams)}\n\n${formatStreamChecks(streamTargets)}\n`);
const curve = formatCurve(results);
if (curve) console.log(`${curve}\n`);
if (skipped.length) console.log(`Not measured:\n  ${skipped.join('\n  ')}\n`);

const report = {
  date: new Date().toISOString(),
  settings: {
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    rounds: settings.rounds,
    connections: settings.connections,
    logLevel: settings.logLevel,
    build,
    ...(scale.length
      ? { scale: settings.scale, scaleQuery: settings.scaleQuery, scaleRate: settings.scaleRate || null }
      : {}),
  },
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    postgres: postgresVersion ?? scale.find((f) => f.serverVersion)?.serverVersion ?? null,
  },
  content: contentSeedings().length
    ? {
        seedings: contentSeedings(),
        fractions: settings.contentFractions,
        pages: settings.contentPages,
      }
    : null,
  scale: scale.map((f) => ({
    mode: f.mode,
    seeding: f.seeding,
    resident: f.subjects.resident,
    searchQuery: settings.scaleQuery,
    searchMatches: f.subjects.searchMatches,
  })),
  serviceRequests: srqSeedings().length ? srqSeedings() : null,
  results,
  ratios,
  latency,
  streams,
  streamChecks: streamTargets,
  skipped,
  problems,
  ok: problems.length === 0,
  targetsMet: missed.length === 0,
};
const file = join(RESULTS_DIR, 'latest.json');
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`Results: ${file}  (server logs: ${join(RESULTS_DIR, 'logs')})`);

if (problems.length) {
  console.error(`\nThe run FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
if (missed.length) {
  const list = missed.join('; ');
  if (settings.enforce) {
    console.error(`Targets missed (BENCH_ENFORCE=true): ${list}`);
    process.exit(1);
  }
  console.warn(`Targets missed (not enforced; set BENCH_ENFORCE=true to fail): ${list}`);
}
