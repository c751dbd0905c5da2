export * from './definition.js';
export * from './host.js';
