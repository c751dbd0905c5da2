export * from './identity-app.js';
