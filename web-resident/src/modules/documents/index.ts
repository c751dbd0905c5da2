export { createDocumentsApi, type DocumentsApi } from './api/documents.api';
export { DocumentDownloadPage } from './components/DocumentDownloadPage';
export { ApartmentDocumentsPage, DocumentsPage } from './components/DocumentsPage';
export { documentsKey } from './hooks/queries';
export {
  APARTMENT_DOCUMENTS_PATH,
  DOCUMENT_DOWNLOAD_ROUTE,
  DOCUMENTS_PATH,
  documentDownloadPath,
} from './utils/paths';
