export { type ContentScope, createNewsApi, type NewsApi, type QuickLinksUpdate } from './api/news.api';
export { CalendarEntryPage } from './components/CalendarEntryPage';
export { CalendarEntryRow, calendarEntryPath } from './components/CalendarEntryRow';
export { CalendarPage } from './components/CalendarPage';
export { Modal } from './components/Modal';
export { NewsArchivePage } from './components/NewsArchivePage';
export { NewsCard, NewsItems } from './components/NewsCard';
export { NewsDetailPage } from './components/NewsDetailPage';
export { NewsPage } from './components/NewsPage';
export { RequireHousingCompany } from './components/RequireHousingCompany';
export { SafeHtml } from './components/SafeHtml';
export { StepPage } from './components/StepPage';
export { Timeline } from './components/Timeline';
export {
  calendarListQuery,
  newsListQuery,
  quickLinksKey,
  useCalendarList,
  useContentScope,
  useMarkDialogRead,
  useNewsList,
  useQuickLinks,
  useSaveQuickLinks,
  useSteps,
  useTaskStatus,
} from './hooks/queries';
export { useContentLanguage, useNewsApi } from './hooks/use-news-api';
