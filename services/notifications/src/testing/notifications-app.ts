import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Community, createCommunity, zCommunityConfig } from '@porta/community';
import { type Content, createContent, zContentConfig } from '@porta/content';
import { createIdentity, type Identity, zIdentityConfig } from '@porta/identity';
import { apiClient, type CapturingMailer, capturingMailer, loginAs } from '@porta/identity/testing';
import {
  type App,
  createService,
  createStorage,
  createTokenVerifier,
  loadConfig,
  MemoryBus,
  openDatabase,
  silentLogger,
} from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import { createNotifications, type Notifications } from '../app.js';
import { zNotificationsConfig } from '../config.js';
import { notifications } from '../db/schema.js';

export { apiClient, loginAs };

export interface NotificationsTestApp {
  app: App;
  identity: Identity;
  content: Content;
  community: Community;
  notifications: Notifications;
  bus: MemoryBus;
  mailer: CapturingMailer;
  /** The user id of a demo user (owner, tenant, board, manager, neighbour…). */
  userId(key: string): Promise<string>;
  /** Stored notifications of a user, newest first. */
  stored(userId: string): Promise<(typeof notifications.$inferSelect)[]>;
  close(): Promise<void>;
}

/**
 * identity, content, community and notifications on one fresh in-memory PGlite with an in-process bus, as the
 * embedded gateway runs them (no job runner: notice e-mails go out at once to a capturing mailer).
 * Content's and community's events reach the notifications service through the bus as in use.
 */
export async function notificationsTestApp(env: Record<string, string> = {}): Promise<NotificationsTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'porta-notifications-test-'));
  const base = { LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: dataDir, ...env };
  const database = await openDatabase({ url: undefined, dataDir: 'memory://' });
  const bus = new MemoryBus();
  const mailer = capturingMailer();
  const identity = createIdentity({ database, config: loadConfig(zIdentityConfig, base), bus });
  await identity.migrate();
  await identity.seedDemo();
  await identity.scheduleJobs();
  const content = createContent({
    database,
    config: loadConfig(zContentConfig, base),
    storage: createStorage({ DATA_DIR: dataDir }),
    logger: silentLogger,
    bus,
  });
  await content.migrate();
  await content.start();
  const community = createCommunity({
    database,
    config: loadConfig(zCommunityConfig, base),
    storage: createStorage({ DATA_DIR: dataDir }),
    logger: silentLogger,
    bus,
  });
  await community.migrate();
  await community.start();
  const config = loadConfig(zNotificationsConfig, base);
  const service = createNotifications({ database, config, logger: silentLogger, bus, mailer });
  await service.migrate();
  await service.start();
  const app = createService({
    name: 'notifications-test',
    config,
    verifier: createTokenVerifier(identity.keySource),
  });
  await app.register(identity.plugin);
  await app.register(content.plugin);
  await app.register(community.plugin);
  await app.register(service.plugin);
  await app.ready();
  const { db } = service.context;
  return {
    app,
    identity,
    content,
    community,
    notifications: service,
    bus,
    mailer,
    async userId(key) {
      const res = await apiClient(app, (await loginAs(app, key)).accessToken).get('/api/identity/me');
      return res.json<{ user: { id: string } }>().user.id;
    },
    stored: (userId) =>
      db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id),
    async close() {
      await app.close();
      await service.stop();
      await community.stop();
      await content.stop();
      await identity.stop();
      await bus.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Requests to the app as a demo user. */
export async function clientAs(t: NotificationsTestApp, key: string) {
  return apiClient(t.app, (await loginAs(t.app, key)).accessToken);
}

/** Wait until the bus has delivered and the fan-out has stored (the in-process bus is asynchronous). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
