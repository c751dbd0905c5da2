import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIdentity, type Identity, zIdentityConfig } from '@porta/identity';
import { addTestUser, apiClient, loginAs } from '@porta/identity/testing';
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
import { asc, eq } from 'drizzle-orm';
import { type Community, createCommunity } from '../app.js';
import { type CommunityConfig, zCommunityConfig } from '../config.js';
import { outbox } from '../db/schema.js';

export { addTestUser, apiClient, loginAs };

export interface CommunityTestApp {
  app: App;
  identity: Identity;
  community: Community;
  bus: MemoryBus;
  /** Demo housing companies: DEMO-1000 Harbour View (construction), DEMO-2000 Linden Court, DEMO-3000 Birch Hill. */
  hc: { harbourView: string; lindenCourt: string; birchHill: string };
  /** The user id of a demo (or test) user by key. */
  userId(key: string): Promise<string>;
  /** Events the community service wrote, oldest first. */
  events(subject?: string): Promise<{ subject: string; payload: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

/**
 * identity and community on one fresh in-memory PGlite with an in-process bus, as the embedded
 * gateway runs them: identity migrated and seeded with the demo and its feature toggles
 * (public-discussion, neighbours and area-discussion on everywhere, as the demo has them), answering bans, directory,
 * features, first names, neighbours and areas over the bus. Bans are asked on every write
 * (BAN_CACHE_SECONDS=0) unless env says otherwise.
 */
export async function communityTestApp(env: Record<string, string> = {}): Promise<CommunityTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'porta-community-test-'));
  const base = { LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: dataDir, BAN_CACHE_SECONDS: '0', ...env };
  const config: CommunityConfig = loadConfig(zCommunityConfig, base);
  const database = await openDatabase({ url: undefined, dataDir: 'memory://' });
  const bus = new MemoryBus();
  const identity = createIdentity({ database, config: loadConfig(zIdentityConfig, base), bus });
  await identity.migrate();
  // The demo turns public-discussion, neighbours and area-discussion on everywhere.
  await identity.seedDemo();
  await identity.scheduleJobs();
  const community = createCommunity({
    database,
    config,
    storage: createStorage({ DATA_DIR: dataDir }),
    logger: silentLogger,
    bus,
  });
  await community.migrate();
  await community.start();
  const app = createService({
    name: 'community-test',
    config,
    verifier: createTokenVerifier(identity.keySource),
  });
  await app.register(identity.plugin);
  await app.register(community.plugin);
  await app.ready();
  const hcs = await database.query<{ id: string; hc_ext: string }>(
    'select id, hc_ext from identity.housing_companies',
  );
  const idOf = (ext: string) => {
    const row = hcs.find((h) => h.hc_ext === ext);
    if (!row) throw new Error(`demo housing company ${ext} missing`);
    return row.id;
  };
  const { db } = community.context;
  return {
    app,
    identity,
    community,
    bus,
    hc: { harbourView: idOf('DEMO-1000'), lindenCourt: idOf('DEMO-2000'), birchHill: idOf('DEMO-3000') },
    async userId(key) {
      const [row] = await database.query<{ id: string }>('select id from identity.users where email = $1', [
        `${key}@demo.porta.test`,
      ]);
      if (!row) throw new Error(`no user ${key}`);
      return row.id;
    },
    async events(subject) {
      const rows = await db
        .select()
        .from(outbox)
        .where(subject ? eq(outbox.subject, subject) : undefined)
        .orderBy(asc(outbox.id));
      return rows.map((r) => ({ subject: r.subject, payload: r.payload as Record<string, unknown> }));
    },
    async close() {
      await app.close();
      await community.stop();
      await identity.stop();
      await bus.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Requests to the app as a demo (or test) user. */
export async function clientAs(t: CommunityTestApp, key: string) {
  return apiClient(t.app, (await loginAs(t.app, key)).accessToken);
}

/** Signed-in clients and user ids of demo (or test) users, by key. */
export async function clientsOf(t: CommunityTestApp, keys: readonly string[]) {
  const c: Record<string, ReturnType<typeof apiClient>> = {};
  const ids: Record<string, string> = {};
  for (const key of keys) {
    c[key] = await clientAs(t, key);
    ids[key] = await t.userId(key);
  }
  return { c, ids };
}
