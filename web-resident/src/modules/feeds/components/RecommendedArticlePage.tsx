import type { FeedItemDetail } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFormatters } from '../../../shared/utils/format';
import { FetchedPage, SafeHtml } from '../../content-pages';
import { usePageMeta } from '../../layout';
import { useRecommendedArticle } from '../hooks/use-feeds';
import { RECOMMENDED_ARCHIVE_PATH } from '../utils/feeds';

/** /isannointiliitto/:id/:slug (feature atp-feed): one recommended article; an unknown one is 'Page not found'. */
export function RecommendedArticlePage() {
  const { id } = useParams();
  const result = useRecommendedArticle(id);
  return <FetchedPage result={result}>{(item) => <Article item={item} />}</FetchedPage>;
}

function Article({ item }: { item: FeedItemDetail }) {
  const { t } = useTranslation('support');
  const { date } = useFormatters();
  usePageMeta({ title: item.title });
  return (
    <article className="page feed-article" aria-labelledby="feed-article-title">
      <p className="back-link">
        <Link to={RECOMMENDED_ARCHIVE_PATH}>{t('feeds.backToRecommended')}</Link>
      </p>
      <h1 id="feed-article-title">{item.title}</h1>
      <p className="muted">
        <time dateTime={item.publishedAt}>{date(item.publishedAt)}</time>
      </p>
      {item.imageUrl && <img className="feed-article__image" src={item.imageUrl} alt="" />}
      {item.contentHtml ? (
        <SafeHtml html={item.contentHtml} className="feed-article__content" />
      ) : (
        item.excerpt && <p>{item.excerpt}</p>
      )}
      {item.link && (
        <p>
          <a href={item.link} target="_blank" rel="noopener noreferrer">
            {t('feeds.readOriginal')} <span className="visually-hidden">{t('feeds.opensInNewTab')}</span>
          </a>
        </p>
      )}
    </article>
  );
}
