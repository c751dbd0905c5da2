import { defineService } from '@porta/service-kit';
import { createContent } from './app.js';
import { zContentConfig, zContentSettings } from './config.js';

/** content: news, events, deadlines, the timeline, campaigns and feedback. */
export const contentService = defineService({
  name: 'content',
  port: 3002,
  settings: zContentSettings,
  config: zContentConfig,
  storesFiles: true,
  create: (runtime, config) => createContent({ ...runtime, config }),
});
