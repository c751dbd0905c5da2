export { multipartFile, pngImage } from '@porta/service-kit/testing';
export * from './files.js';
export * from './migrate.js';
export * from './service-requests-app.js';
