export { createIdentity, IDENTITY_MIGRATIONS, type Identity } from './app.js';
export { type IdentityConfig, zIdentityConfig, zIdentitySettings } from './config.js';
export { DEMO_PASSWORD, DEMO_USERS } from './seed.js';
export { identityService } from './service.js';
