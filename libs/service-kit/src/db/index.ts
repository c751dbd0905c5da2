export * from './admin-list.js';
export * from './database.js';
export * from './keyset.js';
export * from './migrate.js';
export * from './page.js';
export * from './statistics.js';
