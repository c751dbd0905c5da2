import type { FeedItem, FeedItemPage } from '@porta/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { usePageMeta } from '../../layout';
import { FeedItemView } from './FeedItemView';
import { Pagination } from './Pagination';

/**
 * An archive of feed items, a page at a time (?page=n). Moving to another page starts reading from
 * the heading again. An empty archive says what the feed is and when items appear (residents
 * cannot add any: staff register the feeds), and leads back to the front page.
 */
export function FeedArchive({
  title,
  empty,
  page,
  pageSize,
  result,
  itemPath,
}: {
  title: string;
  /** What the archive says when it has nothing: the feed kind's own words. */
  empty: { title: string; description: string };
  page: number;
  pageSize: number;
  result: UseQueryResult<FeedItemPage>;
  /** The portal page of an item; without it items lead to their own site. */
  itemPath?: (item: FeedItem) => string;
}) {
  const { t } = useTranslation('common');
  usePageMeta({ title });
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [page]);

  const items = result.data?.items ?? [];
  const pages = Math.ceil((result.data?.total ?? 0) / pageSize);

  return (
    <section className="page feed-archive" aria-labelledby="feed-archive-title">
      <h1 id="feed-archive-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {result.data ? (
        <>
          {items.length > 0 ? (
            <ul className="feed-list">
              {items.map((item) => (
                <li key={item.id}>
                  <FeedItemView item={item} to={itemPath?.(item)} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              title={empty.title}
              description={empty.description}
              action={{ label: t('actions.goToHomepage'), to: '/' }}
            />
          )}
          <Pagination page={page} pages={pages} />
        </>
      ) : (
        <QueryStatus pending={result.isPending} error={result.error} onRetry={() => void result.refetch()} />
      )}
    </section>
  );
}
