export { CONTENT_MIGRATIONS, type Content, createContent } from './app.js';
export { type ContentConfig, zContentConfig, zContentSettings } from './config.js';
export { contentService } from './service.js';
