export * from './auth.js';
export * from './features.js';
export * from './me.js';
export * from './principal.js';
export * from './users.js';
