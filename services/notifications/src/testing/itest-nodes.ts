import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, type IdentityNode, loginAs } from '@porta/identity/testing';
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
  openDatabase,
  type Storage,
  silentLogger,
} from '@porta/service-kit';
import { type Closers, databaseUrl, type NamespacedBus, natsBus } from '@porta/service-kit/testing';
import type { z } from 'zod';
import { createNotifications } from '../app.js';
import { zNotificationsConfig } from '../config.js';

/**
 * The processes of the integration tests that carry events from a service to the inbox, each as
 * its process would run it: its own PostgreSQL database, its own NATS connection in the test's
 * namespace, tokens checked against identity's JWKS. Everything started is closed by `closers`.
 */

type Client = ReturnType<typeof apiClient>;

/** notifications, consuming every service's events (and mailing through `mailer` when given). */
export async function startNotificationsNode(
  closers: Closers,
  options: { ns: string; databaseName: string; mailer?: Mailer; env?: Record<string, string> },
): Promise<Database> {
  const database = await openDatabase({ url: databaseUrl(options.databaseName), poolSize: 3 });
  closers.add('notifications database', () => database.close());
  const bus = await natsBus(options.ns, 'notifications');
  closers.add('notifications bus', () => bus.close());
  const notifications = createNotifications({
    database,
    config: loadConfig(zNotificationsConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env }),
    logger: silentLogger,
    bus,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  closers.add('notifications', () => notifications.stop());
  await notifications.migrate();
  await notifications.start();
  return database;
}

/** A service with its HTTP API (not listening: called by inject), migrated and started. */
export async function startServiceNode<C extends BaseConfig>(
  closers: Closers,
  options: {
    ns: string;
    name: string;
    databaseName: string;
    identity: IdentityNode;
    schema: z.ZodType<C>;
    env?: Record<string, string>;
    create(deps: {
      database: Database;
      config: C;
      storage: Storage;
      logger: typeof silentLogger;
      bus: NamespacedBus;
    }): HostedService;
  },
): Promise<{ app: App; database: Database }> {
  const { name } = options;
  const dataDir = mkdtempSync(join(tmpdir(), `porta-${name}-itest-`));
  closers.add(`${name} data folder`, () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig(options.schema, {
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...options.env,
  });
  const database = await openDatabase({ url: databaseUrl(options.databaseName), poolSize: 5 });
  closers.add(`${name} database`, () => database.close());
  const bus = await natsBus(options.ns, name);
  closers.add(`${name} bus`, () => bus.close());
  const service = options.create({
    database,
    config,
    storage: createStorage(config),
    logger: silentLogger,
    bus,
  });
  closers.add(name, () => service.stop());
  await service.migrate();
  await service.start();
  const app = createService({
    name,
    config,
    verifier: createTokenVerifier({
      kind: 'remote',
      url: `${options.identity.address}/api/identity/.well-known/jwks.json`,
    }),
  });
  closers.add(`${name} app`, () => app.close());
  await app.register(service.plugin);
  await app.ready();
  return { app, database };
}

/**
 * Demo users signed in: `as[key]` calls the service, `as['key@identity']` identity; their ids; and
 * Linden Court's id. The feature given is switched on everywhere (the demo's toggles are not
 * seeded in these tests).
 */
export async function demoPeople(identity: IdentityNode, app: App, keys: readonly string[], feature: string) {
  const as: Record<string, Client> = {};
  const userIds: Record<string, string> = {};
  for (const key of ['admin', ...keys]) {
    const token = (await loginAs(identity.app, key)).accessToken;
    as[key] = apiClient(app, token);
    as[`${key}@identity`] = apiClient(identity.app, token);
    const [row] = await identity.database.query<{ id: string }>(
      'select id from identity.users where email = $1',
      [`${key}@demo.porta.test`],
    );
    userIds[key] = row!.id;
  }
  const [hc] = await identity.database.query<{ id: string }>(
    `select id from identity.housing_companies where hc_ext = 'DEMO-2000'`,
  );
  const toggle = await as['admin@identity']!.post('/api/identity/admin/feature-toggles', {
    featureId: feature,
    scope: 'global',
  });
  if (toggle.statusCode !== 201)
    throw new Error(`switching ${feature} on answered ${toggle.statusCode}: ${toggle.body}`);
  return {
    as,
    userIds,
    lindenCourt: hc!.id,
    tokenOf: async (key: string) => (await loginAs(identity.app, key)).accessToken,
  };
}

/** The notifications stored for a user, oldest first. */
export function inboxOf(database: Database, userId: string) {
  return database.query<{ type: string; target_url: string; title: string }>(
    'select type, target_url, title from notifications.notifications where user_id = $1 order by id',
    [userId],
  );
}
