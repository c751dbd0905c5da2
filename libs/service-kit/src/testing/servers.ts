import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from './services.js';

/*
 * A broker or Redis of a fault test's own, on a free port of this machine, that the test may stop,
 * kill and start again without touching the servers everything else shares. The binaries are the
 * machine's (Debian's nats-server and redis-server, as CI installs them).
 */

/** A free TCP port on 127.0.0.1 (the port 0 trick: bound, read, released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface OwnServer {
  readonly url: string;
  readonly port: number;
  /** Whether the server process runs now. */
  readonly running: boolean;
  /** Start it (again) on the same port; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stop it: SIGTERM (the server's clean stop), or SIGKILL with `hard`. */
  stop(hard?: boolean): Promise<void>;
  /** Stop it for good and remove its files. */
  dispose(): Promise<void>;
}

async function waitUntilAccepting(url: string, child: ChildProcess, what: string, output: () => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output()}`);
    if ((await probe(url, 500)).ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not start:\n${output()}`);
}

function ownServer(
  what: string,
  scheme: string,
  binary: string,
  args: (port: number, dir: string) => string[],
): (port?: number) => Promise<OwnServer> {
  return async (wantedPort) => {
    const port = wantedPort ?? (await freePort());
    const dir = mkdtempSync(join(tmpdir(), `porta-${what}-`));
    const url = `${scheme}://127.0.0.1:${port}`;
    let child: ChildProcess | null = null;
    let output = '';
    const server: OwnServer = {
      url,
      port,
      get running() {
        return child !== null && child.exitCode === null && child.signalCode === null;
      },
      async start() {
        if (server.running) return;
        output = '';
        const started = spawn(binary, args(port, dir), { stdio: ['ignore', 'pipe', 'pipe'] });
        child = started;
        started.stdout?.on('data', (chunk: Buffer) => {
          output = (output + chunk.toString()).slice(-8_000);
        });
        started.stderr?.on('data', (chunk: Buffer) => {
          output = (output + chunk.toString()).slice(-8_000);
        });
        await waitUntilAccepting(url, started, what, () => output);
      },
      async stop(hard = false) {
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return;
        await new Promise<void>((resolve) => {
          running.once('exit', () => resolve());
          running.kill(hard ? 'SIGKILL' : 'SIGTERM');
        });
      },
      async dispose() {
        await server.stop(true);
        rmSync(dir, { recursive: true, force: true });
      },
    };
    await server.start();
    return server;
  };
}

/** A NATS server with JetStream of the test's own (its store in a temporary folder). */
export const startNatsServer = ownServer(
  'nats',
  'nats',
  process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server',
  (port, dir) => ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir],
);

/**
 * A Redis of the test's own that keeps nothing on disk, so that a restart brings it back empty
 * (as a Redis without persistence, or a new one after a failover, comes back).
 */
export const startRedisServer = ownServer(
  'redis',
  'redis',
  process.env.REDIS_SERVER_BIN ?? 'redis-server',
  (port, dir) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ],
);
