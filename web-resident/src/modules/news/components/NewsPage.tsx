import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../layout';
import { useNewsList } from '../hooks/queries';
import { NewsItems } from './NewsCard';
import { RequireHousingCompany } from './RequireHousingCompany';
import { Timeline } from './Timeline';

/** /news (02 §2): the latest news, status updates, links to the archive and calendar, the timeline. */
export function NewsPage() {
  return (
    <RequireHousingCompany>
      <NewsPageContent />
    </RequireHousingCompany>
  );
}

function NewsPageContent() {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation('common');
  usePageMeta({ title: t('news.title') });
  const latest = useNewsList('latest');
  const statusUpdates = useNewsList('statusUpdates');

  return (
    <div className="page news-page">
      <h1>{t('news.title')}</h1>
      <div className="news-page__columns">
        <section className="news-page__latest" aria-labelledby="news-latest-title">
          <h2 id="news-latest-title">{t('news.latest')}</h2>
          <NewsItems items={latest.data?.items} loading={latest.isLoading} empty={t('news.emptyLatest')} />
        </section>
        <section className="news-page__status" aria-labelledby="news-status-title">
          <h2 id="news-status-title">{t('news.statusUpdates')}</h2>
          <NewsItems
            items={statusUpdates.data?.items}
            loading={statusUpdates.isLoading}
            empty={tc('empty.noUpdates')}
            compact
          />
        </section>
      </div>
      <nav className="news-page__links" aria-label={t('news.moreLinks')}>
        <Link className="button button--secondary" to="/news/archive">
          {t('news.archiveLink')}
        </Link>
        <Link className="button button--secondary" to="/calendar">
          {t('news.calendarLink')}
        </Link>
      </nav>
      <Timeline />
    </div>
  );
}
