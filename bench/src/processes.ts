import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RESULTS_DIR, ROOT } from './settings.js';

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port was assigned'));
      });
    });
  });
}

export interface ServerProcess {
  name: string;
  url: string;
  logFile: string;
  /** CPU time (user + system) the process has used so far, in seconds; null where /proc is missing. */
  cpuSeconds(): number | null;
  /** Resident set size now (VmRSS of /proc/<pid>/status), in bytes; null where /proc is missing. */
  rssBytes(): number | null;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ): 100 on every Linux that Porta runs on. */
const USER_HZ = 100;

function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return null;
  }
}

function rssBytesOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const running = new Set<ChildProcess>();

/** Kill whatever is still running; for exits that cannot wait (errors, Ctrl-C). */
export function killAll() {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export interface StartOptions {
  name: string;
  /** A script under the repo root: .js runs as is, .ts through tsx. */
  script: string;
  /** Resolve workspace packages to their TypeScript sources. */
  fromSource: boolean;
  env: Record<string, string>;
  port: number;
  /** Path answered with 2xx (and, when it answers a JSON status, 'ok') once the server is ready. */
  readyPath: string;
  readyTimeoutMs?: number;
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Whether a readiness answer says every check is ok. Porta's /readyz answers 200 with status
 * 'degraded' while something it uses is not up (a service behind the gateway, the broker), so a
 * 2xx alone does not mean the cluster is up; answers without a status (bare servers, web pages)
 * count by their status code alone.
 */
function allChecksOk(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { status?: unknown };
    return typeof parsed?.status !== 'string' || parsed.status === 'ok';
  } catch {
    return true;
  }
}

/**
 * Start a server under test as its own Node process on 127.0.0.1:port. Its output goes straight
 * to a log file (the kernel writes it; the load generator spends no CPU on it). Resolves once
 * readyPath answers 2xx with every check ok (allChecksOk).
 */
/** BENCH_NODE_ARGS: more node options for the servers, such as --trace-gc or --cpu-prof (a diagnosis aid). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const logFile = join(RESULTS_DIR, 'logs', `${options.name}.log`);
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'w');
  const args = [
    ...NODE_ARGS,
    ...(options.fromSource ? ['--conditions=@porta/source'] : []),
    ...(options.script.endsWith('.ts') ? ['--import', 'tsx'] : []),
    options.script,
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(options.port), ...options.env },
  });
  closeSync(fd);
  running.add(child);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(signal ?? code ?? 0);
    });
  });
  let exit: number | string | undefined;
  void exited.then((value) => {
    exit = value;
  });

  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (exit !== undefined) {
      throw new Error(`${options.name} exited (${exit}) before it was ready:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${url}${options.readyPath}`, { signal: AbortSignal.timeout(2000) });
      const body = await res.text();
      if (res.ok && allChecksOk(body)) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} was not ready within the time limit:\n${tail(logFile)}`);
    }
    await sleep(150);
  }

  return {
    name: options.name,
    url,
    logFile,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    rssBytes: () => rssBytesOf(child.pid),
    async stop() {
      if (exit !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Can a TCP connection to 127.0.0.1:port be made now? */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A private NATS server with JetStream (store in storeDir) on 127.0.0.1:port, for the distributed
 * scenarios that need a bus: its streams and consumers are the run's own, not those of whatever
 * else uses the machine's NATS. `binary` is the nats-server executable.
 */
export async function startNatsServer(options: {
  name: string;
  binary: string;
  port: number;
  storeDir: string;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const logFile = join(RESULTS_DIR, 'logs', `${options.name}.log`);
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'w');
  const child = spawn(
    options.binary,
    ['-a', '127.0.0.1', '-p', String(options.port), '-js', '-sd', options.storeDir],
    { stdio: ['ignore', fd, fd] },
  );
  closeSync(fd);
  running.add(child);
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('error', (err) => {
      exit = err.message;
      running.delete(child);
      resolve();
    });
    child.once('exit', (code, signal) => {
      exit = String(signal ?? code);
      running.delete(child);
      resolve();
    });
  });
  const deadline = Date.now() + 20_000;
  while (!(await accepting(options.port))) {
    if (exit !== undefined || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `${options.name} (${options.binary}) did not start${exit ? `: ${exit}` : ''}:\n${tail(logFile)}`,
      );
    }
    await sleep(100);
  }
  return {
    url: `nats://127.0.0.1:${options.port}`,
    async stop() {
      if (exit !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const MB = 1024 * 1024;

/** A server's RSS sampled every 50 ms while `work` runs: before, peak and growth in MB. */
export async function withRss<T>(server: ServerProcess, work: () => Promise<T>) {
  const before = server.rssBytes() ?? 0;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssBytes() ?? 0);
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, server.rssBytes() ?? 0);
    return { result, beforeMb: before / MB, peakMb: peak / MB, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(timer);
  }
}
