import { createService, createTokenVerifier, loadConfig, openDatabase, runService } from '@porta/service-kit';
import { createIdentity } from './app.js';
import { zIdentityConfig } from './config.js';

/** identity as its own process (the distributed mode). */
const config = loadConfig(zIdentityConfig);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
const identity = createIdentity({ database, config });
await identity.migrate();
if (config.SEED_DEMO) await identity.seedDemo();

const app = createService({
  name: 'identity',
  config,
  verifier: createTokenVerifier(identity.keySource),
  trustProxy: config.TRUST_PROXY,
});
app.addReadinessCheck('database', () => database.ping());
await app.register(identity.plugin);
await runService(app, {
  host: config.HOST,
  port: config.PORT,
  graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
  closeables: [{ name: 'database', close: () => database.close() }],
});
