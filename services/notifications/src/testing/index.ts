export * from './notifications-app.js';
