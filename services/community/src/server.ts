import { runServiceProcess } from '@porta/service-kit';
import { createCommunity } from './app.js';
import { zCommunityConfig } from './config.js';

/** community as its own process (the distributed mode). */
await runServiceProcess('community', zCommunityConfig, (runtime, config) =>
  createCommunity({ ...runtime, config }),
);
