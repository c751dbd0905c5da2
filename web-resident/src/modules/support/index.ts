export { createSupportApi, type SupportApi, type SupportQuery } from './api/support.api';
export { ContactBookPage } from './components/ContactBookPage';
export { FaqPage } from './components/FaqPage';
export { SupportCentrePage } from './components/SupportCentrePage';
export { useMainContacts } from './hooks/use-main-contacts';
export { telHref } from './utils/tel';
