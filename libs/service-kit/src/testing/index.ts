export * from './authorization-matrix.js';
export * from './distributed.js';
export * from './images.js';
export * from './migrations.js';
export * from './outbox.js';
export * from './servers.js';
export * from './services.js';
export * from './until.js';
