import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { type LinkTarget, LinkTargetContext } from '../hooks/link-target';
import type { Page } from '../utils/pages';
import { PagedList } from './PagedList';

/**
 * The comments of a discussion or the messages of a conversation: oldest first, 25 at a time, the
 * form for a new one after them (`children`). `target` is the item the address links to.
 */
export function PostsSection<T extends { id: string }>({
  title,
  query,
  target,
  empty,
  loadMoreLabel,
  renderItem,
  children,
}: {
  title: string;
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  target: LinkTarget;
  empty: string;
  loadMoreLabel: string;
  renderItem(item: T): ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <LinkTargetContext.Provider value={target}>
      <section className="comments" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <PagedList
          query={query}
          ordered
          className="comment-list"
          empty={empty}
          loadMoreLabel={loadMoreLabel}
          showCount
          renderItem={renderItem}
        />
        {children}
      </section>
    </LinkTargetContext.Provider>
  );
}
