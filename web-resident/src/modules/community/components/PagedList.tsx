import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { allItems, type Page, totalOf } from '../utils/pages';

/**
 * A list read 25 at a time (02 §9): the loader or the failure (with a retry) until the first page
 * is there, the empty text, the items, and at the end how many are shown of how many, the button
 * loading the next page while there is one, and the failure of the last try. With `failureAsEmpty`
 * a first page that cannot be read gives the empty list (02 §8: conversation lists), with a quiet
 * way to try again.
 */
export function PagedList<T extends { id: string }>({
  query,
  renderItem,
  loadMoreLabel,
  empty,
  emptyAction,
  failureAsEmpty = false,
  label,
  ordered = false,
  className,
  showCount = false,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem(item: T): ReactNode;
  loadMoreLabel: string;
  /** Shown when the list is empty. */
  empty?: string;
  /** Shown with the empty text (e.g. a way to write the first one). */
  emptyAction?: ReactNode;
  failureAsEmpty?: boolean;
  /** The list's accessible name. */
  label?: string;
  ordered?: boolean;
  className: string;
  showCount?: boolean;
}) {
  const { t } = useTranslation('community');
  const { t: tc } = useTranslation('common');
  const items = allItems(query.data);
  const List = ordered ? 'ol' : 'ul';
  const loading = query.isFetchingNextPage;
  const failed = !query.data && query.isError;
  const swallowed = failed && failureAsEmpty;
  return (
    <>
      <QueryStatus
        pending={query.isPending}
        error={failed && !failureAsEmpty ? query.error : null}
        onRetry={() => void query.refetch()}
      />
      {(swallowed || (query.data && items.length === 0)) && empty && (
        <div className="empty-state">
          <p>{empty}</p>
          {emptyAction}
          {swallowed && (
            <button
              type="button"
              className="link-button"
              disabled={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {tc('actions.tryAgain')}
            </button>
          )}
        </div>
      )}
      {items.length > 0 && (
        <List className={className} aria-label={label}>
          {items.map(renderItem)}
        </List>
      )}
      {(query.hasNextPage || query.isFetchNextPageError) && (
        <div className="load-more">
          {showCount && (
            <p className="load-more__status muted">
              {t('discussions.shown', { shown: items.length, total: totalOf(query.data) })}
            </p>
          )}
          {query.isFetchNextPageError && (
            <p className="alert alert--error" role="alert">
              {tc('errors.contentCouldNotBeLoaded')}
            </p>
          )}
          {query.hasNextPage && (
            <button
              type="button"
              className="button button--secondary"
              disabled={loading}
              aria-busy={loading || undefined}
              onClick={() => void query.fetchNextPage()}
            >
              {loading ? tc('status.loading') : loadMoreLabel}
            </button>
          )}
        </div>
      )}
    </>
  );
}
