import { createRuntime, loadConfig, serveProcess } from '@porta/service-kit';
import { createServiceRequests } from './app.js';
import { zServiceRequestsConfig } from './config.js';

/** service-requests as its own process (the distributed mode; port 3005 by the operator's PORT). */
const config = loadConfig(zServiceRequestsConfig);
const runtime = await createRuntime('service-requests', config);
const serviceRequests = createServiceRequests({
  database: runtime.database,
  config,
  storage: runtime.storage,
  logger: runtime.logger,
  bus: runtime.bus,
  jobs: runtime.jobs,
});
await serviceRequests.migrate();
await serviceRequests.start();
await runtime.jobs.start();
await serveProcess({
  name: 'service-requests',
  config,
  runtime,
  plugin: serviceRequests.plugin,
  closeables: [{ name: 'service-requests', close: () => serviceRequests.stop() }],
});
