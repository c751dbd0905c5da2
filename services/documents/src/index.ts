export { createDocuments, DOCUMENTS_MIGRATIONS, type Documents } from './app.js';
export { type DocumentsConfig, zDocumentsConfig, zDocumentsSettings } from './config.js';
export { documentsService } from './service.js';
