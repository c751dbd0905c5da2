export * from './errors.js';
export * from './inbox.js';
export * from './settings.js';
export * from './titles.js';
