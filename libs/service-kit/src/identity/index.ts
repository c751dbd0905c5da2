export * from './forgetting.js';
export * from './identity-client.js';
