export * from './letters-app.js';
export * from './migrate.js';
