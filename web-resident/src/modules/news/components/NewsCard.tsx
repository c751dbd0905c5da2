import type { NewsListItem } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '../../../shared/ui/ImageFallback';
import { Loader } from '../../../shared/ui/Loader';
import { useFormatters } from '../../../shared/utils/format';

/**
 * One article in a list: image (the designed fallback when it has none), date, badges, title (the
 * box title in compact lists) as the link to the article, and the excerpt in full lists.
 */
export function NewsCard({
  item,
  compact = false,
  headingLevel = 3,
}: {
  item: NewsListItem;
  compact?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('news');
  const { date } = useFormatters();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={compact ? 'news-card news-card--compact' : 'news-card'}>
      {!compact && (
        <CardImage
          className="news-card__image"
          src={item.image?.url}
          width={item.image?.width}
          height={item.image?.height}
          kind="news"
          name={item.title}
        />
      )}
      <div className="news-card__body">
        <p className="news-card__meta">
          <time dateTime={item.publishDate}>{date(item.publishDate)}</time>
          {item.isPriority && <span className="tag tag--priority">{t('badges.priority')}</span>}
          {item.sticky && <span className="tag">{t('badges.pinned')}</span>}
          {item.archived && <span className="tag tag--muted">{t('badges.archived')}</span>}
        </p>
        <Heading className="news-card__title">
          <Link to={`/news/${encodeURIComponent(item.slug)}`}>{compact ? item.boxTitle : item.title}</Link>
        </Heading>
        {!compact && item.excerpt && <p className="news-card__excerpt">{item.excerpt}</p>}
      </div>
    </article>
  );
}

/**
 * A list of articles: a loader while the first answer is on its way, the empty text when there is
 * nothing (a failed list is an empty list, 02 §8), else the cards.
 */
export function NewsItems({
  items,
  loading,
  empty,
  compact,
  headingLevel,
}: {
  items: readonly NewsListItem[] | undefined;
  loading: boolean;
  empty: string;
  compact?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  if (loading) return <Loader />;
  if (!items?.length) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="news-list">
      {items.map((item) => (
        <li key={item.id}>
          <NewsCard item={item} compact={compact} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
