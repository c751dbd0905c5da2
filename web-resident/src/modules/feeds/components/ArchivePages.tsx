import { RECOMMENDED_ARTICLES_FULL_PAGE } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCorporateNews, useRecommended } from '../hooks/use-feeds';
import { pageNumberOf, recommendedPath } from '../utils/feeds';
import { FeedArchive } from './FeedArchive';

/** Archive pages show this many items a page (02 §7: 25 for the full list). */
export const ARCHIVE_PAGE_SIZE = RECOMMENDED_ARTICLES_FULL_PAGE;

/** /isannointiliitto/archive (feature atp-feed): recommended articles, 25 a page, newest first. */
export function RecommendedArchivePage() {
  const { t } = useTranslation('support');
  const page = pageNumberOf(useLocation().search);
  const result = useRecommended({ limit: ARCHIVE_PAGE_SIZE, offset: (page - 1) * ARCHIVE_PAGE_SIZE });
  return (
    <FeedArchive
      title={t('feeds.recommendedTitle')}
      empty={{ title: t('feeds.recommendedEmptyTitle'), description: t('feeds.recommendedEmptyText') }}
      page={page}
      pageSize={ARCHIVE_PAGE_SIZE}
      result={result}
      itemPath={recommendedPath}
    />
  );
}

/** /yit-news-archive (feature yit-corporation-news): corporate news, 25 a page, newest first. */
export function CorporateNewsArchivePage() {
  const { t } = useTranslation('support');
  const page = pageNumberOf(useLocation().search);
  const result = useCorporateNews({ limit: ARCHIVE_PAGE_SIZE, offset: (page - 1) * ARCHIVE_PAGE_SIZE });
  return (
    <FeedArchive
      title={t('feeds.corporateTitle')}
      empty={{ title: t('feeds.corporateEmptyTitle'), description: t('feeds.corporateEmptyText') }}
      page={page}
      pageSize={ARCHIVE_PAGE_SIZE}
      result={result}
    />
  );
}
