export * from './html.js';
