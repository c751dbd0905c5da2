export * from './documents.js';
export * from './errors.js';
export * from './events.js';
export * from './folders.js';
export * from './limits.js';
export * from './roles.js';
export * from './videos.js';
