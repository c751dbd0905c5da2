import { defineService } from '@porta/service-kit';
import { createCommunity } from './app.js';
import { zCommunitySettings } from './config.js';

/** community: discussions, comments, private conversations, neighbours and reports. */
export const communityService = defineService({
  name: 'community',
  port: 3004,
  settings: zCommunitySettings,
  storesFiles: true,
  create: (runtime, config) => createCommunity({ ...runtime, config }),
});
