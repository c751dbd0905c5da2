import { NEWS_ARCHIVE_LIMIT } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../layout';
import { useNewsList } from '../hooks/queries';
import { NewsItems } from './NewsCard';
import { RequireHousingCompany } from './RequireHousingCompany';

/** /news/archive (02 §2): the newest NEWS_ARCHIVE_LIMIT (100) articles, archived ones included. */
export function NewsArchivePage() {
  return (
    <RequireHousingCompany>
      <NewsArchiveContent />
    </RequireHousingCompany>
  );
}

function NewsArchiveContent() {
  const { t } = useTranslation('news');
  usePageMeta({ title: t('archive.title') });
  const archive = useNewsList('archive', NEWS_ARCHIVE_LIMIT);
  return (
    <div className="page news-archive">
      <Link className="back-link" to="/news">
        {t('news.backToNews')}
      </Link>
      <h1>{t('archive.title')}</h1>
      <p className="muted">{t('archive.intro')}</p>
      <NewsItems
        items={archive.data?.items}
        loading={archive.isLoading}
        empty={t('archive.empty')}
        headingLevel={2}
      />
    </div>
  );
}
