import { type App, createService, createTokenVerifier, loadConfig, openDatabase } from '@porta/service-kit';
import { createIdentity, type Identity } from '../app.js';
import { type IdentityConfig, zIdentityConfig } from '../config.js';

export interface IdentityTestApp {
  app: App;
  identity: Identity;
  close(): Promise<void>;
}

/** identity on a fresh in-memory PGlite, migrated and seeded, ready for app.inject(). */
export async function identityTestApp(env: Record<string, string> = {}): Promise<IdentityTestApp> {
  const config: IdentityConfig = loadConfig(zIdentityConfig, {
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: 'memory://' });
  const identity = createIdentity({ database, config });
  await identity.migrate();
  await identity.seedDemo();
  const app = createService({ name: 'identity', config, verifier: createTokenVerifier(identity.keySource) });
  await app.register(identity.plugin);
  await app.ready();
  return {
    app,
    identity,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function loginAs(app: App, key: string, password = 'Demo-Portal-2026') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email: `${key}@demo.porta.test`, password },
  });
  if (res.statusCode !== 200) throw new Error(`login as ${key} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ accessToken: string; refreshToken: string; expiresIn: number }>();
}
