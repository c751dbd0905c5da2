export { AppLayout } from './components/AppLayout';
export { Footer } from './components/Footer';
export { Logo } from './components/Logo';
export {
  formatDocumentTitle,
  type PageLayout,
  type PageMeta,
  PageMetaProvider,
  useCurrentPageMeta,
  usePageMeta,
} from './hooks/page-meta';
