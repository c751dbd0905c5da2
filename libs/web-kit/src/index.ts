export * from './answer.js';
export * from './format/index.js';
export * from './session.js';
