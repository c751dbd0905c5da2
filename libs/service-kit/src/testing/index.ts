export * from './authorization-matrix.js';
export * from './distributed.js';
export * from './images.js';
export * from './services.js';
