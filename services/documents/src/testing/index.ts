export { multipartFile, multipartFiles, pngImage } from '@porta/service-kit/testing';
export * from './documents-app.js';
export * from './files.js';
export * from './migrate.js';
