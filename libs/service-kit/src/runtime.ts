import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { pino } from 'pino';
import { TokenRevocations } from './auth/revocations.js';
import { createTokenVerifier, type KeySource } from './auth/verifier.js';
import { DeadLetters } from './bus/dead-letters.js';
import { connectBus } from './bus/index.js';
import type { Bus } from './bus/types.js';
import type { BaseConfig } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { createService } from './http/create-service.js';
import { type Closeable, runService } from './http/run.js';
import { createJobs } from './jobs/index.js';
import type { Jobs } from './jobs/types.js';
import { createLogger } from './logger.js';
import { createMailer, type Mailer } from './mail/index.js';
import { createStorage, S3Storage, type Storage } from './storage/index.js';
import { startTelemetry, type Telemetry } from './telemetry/index.js';

/**
 * The adapters one Porta process works with, chosen by configuration: PostgreSQL or PGlite, NATS
 * or the in-process bus, BullMQ or the in-process job runner, SMTP or the mail outbox, the local
 * file store, and tracing when an OTLP endpoint is set.
 */
export interface Runtime {
  logger: pino.Logger;
  telemetry: Telemetry;
  database: Database;
  bus: Bus;
  /** Events parked after their delivery budget, replayed to their consumers (see DeadLetters). */
  deadLetters: DeadLetters;
  jobs: Jobs;
  mailer: Mailer;
  storage: Storage;
  /** In the order a graceful shutdown closes them, after the HTTP server. */
  closeables: Closeable[];
}

export async function createRuntime(
  name: string,
  config: Pick<
    BaseConfig,
    | 'LOG_LEVEL'
    | 'DATA_DIR'
    | 'DATABASE_URL'
    | 'NATS_URL'
    | 'REDIS_URL'
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'OTEL_EXPORTER_OTLP_ENDPOINT'
  > &
    Partial<
      Pick<BaseConfig, 'BUS_RETRY_BACKOFF_MS' | 'BUS_RETRY_MAX_BACKOFF_MS' | 'DEAD_LETTER_REPLAY_SECONDS'>
    >,
  options: { database?: Database } = {},
): Promise<Runtime> {
  const logger = createLogger(config, name);
  const telemetry = startTelemetry({
    serviceName: `porta-${name}`,
    OTEL_EXPORTER_OTLP_ENDPOINT: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    logger,
  });
  const database =
    options.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pglite'), logger }));
  const deadLetters = new DeadLetters({
    database,
    logger,
    replayIntervalMs: (config.DEAD_LETTER_REPLAY_SECONDS ?? 60) * 1000,
  });
  const bus = await connectBus(config, logger, {
    name: `porta-${name}`,
    deadLetters,
    redeliveryBackoffMs: config.BUS_RETRY_BACKOFF_MS ?? 1_000,
    maxRedeliveryBackoffMs: config.BUS_RETRY_MAX_BACKOFF_MS ?? 60_000,
  });
  const jobs = createJobs(config, database, logger);
  const mailer = createMailer(config, logger);
  const storage = createStorage(config, logger);
  const closeables: Closeable[] = [
    { name: 'jobs', close: () => jobs.close() },
    { name: 'bus', close: () => bus.close() },
    { name: 'dead letters', close: () => deadLetters.close() },
    { name: 'mailer', close: () => mailer.close() },
    ...(storage instanceof S3Storage ? [{ name: 'storage', close: async () => storage.close() }] : []),
    ...(options.database ? [] : [{ name: 'database', close: () => database.close() }]),
    { name: 'telemetry', close: () => telemetry.shutdown() },
  ];
  return { logger, telemetry, database, bus, deadLetters, jobs, mailer, storage, closeables };
}

/**
 * Serve one service as its own process (the distributed mode): its plugin on a Fastify app with
 * tokens checked against identity's keys (or the given key source), readiness of the database and
 * the bus, and a graceful shutdown that closes the service's own parts, then the runtime's.
 */
export async function serveProcess(options: {
  name: string;
  config: BaseConfig;
  runtime: Runtime;
  plugin: FastifyPluginAsync;
  /** identity serves its own keys; every other service reads identity's JWKS. */
  keySource?: KeySource;
  /** The service's consumers, relays and streams, closed before the runtime. */
  closeables: Closeable[];
}): Promise<string> {
  const { config, runtime } = options;
  // Sessions and memberships identity revoked: their tokens are refused at once, not at expiry.
  const revocations = new TokenRevocations(runtime.bus, { logger: runtime.logger });
  await revocations.start();
  const app = createService({
    name: options.name,
    config,
    logger: runtime.logger,
    tracing: runtime.telemetry.enabled,
    verifier: createTokenVerifier(
      options.keySource ?? {
        kind: 'remote',
        url: `${config.IDENTITY_URL}/api/identity/.well-known/jwks.json`,
      },
      { revocations },
    ),
    trustProxy: config.TRUST_PROXY,
  });
  app.addReadinessCheck('database', () => runtime.database.ping());
  // A broker outage degrades events and identity's answers, not what this process can serve.
  app.addReadinessCheck('bus', () => runtime.bus.ping(), { critical: false });
  await app.register(options.plugin);
  return runService(app, {
    host: config.HOST,
    port: config.PORT,
    graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
    closeables: [
      ...options.closeables,
      { name: 'revocations', close: () => revocations.stop() },
      ...runtime.closeables,
    ],
  });
}
