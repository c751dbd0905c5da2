export * from './comments.js';
export * from './common.js';
export * from './discussions.js';
export * from './errors.js';
export * from './events.js';
export * from './limits.js';
export * from './reports.js';
