export { multipartFile, pngImage } from '@porta/service-kit/testing';
export * from './community-app.js';
