export * from './common.js';
export * from './constants.js';
export * from './content/index.js';
export * from './errors.js';
export * from './identity/index.js';
export * from './notifications/index.js';
export * from './password.js';
export * from './roles.js';
