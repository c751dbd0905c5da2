import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zUuid } from '../common.js';
import { zContentLanguage } from './common.js';
import {
  CORPORATE_NEWS_FETCH_LIMIT,
  CORPORATE_NEWS_LIST_DEFAULT,
  RECOMMENDED_ARTICLES_DEFAULT,
  RECOMMENDED_ARTICLES_FULL_PAGE,
} from './limits.js';

/**
 * External feeds (02 §1, §7): recommended articles (feature atp-feed, /isannointiliitto/archive)
 * and corporate news (feature yit-corporation-news, /yit-news-archive). Staff register feed
 * addresses (RSS 2.0, Atom or JSON Feed); a job fetches them, sanitises the HTML and keeps the
 * items, de-duplicated by the feed's own item id.
 */

export const FEED_KINDS = ['recommended', 'corporate'] as const;
export const zFeedKind = z.enum(FEED_KINDS);
export type FeedKind = z.infer<typeof zFeedKind>;
export const FEED_FORMATS = ['auto', 'rss', 'atom', 'json'] as const;
export const zFeedFormat = z.enum(FEED_FORMATS);
export type FeedFormat = z.infer<typeof zFeedFormat>;

// --- Resident -----------------------------------------------------------------------------------

const zOffset = z.coerce.number().int().min(0).max(100_000).default(0);

/**
 * GET /api/content/feeds/recommended (feature atp-feed in the housing company). lang: items of
 * feeds in that language (or without one); when no feed has it, every feed. category: items
 * carrying that category.
 */
export const zRecommendedArticlesQuery = z.strictObject({
  housingCompanyId: zUuid,
  lang: zContentLanguage.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(RECOMMENDED_ARTICLES_FULL_PAGE)
    .default(RECOMMENDED_ARTICLES_DEFAULT),
  offset: zOffset,
  category: z.string().trim().min(1).max(200).optional(),
});
export type RecommendedArticlesQuery = z.infer<typeof zRecommendedArticlesQuery>;

/** GET /api/content/feeds/corporate (feature yit-corporation-news in the housing company). */
export const zCorporateNewsQuery = z.strictObject({
  housingCompanyId: zUuid,
  lang: zContentLanguage.optional(),
  limit: z.coerce.number().int().min(1).max(CORPORATE_NEWS_FETCH_LIMIT).default(CORPORATE_NEWS_LIST_DEFAULT),
  offset: zOffset,
});
export type CorporateNewsQuery = z.infer<typeof zCorporateNewsQuery>;

/** Detail routes take the item's id or its slug. */
export const zFeedItemParam = z.strictObject({ id: z.string().min(1).max(300) });

export const zFeedItem = z.object({
  id: zUuid,
  kind: zFeedKind,
  slug: z.string(),
  title: z.string(),
  /** Plain text, at most 300 characters. */
  excerpt: z.string(),
  imageUrl: z.string().nullable(),
  /** The article on its own site. */
  link: z.string().nullable(),
  publishedAt: zIsoDateTime,
  categories: z.array(z.string()),
});
export type FeedItem = z.infer<typeof zFeedItem>;

/** A page of items, newest first; total counts every matching item. */
export const zFeedItemPage = z.object({ items: z.array(zFeedItem), total: z.number().int() });
export type FeedItemPage = z.infer<typeof zFeedItemPage>;

export const zFeedItemDetail = zFeedItem.extend({
  /** Sanitised HTML. */
  contentHtml: z.string(),
});
export type FeedItemDetail = z.infer<typeof zFeedItemDetail>;

// --- Staff: /admin/feeds ------------------------------------------------------------------------

const feedFields = {
  kind: zFeedKind,
  /** http or https only (400 CNT_FEED_URL). */
  url: z.string().trim().min(1, 'This field is required').max(2000),
  format: zFeedFormat,
  /** The language of the feed's items (null: any language). */
  language: zContentLanguage.nullable(),
  active: z.boolean(),
};
export const zFeedCreate = z.strictObject(feedFields).partial().required({ kind: true, url: true });
export type FeedCreate = z.infer<typeof zFeedCreate>;
export const zFeedUpdate = z.strictObject(feedFields).partial();
export type FeedUpdate = z.infer<typeof zFeedUpdate>;

export const zAdminFeed = z.object({
  id: zUuid,
  kind: zFeedKind,
  url: z.string(),
  format: zFeedFormat,
  language: zContentLanguage.nullable(),
  active: z.boolean(),
  lastFetchedAt: zIsoDateTime.nullable(),
  /** Why the last fetch failed (null after a successful one). */
  lastError: z.string().nullable(),
  itemCount: z.number().int(),
  createdAt: zIsoDateTime,
  updatedAt: zIsoDateTime,
});
export type AdminFeed = z.infer<typeof zAdminFeed>;
export const zAdminFeedList = z.array(zAdminFeed);

export const ADMIN_FEED_SORT_FIELDS = ['kind', 'url', 'lastFetchedAt', 'createdAt', 'updatedAt'] as const;
export const zAdminFeedListQuery = zAdminListQuery(
  {
    q: z.string().trim().max(200).optional(),
    kind: zFeedKind.optional(),
    active: z.boolean().optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_FEED_SORT_FIELDS,
);
export type AdminFeedListQuery = z.infer<typeof zAdminFeedListQuery>;

/** POST /admin/feeds/:id/fetch: what the fetch stored, or why it failed. */
export const zFeedFetchResult = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  error: z.string().nullable(),
});
export type FeedFetchResult = z.infer<typeof zFeedFetchResult>;
