import { runServiceProcess } from '@porta/service-kit';
import { createContent } from './app.js';
import { zContentConfig } from './config.js';

/** content as its own process (the distributed mode; the demo content with SEED_DEMO). */
await runServiceProcess('content', zContentConfig, (runtime, config) =>
  createContent({ ...runtime, config }),
);
