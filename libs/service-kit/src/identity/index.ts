export * from './cached-answers.js';
export * from './demo-directory.js';
export * from './forgetting.js';
export * from './housing-company-directory.js';
export * from './identity-client.js';
