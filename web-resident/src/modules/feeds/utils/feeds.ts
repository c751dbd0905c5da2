import type { FeedItem } from '@porta/contracts';

export const RECOMMENDED_ARCHIVE_PATH = '/isannointiliitto/archive';
export const CORPORATE_ARCHIVE_PATH = '/yit-news-archive';

/** The recommended article's page: /isannointiliitto/:id/:slug. */
export function recommendedPath(item: Pick<FeedItem, 'id' | 'slug'>): string {
  return `/isannointiliitto/${encodeURIComponent(item.id)}/${encodeURIComponent(item.slug || 'article')}`;
}

/** A text cut to `max` characters at most, with an ellipsis when cut (box-mode titles, 01 §9). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The page number of an archive address (?page=n), 1 when missing or invalid. */
export function pageNumberOf(search: string): number {
  const page = Number.parseInt(new URLSearchParams(search).get('page') ?? '', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}
