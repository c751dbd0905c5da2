export * from './errors.js';
export * from './letters.js';
export * from './limits.js';
export * from './roles.js';
