export * from './dates.js';
export * from './numbers.js';
export * from './zip.js';
