import { createRuntime, loadConfig, serveProcess } from '@porta/service-kit';
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
await serveProcess({
  name: 'notifications',
  config,
  runtime,
  plugin: notifications.plugin,
  closeables: [{ name: 'notifications', close: () => notifications.stop() }],
});
