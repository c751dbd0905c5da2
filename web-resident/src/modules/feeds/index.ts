export { createFeedsApi, type FeedsApi } from './api/feeds.api';
export {
  ARCHIVE_PAGE_SIZE,
  CorporateNewsArchivePage,
  RecommendedArchivePage,
} from './components/ArchivePages';
export { CorporateNewsBox, RecommendedArticlesBox } from './components/FeedBoxes';
export { RecommendedArticlePage } from './components/RecommendedArticlePage';
export { CORPORATE_ARCHIVE_PATH, RECOMMENDED_ARCHIVE_PATH } from './utils/feeds';
