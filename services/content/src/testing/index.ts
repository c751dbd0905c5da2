export { multipartFile, pngImage } from '@porta/service-kit/testing';
export * from './content-app.js';
