/**
 * The worker thread of open-loop load (load.ts `measure` with `rate`): requests start at evenly
 * spaced moments for the duration, over as many keep-alive connections as they need (undici's
 * pool), and latency counts from the moment a request was due, so a late send is not hidden. The
 * thread holds nothing but this, so its own garbage collection stays short.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadOptions, Measurement } from './load.js';

/** BENCH_SLOW_MS: print each request slower than this, with when it was due (a diagnosis aid). */
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 0);

/** The value at fraction q (0…1) of sorted values, whole milliseconds as autocannon reports. */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
}

async function paced(options: LoadOptions & { rate: number }, report: boolean): Promise<Measurement> {
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
          const took = performance.now() - due;
          latencies.push(took);
          if (report && SLOW_MS && took > SLOW_MS)
            console.log(`slow: ${Math.round(took)} ms, due at ${Math.round(due - start)} ms`);
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

if (parentPort) {
  const options = workerData as LoadOptions & { rate: number };
  // A second unmeasured first: the thread's connections opened and its code compiled.
  await paced({ ...options, durationSeconds: 1 }, false);
  parentPort.postMessage(await paced(options, true));
}
