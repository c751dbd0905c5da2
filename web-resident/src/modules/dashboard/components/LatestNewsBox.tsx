import { DASHBOARD_NEWS_ITEMS } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewsItems, useNewsList } from '../../news';

/** The dashboard's latest news (01 §2, feature news): DASHBOARD_NEWS_ITEMS (4) articles and a link to /news. */
export function LatestNewsBox() {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation('common');
  const news = useNewsList('default', DASHBOARD_NEWS_ITEMS);
  return (
    <section className="card dashboard-box" aria-labelledby="dashboard-news-title">
      <h2 id="dashboard-news-title" className="card__title">
        {t('dashboard.latestNews')}
      </h2>
      <NewsItems items={news.data?.items} loading={news.isLoading} empty={tc('empty.noUpdates')} compact />
      <p className="dashboard-box__footer">
        <Link to="/news">{t('dashboard.latestNewsLink')}</Link>
      </p>
    </section>
  );
}
