import { BOX_TITLE_MAX_CHARS, type FeedItem } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../shared/utils/format';
import { cutText } from '../utils/feeds';

/**
 * One feed item: image, title (a link to its page in the portal, or to the article on its own site
 * in a new tab), date and, in lists, the excerpt. In a dashboard box the title is cut to 80
 * characters (01 §9).
 */
export function FeedItemView({
  item,
  to,
  box = false,
  headingLevel = box ? 3 : 2,
}: {
  item: FeedItem;
  /** The portal page of the item; without it the title leads to `item.link` (a new tab). */
  to?: string;
  box?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('support');
  const { date } = useFormatters();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = box ? cutText(item.title, BOX_TITLE_MAX_CHARS) : item.title;
  const linkTitle = title === item.title ? undefined : item.title;

  return (
    <article className={box ? 'feed-item feed-item--box' : 'feed-item'}>
      {item.imageUrl && <img className="feed-item__image" src={item.imageUrl} alt="" loading="lazy" />}
      <div className="feed-item__body">
        <Heading className="feed-item__title">
          {to ? (
            <Link to={to} title={linkTitle}>
              {title}
            </Link>
          ) : item.link ? (
            <a href={item.link} target="_blank" rel="noopener noreferrer" title={linkTitle}>
              {title} <span className="visually-hidden">{t('feeds.opensInNewTab')}</span>
            </a>
          ) : (
            title
          )}
        </Heading>
        <p className="feed-item__date muted">
          <time dateTime={item.publishedAt}>{date(item.publishedAt)}</time>
        </p>
        {!box && item.excerpt && <p className="feed-item__excerpt">{item.excerpt}</p>}
      </div>
    </article>
  );
}
