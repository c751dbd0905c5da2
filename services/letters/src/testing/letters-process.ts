/**
 * The letters service as its own process on PostgreSQL, NATS, Redis (BullMQ) and an SMTP server,
 * under a test run's bus names and BullMQ prefix, for the integration test that kills it in the
 * middle of a send. Run with `node --conditions=@porta/source --import tsx letters-process.ts`;
 * configured by the environment (DATABASE_URL, NATS_URL, REDIS_URL, SMTP_URL, IT_NS, JOBS_PREFIX,
 * LETTERS_SEND_PER_SECOND; IT_DEBUG=1 writes the warnings and errors of the service and its job
 * runner to stderr). It runs the sending job (`letters.send`) and prints "ready" once its BullMQ
 * worker is up; SIGTERM closes everything.
 */
import {
  BullJobs,
  createMailer,
  type Logger,
  loadConfig,
  openDatabase,
  silentLogger,
} from '@porta/service-kit';
import { natsBus } from '@porta/service-kit/testing';
import { createLetters } from '../app.js';
import { zLettersConfig } from '../config.js';

const config = loadConfig(zLettersConfig, { ...process.env, LOG_LEVEL: 'silent' });
if (!config.DATABASE_URL || !config.REDIS_URL || !config.SMTP_URL) {
  throw new Error('the letters process needs DATABASE_URL, REDIS_URL and SMTP_URL');
}

function stderrLogger(name: string): Logger {
  const say = (level: string) => (obj: object, msg?: string) => {
    const err = (obj as { err?: unknown }).err;
    const why = err instanceof Error ? ` (${err.message})` : '';
    process.stderr.write(`${new Date().toISOString()} [${name}] ${level}: ${msg ?? ''}${why}\n`);
  };
  return { debug() {}, info() {}, warn: say('warn'), error: say('error') };
}
const debug = process.env.IT_DEBUG === '1';

const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 5 });
const bus = await natsBus(process.env.IT_NS ?? 'x', 'letters-process');
const mailer = createMailer({ SMTP_URL: config.SMTP_URL, MAIL_FROM: config.MAIL_FROM });
const jobs = new BullJobs({
  url: config.REDIS_URL,
  prefix: process.env.JOBS_PREFIX ?? 'porta-it',
  logger: debug ? stderrLogger('jobs') : silentLogger,
});
const letters = createLetters({
  database,
  config,
  logger: debug ? stderrLogger('letters') : silentLogger,
  bus,
  mailer,
  jobs,
});
await letters.migrate();
// start() registers the sending job; its worker runs once the runner starts.
await letters.start();
await jobs.start();
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void (async () => {
    await jobs.close();
    await letters.stop();
    await mailer.close();
    await bus.close();
    await database.close();
    process.exit(0);
  })();
});
