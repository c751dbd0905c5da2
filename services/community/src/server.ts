import { createRuntime, loadConfig, serveProcess } from '@porta/service-kit';
import { createCommunity } from './app.js';
import { zCommunityConfig } from './config.js';

/** community as its own process (the distributed mode). */
const config = loadConfig(zCommunityConfig);
const runtime = await createRuntime('community', config);
const community = createCommunity({
  database: runtime.database,
  config,
  storage: runtime.storage,
  logger: runtime.logger,
  bus: runtime.bus,
  jobs: runtime.jobs,
});
await community.migrate();
await community.start();
await runtime.jobs.start();
await serveProcess({
  name: 'community',
  config,
  runtime,
  plugin: community.plugin,
  closeables: [{ name: 'community', close: () => community.stop() }],
});
