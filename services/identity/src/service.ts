import { defineService } from '@porta/service-kit';
import { createIdentity } from './app.js';
import { zIdentityConfig, zIdentitySettings } from './config.js';

/** identity: users, roles, housing companies, sign-in and the keys every service verifies tokens with. */
export const identityService = defineService({
  name: 'identity',
  port: 3001,
  settings: zIdentitySettings,
  config: zIdentityConfig,
  create: (runtime, config) => createIdentity({ ...runtime, config }),
});
