export { fetchPublicPage } from './api/content-pages.api';
export { CatchAllLayout } from './components/CatchAllLayout';
export { ContentPage } from './components/ContentPage';
export { FetchedPage } from './components/FetchedPage';
export { SafeHtml, stripActiveContent } from './components/SafeHtml';
export { isMissingPage } from './hooks/use-public-page';
