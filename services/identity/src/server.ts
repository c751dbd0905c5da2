import {
  createRuntime,
  createService,
  createTokenVerifier,
  loadConfig,
  runService,
} from '@porta/service-kit';
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

const app = createService({
  name: 'identity',
  config,
  logger: runtime.logger,
  tracing: runtime.telemetry.enabled,
  verifier: createTokenVerifier(identity.keySource),
  trustProxy: config.TRUST_PROXY,
});
app.addReadinessCheck('database', () => runtime.database.ping());
app.addReadinessCheck('bus', () => runtime.bus.ping());
await app.register(identity.plugin);
await runService(app, {
  host: config.HOST,
  port: config.PORT,
  graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
  closeables: [{ name: 'identity-outbox', close: () => identity.stop() }, ...runtime.closeables],
});
