import { defineService } from '@porta/service-kit';
import { createDocuments } from './app.js';
import { zDocumentsSettings } from './config.js';

/** documents: the folder library of housing companies and apartments, its files and zip downloads. */
export const documentsService = defineService({
  name: 'documents',
  port: 3006,
  settings: zDocumentsSettings,
  storesFiles: true,
  create: (runtime, config) => createDocuments({ ...runtime, config }),
});
