export { AppLayout } from './components/AppLayout';
export { Footer, type FooterContact } from './components/Footer';
export { Logo } from './components/Logo';
export { PageFrame, WIDE_LAYOUT_MEDIA } from './components/PageFrame';
export { PublicCard } from './components/PublicCard';
export { ADMIN_PATH, SectionSwitcher } from './components/SectionSwitcher';
export {
  formatDocumentTitle,
  type PageLayout,
  type PageMeta,
  PageMetaProvider,
  useCurrentPageMeta,
  usePageMeta,
  useSectionName,
} from './hooks/page-meta';
export {
  type HeroImages,
  type RouteMeta,
  RouteMetaProvider,
  type RouteMetaResolver,
  type SectionKey,
  useRouteMeta,
} from './hooks/route-meta';
export {
  buildMainNavigation,
  isExternalHref,
  NAVIGATION_ORDER,
  type NavigationFeatures,
  type NavigationItem,
  SECTION_PATHS,
} from './utils/main-navigation';
