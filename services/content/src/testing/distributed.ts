import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type App,
  BullJobs,
  createService,
  createStorage,
  createTokenVerifier,
  type Database,
  loadConfig,
  openDatabase,
} from '@porta/service-kit';
import {
  CountingJobs,
  databaseUrl,
  itUrls,
  type NamespacedBus,
  natsBus,
  opening,
  recordingLogger,
} from '@porta/service-kit/testing';
import { type Content, createContent } from '../app.js';
import { zContentConfig } from '../config.js';
import { ShiftableClock } from '../domain/clock.js';

export { type IdentityNode, startIdentityNode } from '@porta/identity/testing';
/*
 * content as its own process would run it, for its integration tests (*.itest.ts); the run's
 * databases, bus names and job prefix come from the service kit's distributed test helpers, and
 * identity's node from identity's.
 */
export * from '@porta/service-kit/testing';

export interface ContentNode {
  content: Content;
  /** content's HTTP API; tokens are checked against identity's JWKS over HTTP. */
  app: App;
  clock: ShiftableClock;
  bus: NamespacedBus;
  jobs: CountingJobs | null;
  database: Database;
  logger: ReturnType<typeof recordingLogger>;
  /** What server.ts does after migrating: the directory, the relay, the repeat jobs, the workers. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * content as server.ts runs it in the distributed mode: its own PostgreSQL database (migrated),
 * a NATS bus, BullMQ jobs under `jobsPrefix` when given, and its own ShiftableClock.
 */
export function startContentNode(options: {
  ns: string;
  name: string;
  databaseName: string;
  identityAddress: string;
  jobsPrefix?: string;
  env?: Record<string, string>;
}): Promise<ContentNode> {
  return opening(async (closers) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'porta-content-itest-'));
    closers.add(`${options.name} data folder`, () => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig(zContentConfig, {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...options.env,
    });
    const logger = recordingLogger(options.name);
    const database = await openDatabase({ url: databaseUrl(options.databaseName), poolSize: 5 });
    closers.add(`${options.name} database`, () => database.close());
    const bus = await natsBus(options.ns, options.name, logger);
    closers.add(`${options.name} bus`, () => bus.close());
    const jobs = options.jobsPrefix
      ? new CountingJobs(new BullJobs({ url: itUrls.REDIS_URL, prefix: options.jobsPrefix, logger }))
      : null;
    if (jobs) closers.add(`${options.name} jobs`, () => jobs.close());
    const clock = new ShiftableClock();
    const content = createContent({
      database,
      config,
      storage: createStorage(config),
      logger,
      bus,
      clock,
      ...(jobs ? { jobs } : {}),
    });
    closers.add(`${options.name} consumer and relay`, () => content.stop());
    await content.migrate();
    const app = createService({
      name: options.name,
      config,
      verifier: createTokenVerifier({
        kind: 'remote',
        url: `${options.identityAddress}/api/identity/.well-known/jwks.json`,
      }),
    });
    closers.add(`${options.name} app`, () => app.close());
    await app.register(content.plugin);
    await app.ready();
    return {
      content,
      app,
      clock,
      bus,
      jobs,
      database,
      logger,
      async start() {
        await content.start();
        await jobs?.start();
      },
      close: () => closers.closeAll(),
    };
  });
}
