import type { InfiniteData } from '@tanstack/react-query';

/** One skip/limit page of a community list (discussions, comments, replies). */
export interface Page<T> {
  items: T[];
  total: number;
  skip: number;
  limit: number;
}

/** Where the page after `last` starts, or undefined when it was the last one. */
export function nextSkip(last: Page<unknown>): number | undefined {
  const next = last.skip + last.items.length;
  return last.items.length > 0 && next < last.total ? next : undefined;
}

/** The items of every loaded page, in order. */
export function allItems<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** The total of the list as last answered. */
export function totalOf(data: InfiniteData<Page<unknown>> | undefined): number {
  return data?.pages.at(-1)?.total ?? 0;
}

/** The loaded pages with `change` applied to every item (the same object when nothing changed). */
export function mapItems<T>(
  data: InfiniteData<Page<T>> | undefined,
  change: (item: T) => T,
): InfiniteData<Page<T>> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const items = page.items.map((item) => {
      const next = change(item);
      if (next !== item) changed = true;
      return next;
    });
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** `change` applied to the item with this id only. */
export function byId<T extends { id: string }>(id: string, change: (item: T) => T): (item: T) => T {
  return (item) => (item.id === id ? change(item) : item);
}
