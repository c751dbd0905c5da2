import { createRuntime, loadConfig, serveProcess } from '@porta/service-kit';
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
await serveProcess({
  name: 'content',
  config,
  runtime,
  plugin: content.plugin,
  closeables: [{ name: 'content-outbox', close: () => content.stop() }],
});
