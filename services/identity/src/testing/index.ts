export * from './distributed.js';
export * from './identity-app.js';
