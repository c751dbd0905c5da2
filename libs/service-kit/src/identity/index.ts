export * from './identity-client.js';
