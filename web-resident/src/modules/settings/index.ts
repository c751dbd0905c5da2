export { EmailChangedPage } from './components/EmailChangedPage';
export { MySettingsPage } from './components/MySettingsPage';
export { SIGNATURES_QUERY_KEY } from './hooks/use-signatures';
