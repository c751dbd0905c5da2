export { COMMUNITY_MIGRATIONS, type Community, createCommunity } from './app.js';
export { type CommunityConfig, zCommunityConfig, zCommunitySettings } from './config.js';
export { communityService } from './service.js';
