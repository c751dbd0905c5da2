export * from './authorization-matrix.js';
export * from './images.js';
export * from './services.js';
