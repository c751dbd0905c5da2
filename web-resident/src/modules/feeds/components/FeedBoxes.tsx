import type { FeedItemPage } from '@porta/contracts';
import { CORPORATE_NEWS_LIST_DEFAULT, RECOMMENDED_ARTICLES_DEFAULT } from '@porta/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { Loader } from '../../../shared/ui/Loader';
import { useCorporateNews, useRecommended } from '../hooks/use-feeds';
import { CORPORATE_ARCHIVE_PATH, RECOMMENDED_ARCHIVE_PATH, recommendedPath } from '../utils/feeds';
import { FeedItemView } from './FeedItemView';

/** The dashboard's recommended articles box (feature atp-feed, 01 §2): the 4 latest, a link to the archive. */
export function RecommendedArticlesBox() {
  const { t } = useTranslation('support');
  const result = useRecommended({ limit: RECOMMENDED_ARTICLES_DEFAULT, offset: 0 });
  return (
    <FeedBox
      title={t('feeds.recommendedTitle')}
      archive={{ to: RECOMMENDED_ARCHIVE_PATH, label: t('feeds.allRecommended') }}
      empty={{ title: t('feeds.recommendedEmptyTitle'), description: t('feeds.recommendedEmptyText') }}
      result={result}
      internal
    />
  );
}

/** The dashboard's corporate news box (feature yit-corporation-news, 01 §2): 4 items, a link to the archive. */
export function CorporateNewsBox() {
  const { t } = useTranslation('support');
  const result = useCorporateNews({ limit: CORPORATE_NEWS_LIST_DEFAULT, offset: 0 });
  return (
    <FeedBox
      title={t('feeds.corporateTitle')}
      archive={{ to: CORPORATE_ARCHIVE_PATH, label: t('feeds.allCorporate') }}
      empty={{ title: t('feeds.corporateEmptyTitle'), description: t('feeds.corporateEmptyText') }}
      result={result}
    />
  );
}

/**
 * A dashboard box of feed items; a failed fetch shows as an empty list (02 §8), which says what the
 * box is for and when items appear (residents cannot add any: staff register the feeds).
 */
function FeedBox({
  title,
  archive,
  empty,
  result,
  internal = false,
}: {
  title: string;
  archive: { to: string; label: string };
  empty: { title: string; description: string };
  result: UseQueryResult<FeedItemPage>;
  internal?: boolean;
}) {
  const headingId = useId();
  const items = result.data?.items ?? [];
  return (
    <section className="card feed-box" aria-labelledby={headingId}>
      <div className="box-header">
        <h2 id={headingId} className="card__title">
          {title}
        </h2>
        <Link className="box-header__link" to={archive.to}>
          {archive.label}
        </Link>
      </div>
      {result.isPending ? (
        <Loader />
      ) : items.length > 0 ? (
        <ul className="feed-list feed-list--box">
          {items.map((item) => (
            <li key={item.id}>
              <FeedItemView item={item} to={internal ? recommendedPath(item) : undefined} box />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={empty.title} description={empty.description} />
      )}
    </section>
  );
}
