import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type App,
  type BaseConfig,
  createService,
  createStorage,
  createTokenVerifier,
  type Database,
  type HostedService,
  loadConfig,
  type Mailer,
  MemoryBus,
  openDatabase,
  processConfigSchema,
  type ServiceDefinition,
  silentLogger,
} from '@porta/service-kit';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { createIdentity, type Identity } from '../app.js';
import { zIdentityConfig } from '../config.js';

/** What a service's in-memory test app stands on: identity with the demo, one PGlite, one bus. */
export interface IdentityTestBed {
  /** A fresh folder for the service's files (removed on close). */
  dataDir: string;
  /** The environment the service's config is read from (silent logs, test mode, dataDir). */
  env: Record<string, string>;
  database: Database;
  bus: MemoryBus;
  identity: Identity;
  /** Demo housing companies: DEMO-1000 Harbour View (construction), DEMO-2000 Linden Court, DEMO-3000 Birch Hill. */
  hc: { harbourView: string; lindenCourt: string; birchHill: string };
  /** The user id of a demo (or test) user by key. */
  userId(key: string): Promise<string>;
  /**
   * A service made from its declaration on the bed's database, bus and data folder (no job runner;
   * a mailer when given), its settings read from env, migrated and started; close() stops it.
   */
  host<S extends z.ZodObject, H extends HostedService>(
    definition: ServiceDefinition<S, H>,
    options?: { mailer?: Mailer },
  ): Promise<{ service: H; config: BaseConfig & z.infer<S> }>;
  /** The app with identity's routes and the services', verifying identity's tokens. */
  mount(name: string, config: BaseConfig, plugins: FastifyPluginAsync[]): Promise<App>;
  /**
   * Close the app (if mounted), then the closers given, the hosted services (the last first), then
   * identity, the bus and the database.
   */
  close(...closers: (() => Promise<void>)[]): Promise<void>;
}

/**
 * identity on a fresh in-memory PGlite with an in-process bus, migrated, seeded with the demo and
 * its feature toggles, answering over the bus as in the embedded gateway: the ground a service's
 * test app adds itself to.
 */
export async function identityTestBed(
  name: string,
  env: Record<string, string> = {},
): Promise<IdentityTestBed> {
  const dataDir = mkdtempSync(join(tmpdir(), `porta-${name}-test-`));
  const base = { LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: dataDir, ...env };
  const database = await openDatabase({ url: undefined, dataDir: 'memory://' });
  const bus = new MemoryBus();
  const identity = createIdentity({ database, config: loadConfig(zIdentityConfig, base), bus });
  await identity.migrate();
  await identity.seedDemo();
  await identity.start();
  const hcs = await database.query<{ id: string; hc_ext: string }>(
    'select id, hc_ext from identity.housing_companies',
  );
  const idOf = (ext: string) => {
    const row = hcs.find((h) => h.hc_ext === ext);
    if (!row) throw new Error(`demo housing company ${ext} missing`);
    return row.id;
  };
  let app: App | null = null;
  const hosted: HostedService[] = [];
  return {
    dataDir,
    env: base,
    database,
    bus,
    identity,
    hc: { harbourView: idOf('DEMO-1000'), lindenCourt: idOf('DEMO-2000'), birchHill: idOf('DEMO-3000') },
    async userId(key) {
      const [row] = await database.query<{ id: string }>('select id from identity.users where email = $1', [
        `${key}@demo.porta.test`,
      ]);
      if (!row) throw new Error(`no user ${key}`);
      return row.id;
    },
    async host(definition, options = {}) {
      const config = loadConfig(processConfigSchema(definition), base);
      const service = definition.create(
        { database, bus, storage: createStorage(config), logger: silentLogger, ...options },
        config,
      );
      await service.migrate();
      await service.start();
      hosted.push(service);
      return { service, config };
    },
    async mount(appName, config, plugins) {
      app = createService({ name: appName, config, verifier: createTokenVerifier(identity.keySource) });
      await app.register(identity.plugin);
      for (const plugin of plugins) await app.register(plugin);
      await app.ready();
      return app;
    },
    async close(...closers) {
      await app?.close();
      for (const close of closers) await close();
      for (const service of hosted.splice(0).reverse()) await service.stop();
      await identity.stop();
      await bus.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
