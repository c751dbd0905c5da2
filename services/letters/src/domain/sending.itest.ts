import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { SendProgress } from '@porta/contracts';
import { type IdentityNode, loginAs, startIdentityNode } from '@porta/identity/testing';
import { createNotifications, zNotificationsConfig } from '@porta/notifications';
import {
  type App,
  BullJobs,
  createService,
  createTokenVerifier,
  type Database,
  loadConfig,
  openDatabase,
  silentLogger,
} from '@porta/service-kit';
import {
  Closers,
  cleanupNats,
  cleanupRedis,
  createDatabases,
  databaseUrl,
  dropDatabases,
  itUrls,
  natsBus,
  requireService,
  runId,
  sleep,
  until,
} from '@porta/service-kit/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLetters } from '../app.js';
import { zLettersConfig } from '../config.js';

/**
 * The reliability points of issue 21 on real PostgreSQL, NATS JetStream, Redis (BullMQ) and a real
 * SMTP server: the letters service runs its sending job as its own process, which is killed
 * (SIGKILL) half-way through 1,000 recipients and started again; a recipient the server refuses
 * (550) fails alone; a mail server that is down for a while delays the send, which then completes.
 * The API (drafts, recipients, send, progress, log) runs in the test process, enqueueing only.
 */

const postgresUp = await requireService('PostgreSQL', itUrls.DATABASE_URL);
const natsUp = await requireService('NATS', itUrls.NATS_URL);
const redisUp = await requireService('Redis', itUrls.REDIS_URL);
const ns = runId();
const identityDatabase = `porta_it_ltr_${ns}_identity`;
const notificationsDatabase = `porta_it_ltr_${ns}_notifications`;
const lettersDatabase = `porta_it_ltr_${ns}_letters`;
const jobsPrefix = `porta-it-${ns}`;
const fixture = fileURLToPath(new URL('../testing/letters-process.ts', import.meta.url));
const P = '/api/letters';
const CROWD = 1_000;

// --- An SMTP server that records what it takes ----------------------------------------------

interface Received {
  /** RCPT TO addresses. */
  to: string[];
  messageId: string;
  /** The X-Porta-Letter header: the letter's id. */
  letter: string;
  at: number;
}

function header(raw: string, name: string): string {
  const end = raw.indexOf('\r\n\r\n');
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/**
 * A mail server on 127.0.0.1 that keeps every message it took, refuses the addresses in `refuse`
 * at RCPT TO (550), and takes `delayMs` over each message. `beforeAnswer` runs when a message has
 * been received, before the sender is told it was taken (250). Stopped, it closes the connections
 * it holds at once; started again, it listens on the port it had.
 */
class SmtpSink {
  readonly received: Received[] = [];
  readonly refuse = new Set<string>();
  beforeAnswer: ((message: Received) => Promise<void>) | null = null;
  port = 0;
  private server: SMTPServer | null = null;

  constructor(private readonly delayMs: number) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      closeTimeout: 100,
      onRcptTo: (address, _session, callback) => {
        if (this.refuse.has(address.address.toLowerCase())) {
          callback(
            Object.assign(new Error(`5.1.1 <${address.address}>: User unknown`), { responseCode: 550 }),
          );
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          setTimeout(() => {
            const message: Received = {
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              messageId: header(raw, 'Message-ID'),
              letter: header(raw, 'X-Porta-Letter'),
              at: Date.now(),
            };
            this.received.push(message);
            void (this.beforeAnswer?.(message) ?? Promise.resolve()).finally(() => callback());
          }, this.delayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    // A sender killed mid-message resets its connection: nothing to do about it here.
    server.on('error', () => undefined);
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  of(letterId: string): Received[] {
    return this.received.filter((m) => m.letter === letterId);
  }

  /** How many times each address got the letter. */
  timesOf(letterId: string): Map<string, number> {
    const times = new Map<string, number>();
    for (const m of this.of(letterId)) for (const to of m.to) times.set(to, (times.get(to) ?? 0) + 1);
    return times;
  }
}

// --- The letters process ----------------------------------------------------------------------

function startProcess(smtpPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=@porta/source', '--import', 'tsx', fixture], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(lettersDatabase),
      NATS_URL: itUrls.NATS_URL,
      REDIS_URL: itUrls.REDIS_URL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      IT_NS: ns,
      JOBS_PREFIX: jobsPrefix,
      LETTERS_SEND_PER_SECOND: '200',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`letters process not ready:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.IT_DEBUG === '1') process.stderr.write(`[child ${child.pid}] ${chunk}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`letters process exited (${code ?? signal}):\n${output}`));
    });
  });
}

