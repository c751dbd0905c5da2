import {
  createRuntime,
  createService,
  createTokenVerifier,
  loadConfig,
  runService,
} from '@porta/service-kit';
import { createContent } from './app.js';
import { zContentConfig } from './config.js';

/** content as its own process (the distributed mode). */
const config = loadConfig(zContentConfig);
const runtime = await createRuntime('content', config);
const content = createContent({
  database: runtime.database,
  config,
  storage: runtime.storage,
  logger: runtime.logger,
  jobs: runtime.jobs,
  bus: runtime.bus,
});
await content.migrate();
await content.start();
if (config.SEED_DEMO) await content.seedDemo();
await runtime.jobs.start();

const app = createService({
  name: 'content',
  config,
  logger: runtime.logger,
  tracing: runtime.telemetry.enabled,
  verifier: createTokenVerifier({
    kind: 'remote',
    url: `${config.IDENTITY_URL}/api/identity/.well-known/jwks.json`,
  }),
  trustProxy: config.TRUST_PROXY,
});
app.addReadinessCheck('database', () => runtime.database.ping());
app.addReadinessCheck('bus', () => runtime.bus.ping());
await app.register(content.plugin);
await runService(app, {
  host: config.HOST,
  port: config.PORT,
  graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
  closeables: [{ name: 'content-outbox', close: () => content.stop() }, ...runtime.closeables],
});
