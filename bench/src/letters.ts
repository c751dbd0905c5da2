/**
 * E-mail letters (issue 21), on the built portal in the embedded mode (the gateway with PGlite)
 * sending to an SMTP server in this process (smtp-server, accepting everything):
 *
 * 1. A letter with 10,000 named recipients imported from one CSV file: the wizard's recipient step
 *    (`GET /letters/:id/audience`, every address resolved as sending would freeze it, and the first
 *    page of `GET /letters/:id/recipients`) — at most 200 ms — timed over 20 calls each (median and
 *    the slowest), against `/healthz` called the same way.
 * 2. The send: from `POST /letters/:id/send` until the server has accepted all 10,000 mails — at
 *    most 60 s — with the gateway's RSS growth while it sends (at most 100 MB), and the mails a
 *    second.
 *
 *   npm run bench:letters -w bench        (LETTERS_SEND_PER_SECOND: the portal's pace, default 200)
 *
 * Writes bench/results/letters.json.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort, killAll, startServer, withRss } from './processes.js';
import { portaEnv, type ScenarioContext, script, signIn } from './scenarios.js';
import { RESULTS_DIR, readSettings } from './settings.js';

process.on('exit', killAll);

const RECIPIENTS = Number(process.env.BENCH_LETTERS_RECIPIENTS ?? 10_000);
const CALLS = 20;
const TARGETS = { recipientStepMs: 200, sendSeconds: 60, sendRssMb: 100 };

const settings = readSettings();
const dataDir = mkdtempSync(join(tmpdir(), 'porta-bench-letters-'));
const context: ScenarioContext = { settings, dataDir };

// The mail server: counts what it accepted of each letter.
const accepted = new Map<string, number>();
const sink = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 8192) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      const letter = /^X-Porta-Letter:\s*(\S+)/im.exec(head)?.[1] ?? '';
      accepted.set(letter, (accepted.get(letter) ?? 0) + 1);
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpPort = (sink.server.address() as AddressInfo).port;

const port = await freePort();
const gateway = await startServer({
  name: 'letters-embedded',
  script: script(settings, 'gateway'),
  fromSource: settings.fromSource,
  env: {
    ...portaEnv(context),
    MODE: 'embedded',
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...(process.env.LETTERS_SEND_PER_SECOND
      ? { LETTERS_SEND_PER_SECOND: process.env.LETTERS_SEND_PER_SECOND }
      : {}),
  },
  port,
  readyPath: '/readyz',
  readyTimeoutMs: 180_000,
});
const base = gateway.url;

async function call<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  type = 'application/json',
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': type } : {}) },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** `calls` calls of `run` one after another: the median and the slowest, in ms. */
async function timed(run: () => Promise<unknown>, calls = CALLS) {
  const took: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await run();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { medianMs: round(took[Math.floor(took.length / 2)]!), maxMs: round(took.at(-1)!) };
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

try {
  const manager = await signIn(base, 'manager@demo.porta.test');
  const me = await call<{ hcs: { id: string; hcExt: string }[] }>(manager, 'GET', '/api/identity/me');
  const hc = me.hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
  const letter = await call<{ id: string }>(manager, 'POST', `/api/letters/housing-companies/${hc}/letters`, {
    title: 'Bench letter',
    content: '<p>Hello from the bench.</p>',
  });
  const csv = [
    'name,email',
    ...Array.from({ length: RECIPIENTS }, (_, i) => `Person ${i},bench${i}@example.com`),
  ].join('\n');
  const importStarted = performance.now();
  const imported = await call<{ added: number; failedCount: number }>(
    manager,
    'POST',
    `/api/letters/letters/${letter.id}/recipients/csv`,
    csv,
    'text/csv',
  );
  const importMs = performance.now() - importStarted;
  if (imported.added !== RECIPIENTS) throw new Error(`the import added ${imported.added}`);

  const audience = await timed(() => call(manager, 'GET', `/api/letters/letters/${letter.id}/audience`));
  const page = await timed(() =>
    call(manager, 'GET', `/api/letters/letters/${letter.id}/recipients?limit=25`),
  );
  const healthz = await timed(() => fetch(`${base}/healthz`).then((r) => r.text()));

  const sent = await withRss(gateway, async () => {
    const started = performance.now();
    await call(manager, 'POST', `/api/letters/letters/${letter.id}/send`);
    while ((accepted.get(letter.id) ?? 0) < RECIPIENTS) {
      if (performance.now() - started > Number(process.env.BENCH_LETTERS_GIVE_UP_MS ?? 600_000))
        throw new Error(
          `the send did not finish: accepted ${JSON.stringify([...accepted])}, progress ${JSON.stringify(
            await call(manager, 'GET', `/api/letters/letters/${letter.id}/progress`),
          )}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (performance.now() - started) / 1000;
  });
  const progress = await call<{ status: string; counts: Record<string, number> }>(
    manager,
    'GET',
    `/api/letters/letters/${letter.id}/progress`,
  );

  const result = {
    at: new Date().toISOString(),
    node: process.version,
    recipients: RECIPIENTS,
    sendPerSecondSetting: Number(process.env.LETTERS_SEND_PER_SECOND ?? 200),
    importSeconds: round(importMs / 1000, 2),
    recipientStep: {
      audience,
      firstPage: page,
      healthz,
      targetMs: TARGETS.recipientStepMs,
    },
    send: {
      seconds: round(sent.result, 1),
      mailsPerSecond: round(RECIPIENTS / sent.result),
      rssGrowthMb: round(sent.growthMb),
      targetSeconds: TARGETS.sendSeconds,
      rssTargetMb: TARGETS.sendRssMb,
      logAfter: progress,
    },
  };
  const met = {
    recipientStep: audience.maxMs <= TARGETS.recipientStepMs && page.maxMs <= TARGETS.recipientStepMs,
    send: sent.result <= TARGETS.sendSeconds && sent.growthMb <= TARGETS.sendRssMb,
  };
  console.log(JSON.stringify({ ...result, met }, null, 2));
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'letters.json'), `${JSON.stringify({ ...result, met }, null, 2)}\n`);
} finally {
  await gateway.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}
