export * from './distributed.js';
export * from './identity-app.js';
export * from './personas.js';
export * from './test-bed.js';
