import {
  createRuntime,
  createService,
  createTokenVerifier,
  loadConfig,
  runService,
} from '@porta/service-kit';
import { createNotifications } from './app.js';
import { zNotificationsConfig } from './config.js';

/** notifications as its own process (the distributed mode). */
const config = loadConfig(zNotificationsConfig);
const runtime = await createRuntime('notifications', config);
const notifications = createNotifications({
  database: runtime.database,
  config,
  logger: runtime.logger,
  bus: runtime.bus,
  jobs: runtime.jobs,
  mailer: runtime.mailer,
});
await notifications.migrate();
await notifications.start();
await runtime.jobs.start();

const app = createService({
  name: 'notifications',
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
await app.register(notifications.plugin);
await runService(app, {
  host: config.HOST,
  port: config.PORT,
  graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
  closeables: [{ name: 'notifications', close: () => notifications.stop() }, ...runtime.closeables],
});
