export * from './cached-answers.js';
export * from './forgetting.js';
export * from './identity-client.js';
