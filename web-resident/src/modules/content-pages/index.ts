export { fetchPublicPage } from './api/content-pages.api';
export { CatchAllLayout } from './components/CatchAllLayout';
export { ContentPage } from './components/ContentPage';
export { SafeHtml, stripActiveContent } from './components/SafeHtml';
export { isMissingPage } from './hooks/use-public-page';
