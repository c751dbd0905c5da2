import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * Issue 15, point 9: the process logger keeps ordinary lines in a buffer so that logging does not
 * hold up requests, but no line may sit there for minutes or die with the process. A child
 * process logs and waits; the test reads its standard output and kills it with SIGKILL, as an
 * operator's kill -9 or the kernel's OOM killer would.
 */

const fixture = fileURLToPath(new URL('./fixtures/logger-process.ts', import.meta.url));
const cwd = fileURLToPath(new URL('../', import.meta.url));

interface Logging {
  child: ChildProcess;
  /** What reached standard output so far: every complete line, parsed. */
  lines(): { level: number; msg: string; reqId?: string }[];
  /**
   * Resolves when the child has logged (its `logged <n>` on standard error), with n: how many
   * writes to standard output its info call made.
   */
  logged: Promise<number>;
  /** SIGKILL; resolves when the process has gone and its output pipe is read to the end. */
  kill(): Promise<void>;
}

const started: ChildProcess[] = [];

function startLogging(mode: 'info' | 'error'): Logging {
  const child = spawn(process.execPath, ['--conditions=@porta/source', '--import', 'tsx', fixture, mode], {
    cwd,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const stdoutClosed = new Promise<void>((resolve) => child.stdout?.once('close', () => resolve()));
  const logged = new Promise<number>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const marker = /logged (\d+)\n/.exec(stderr);
      if (marker) resolve(Number(marker[1]));
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`the logging process ended (${code ?? signal}) before it logged:\n${stderr}`)),
    );
    setTimeout(() => reject(new Error(`the logging process did not log in time:\n${stderr}`)), 30_000);
  });
  return {
    child,
    logged,
    lines: () =>
      stdout
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line)),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      }
      await stdoutClosed;
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

describe('createLogger', () => {
  it('writes an error line through at once, with the lines before it, so that a kill -9 keeps it', async () => {
    const logging = startLogging('error');
    expect(await logging.logged, 'writes made by the info call').toBe(0);
    // Killed the moment it has logged: nothing after the error call had a chance to run.
    await logging.kill();
    expect(logging.lines().map(({ level, msg, reqId }) => ({ level, msg, reqId }))).toEqual([
      { level: 30, msg: 'an ordinary line', reqId: undefined },
      { level: 50, msg: 'the line that explains the crash', reqId: 'req-1' },
    ]);
  });

  it('writes a buffered ordinary line out within about a second of a quiet process', async () => {
    const logging = startLogging('info');
    // The ordinary line waits in the buffer: the log call itself writes nothing.
    expect(await logging.logged, 'writes made by the info call').toBe(0);
    const loggedAt = Date.now();
    const arrived = await until(() => logging.lines().length > 0, 2_000);
    const tookMs = Date.now() - loggedAt;
    await logging.kill();
    expect(arrived, 'the info line reached standard output within 2 s').toBe(true);
    expect(logging.lines().map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 30, msg: 'an ordinary line' },
    ]);
    expect(tookMs).toBeLessThan(2_000);
    console.log(`a buffered info line of a quiet process reached standard output after ${tookMs} ms`);
  });
});
