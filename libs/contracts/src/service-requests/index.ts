export * from './errors.js';
export * from './events.js';
export * from './limits.js';
export * from './requests.js';
export * from './roles.js';
export * from './types.js';
