export * from './content-app.js';
export * from './images.js';
