export * from './definition.js';
export * from './host.js';
export * from './parts.js';
export * from './running.js';
