export * from './services.js';