function killed(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** SIGTERM (the process closes its connections), SIGKILL when it has not gone within 5 s. */
async function stopped(child: ChildProcess): Promise<void> {
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await killed(child, 'SIGTERM');
  clearTimeout(timer);
}

// --- The API in the test process: it enqueues the sending job, never runs it --------------------

async function startLettersApi(closers: Closers, identity: IdentityNode) {
  const config = loadConfig(zLettersConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = await openDatabase({ url: databaseUrl(lettersDatabase), poolSize: 5 });
  closers.add('letters database', () => database.close());
  const bus = await natsBus(ns, 'letters');
  closers.add('letters bus', () => bus.close());
  // Not started: no worker here, so the send runs in the letters process.
  const jobs = new BullJobs({ url: itUrls.REDIS_URL, prefix: jobsPrefix, logger: silentLogger });
  closers.add('letters jobs', () => jobs.close());
  const letters = createLetters({ database, config, logger: silentLogger, bus, jobs });
  closers.add('letters', () => letters.stop());
  await letters.migrate();
  await letters.start();
  const app = createService({
    name: 'letters',
    config,
    verifier: createTokenVerifier({
      kind: 'remote',
      url: `${identity.address}/api/identity/.well-known/jwks.json`,
    }),
  });
  closers.add('letters app', () => app.close());
  await app.register(letters.plugin);
  await app.ready();
  return { app, database };
}

/** notifications, so that the e-mail opt-outs are answered. */
async function startNotifications(closers: Closers) {
  const database = await openDatabase({ url: databaseUrl(notificationsDatabase), poolSize: 2 });
  closers.add('notifications database', () => database.close());
  const bus = await natsBus(ns, 'notifications');
  closers.add('notifications bus', () => bus.close());
  const notifications = createNotifications({
    database,
    config: loadConfig(zNotificationsConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    logger: silentLogger,
    bus,
  });
  closers.add('notifications', () => notifications.stop());
  await notifications.migrate();
  await notifications.start();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe.skipIf(!postgresUp || !natsUp || !redisUp)('sending a letter through a real SMTP server', () => {
  const closers = new Closers();
  const sink = new SmtpSink(3);
  let app: App;
  let letters: Database;
  let lindenCourt: string;
  let manager: Record<string, string>;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    await createDatabases(identityDatabase, notificationsDatabase, lettersDatabase);
    closers.add('databases', () => dropDatabases(identityDatabase, notificationsDatabase, lettersDatabase));
    closers.add('nats', () => cleanupNats(ns));
    closers.add('redis', () => cleanupRedis(jobsPrefix));
    await sink.start();
    closers.add('smtp sink', () => sink.stop());
    const identity = await startIdentityNode({ ns, databaseName: identityDatabase });
    closers.add('identity', () => identity.close());
    await identity.identity.start();
    await startNotifications(closers);
    ({ app, database: letters } = await startLettersApi(closers, identity));

    const admin = (await loginAs(identity.app, 'admin')).accessToken;
    const toggle = await identity.app.inject({
      method: 'POST',
      url: '/api/identity/admin/feature-toggles',
      headers: { authorization: `Bearer ${admin}` },
      payload: { featureId: 'email-letters', scope: 'global' },
    });
    expect(toggle.statusCode, toggle.body).toBe(201);
    manager = { authorization: `Bearer ${(await loginAs(identity.app, 'manager')).accessToken}` };
    const [hc] = await identity.database.query<{ id: string }>(
      `select id from identity.housing_companies where hc_ext = 'DEMO-2000'`,
    );
    lindenCourt = hc!.id;

    const started = Date.now();
    child = await startProcess(sink.port);
    console.log(`letters process ready in ${seconds(Date.now() - started)}`);
  }, 120_000);

  afterAll(async () => {
    if (child) await stopped(child);
    await closers.closeAll();
  });

  function call(method: 'GET' | 'POST', url: string, payload?: object) {
    return app.inject({ method, url: `${P}${url}`, headers: manager, ...(payload ? { payload } : {}) });
  }

  /** A draft to Linden Court with the given named recipients (imported from CSV). */
  async function letterTo(title: string, people: readonly [name: string, email: string][]) {
    const made = await call('POST', `/housing-companies/${lindenCourt}/letters`, {
      title,
      content: `<p>${title}: the water is off on Thursday from 9 to 12.</p>`,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: string }>().id;
    const csv = ['name,email', ...people.map(([name, email]) => `${name},${email}`), ''].join('\r\n');
    const imported = await app.inject({
      method: 'POST',
      url: `${P}/letters/${id}/recipients/csv`,
      payload: Buffer.from(csv, 'utf8'),
      headers: { ...manager, 'content-type': 'text/csv' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: people.length, failedCount: 0 });
    return id;
  }

  async function send(id: string): Promise<SendProgress> {
    const res = await call('POST', `/letters/${id}/send`);
    expect(res.statusCode, res.body).toBe(202);
    return res.json<SendProgress>();
  }

  async function progress(id: string): Promise<SendProgress> {
    const res = await call('GET', `/letters/${id}/progress`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SendProgress>();
  }

  /** Waits (looking every 250 ms) until the letter is sent; answers its progress. */
  async function sentWithin(id: string, timeoutMs: number): Promise<SendProgress> {
    let last: SendProgress | null = null;
    await until(
      async () => {
        await sleep(250);
        last = await progress(id);
        return last.status === 'sent';
      },
      timeoutMs,
      () => `letter ${id} to be sent (last progress: ${JSON.stringify(last)})`,
    );
    return last!;
  }

  async function logTotal(id: string, status: string): Promise<number> {
    const res = await call('GET', `/letters/${id}/deliveries?status=${status}&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ total: number }>().total;
  }

  it('sends every one of 1,000 recipients after a SIGKILL half-way and a restart, none twice but the one in flight', async () => {
    const crowd = Array.from(
      { length: CROWD },
      (_, i) => [`Person ${i + 1}`, `p${i + 1}@example.com`] as [string, string],
    );
    const id = await letterTo('Crowd letter', crowd);
    const queued = await send(id);
    const sendAt = Date.now();
    expect(queued).toMatchObject({ status: 'sending', total: CROWD });
    expect(queued.counts.queued).toBe(CROWD);

    // Some mails out, not all: the process dies, at the worst moment: the server has the 300th
    // mail, and the process is killed before it hears that the server took it.
    let inFlight = '';
    let killAt = 0;
    sink.beforeAnswer = async (message) => {
      if (message.letter !== id || sink.of(id).length < 300) return;
      sink.beforeAnswer = null;
      inFlight = message.to[0]!;
      await killed(child!);
      killAt = Date.now();
    };
    await until(
      () => killAt > 0,
      90_000,
      () => `the kill at 300 mails (${sink.of(id).length} so far)`,
    );
    const firstMailAt = Math.min(...sink.of(id).map((m) => m.at));
    const atKill = sink.of(id).length;
    expect(atKill).toBe(300);
    // Every mail before is in the log as sent; the one in flight is not.
    const stateAtKill = await progress(id);
    expect(stateAtKill.status).toBe('sending');
    expect(stateAtKill.counts.sent).toBe(atKill - 1);
    console.log(
      `SIGKILL ${seconds(killAt - sendAt)} after the send: ${atKill} mails taken by the server, ` +
        `the log says ${stateAtKill.counts.sent} sent; in flight: ${inFlight}`,
    );

    // Started again: once BullMQ finds the job stalled (its lock gone), the new worker goes on.
    child = await startProcess(sink.port);
    const readyAt = Date.now();
    const done = await sentWithin(id, 150_000);
    const doneAt = Date.now();
    const resumedAt = Math.min(
      ...sink
        .of(id)
        .filter((m) => m.at > killAt)
        .map((m) => m.at),
    );

    const times = sink.timesOf(id);
    const expected = crowd.map(([, email]) => email);
    expect(expected.filter((email) => !times.has(email))).toEqual([]);
    expect([...times.keys()].filter((email) => !expected.includes(email))).toEqual([]);
    const twice = [...times].filter(([, n]) => n === 2).map(([email]) => email);
    expect(twice.length).toBeLessThanOrEqual(1);
    expect(twice.filter((email) => email !== inFlight)).toEqual([]);
    expect([...times].filter(([, n]) => n > 2)).toEqual([]);

    // The log says so: 1,000 sent, none queued or failed, each with the Message-ID the server took.
    expect(done.counts).toMatchObject({ sent: CROWD, queued: 0, failed: 0, skipped: 0 });
    expect(await logTotal(id, 'sent')).toBe(CROWD);
    expect(await logTotal(id, 'queued')).toBe(0);
    expect(await logTotal(id, 'failed')).toBe(0);
    const rows = await letters.query<{ email: string; message_id: string | null }>(
      'select email, message_id from letters.deliveries where letter_id = $1',
      [id],
    );
    const idsByAddress = new Map<string, Set<string>>();
    for (const m of sink.of(id)) {
      for (const to of m.to) idsByAddress.set(to, (idsByAddress.get(to) ?? new Set()).add(m.messageId));
    }
    expect(rows.filter((r) => !r.message_id || !idsByAddress.get(r.email)?.has(r.message_id))).toEqual([]);
    const events = await letters.query<{ payload: { letterId: string; counts: Record<string, number> } }>(
      `select payload from letters.outbox where subject = 'letters.letter.sent.v1' and payload->>'letterId' = $1`,
      [id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.counts).toEqual({ sent: CROWD });

    console.log(
      `1,000 recipients: first mail ${seconds(firstMailAt - sendAt)} after the send; ` +
        `SIGKILL at ${seconds(killAt - sendAt)} with ${atKill} mails taken; ` +
        `restarted process ready ${seconds(readyAt - killAt)} after the kill; ` +
        `sending resumed ${seconds(resumedAt - killAt)} after the kill (BullMQ's stalled-job check); ` +
        `letter sent ${seconds(doneAt - sendAt)} after the send; ` +
        `addresses received twice: ${twice.length ? twice.join(', ') : 'none'}`,
    );
  }, 180_000);

  it('fails only the recipient the SMTP server refuses (550)', async () => {
    const refused = 'refused@example.com';
    sink.refuse.add(refused);
    const people: [string, string][] = [
      ['Aino Virtanen', 'aino@example.com'],
      ['Eero Laine', 'eero@example.com'],
      ['Refused Person', refused],
      ['Kaisa Mäkelä', 'kaisa@example.com'],
      ['Olli Nieminen', 'olli@example.com'],
    ];
    const id = await letterTo('Refused letter', people);
    const sendAt = Date.now();
    await send(id);
    const done = await sentWithin(id, 30_000);
    expect(done.counts).toMatchObject({ sent: 4, failed: 1, queued: 0 });
    const failed = await call('GET', `/letters/${id}/deliveries?status=failed`);
    expect(failed.statusCode, failed.body).toBe(200);
    const items = failed.json<{ items: { email: string; answer: string | null }[] }>().items;
    expect(items).toHaveLength(1);
    expect(items[0]!.email).toBe(refused);
    expect(items[0]!.answer).toContain('550');
    const times = sink.timesOf(id);
    expect(new Set(times.keys())).toEqual(new Set(people.map(([, e]) => e).filter((e) => e !== refused)));
    expect([...times.values()].every((n) => n === 1)).toBe(true);
    console.log(
      `5 recipients, one refused: sent in ${seconds(Date.now() - sendAt)}; answer ${items[0]!.answer}`,
    );
  }, 60_000);

  it('delays the send while the SMTP server is down and completes it when it is back', async () => {
    const DOWN_MS = 15_000;
    await sink.stop();
    const downAt = Date.now();
    const people = Array.from(
      { length: 20 },
      (_, i) => [`Down Person ${i + 1}`, `down${i + 1}@example.com`] as [string, string],
    );
    const id = await letterTo('Letter while the server is down', people);
    await send(id);
    const sendAt = Date.now();

    // While the server is down nothing goes, and the log keeps everyone queued.
    await sleep(3_000);
    const meanwhile = await progress(id);
    expect(meanwhile.status).toBe('sending');
    expect(meanwhile.counts).toMatchObject({ queued: 20, sent: 0, failed: 0 });
    expect(sink.of(id)).toEqual([]);

    await sleep(Math.max(0, downAt + DOWN_MS - Date.now()));
    await sink.start();
    const upAt = Date.now();
    const done = await sentWithin(id, 60_000);
    const doneAt = Date.now();
    expect(done.counts).toMatchObject({ sent: 20, queued: 0, failed: 0 });
    const times = sink.timesOf(id);
    expect(new Set(times.keys())).toEqual(new Set(people.map(([, e]) => e)));
    expect([...times.values()].every((n) => n === 1)).toBe(true);
    console.log(
      `SMTP down ${seconds(upAt - downAt)}: 20 recipients sent ${seconds(doneAt - upAt)} after it was back ` +
        `(${seconds(doneAt - sendAt)} after the send; the job's retries back off from 2 s, doubling)`,
    );
  }, 120_000);
});
