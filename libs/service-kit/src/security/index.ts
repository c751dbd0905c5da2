export * from './signed-links.js';
