import { createRuntime, loadConfig, serveProcess } from '@porta/service-kit';
import { createIdentity } from './app.js';
import { zIdentityConfig } from './config.js';

/** identity as its own process (the distributed mode). */
const config = loadConfig(zIdentityConfig);
const runtime = await createRuntime('identity', config);
const identity = createIdentity({
  database: runtime.database,
  config,
  jobs: runtime.jobs,
  bus: runtime.bus,
  mailer: runtime.mailer,
  logger: runtime.logger,
});
await identity.migrate();
if (config.SEED_DEMO) await identity.seedDemo();
await identity.scheduleJobs();
await runtime.jobs.start();
await serveProcess({
  name: 'identity',
  config,
  runtime,
  plugin: identity.plugin,
  keySource: identity.keySource,
  closeables: [{ name: 'identity-outbox', close: () => identity.stop() }],
});
