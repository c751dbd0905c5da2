import {
  type App,
  createService,
  createTokenVerifier,
  type Database,
  loadConfig,
  openDatabase,
} from '@porta/service-kit';
import {
  databaseUrl,
  type NamespacedBus,
  natsBus,
  opening,
  recordingLogger,
} from '@porta/service-kit/testing';
import { createIdentity, type Identity } from '../app.js';
import { zIdentityConfig } from '../config.js';

// identity as its own process would run it, for the services' integration tests.

export interface IdentityNode {
  identity: Identity;
  app: App;
  /** Where the identity HTTP server listens (the JWKS for content). */
  address: string;
  bus: NamespacedBus;
  database: Database;
  logger: ReturnType<typeof recordingLogger>;
  close(): Promise<void>;
}

/**
 * identity on its own PostgreSQL database with a NATS bus: migrated, demo seeded (without demo
 * feature toggles), listening on a free port. Its relay and directory responder start with
 * identity.start(), which the test calls when it wants identity to answer.
 */
export function startIdentityNode(options: { ns: string; databaseName: string }): Promise<IdentityNode> {
  return opening(async (closers) => {
    const config = loadConfig(zIdentityConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    const database = await openDatabase({ url: databaseUrl(options.databaseName), poolSize: 5 });
    closers.add('identity database', () => database.close());
    const logger = recordingLogger('identity');
    const bus = await natsBus(options.ns, 'identity', logger);
    closers.add('identity bus', () => bus.close());
    const identity = createIdentity({ database, config, bus, logger });
    closers.add('identity relay and responder', () => identity.stop());
    await identity.migrate();
    await identity.seedDemo({ features: false });
    const app = createService({
      name: 'identity',
      config,
      verifier: createTokenVerifier(identity.keySource),
    });
    closers.add('identity app', () => app.close());
    await app.register(identity.plugin);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    return { identity, app, address, bus, database, logger, close: () => closers.closeAll() };
  });
}
