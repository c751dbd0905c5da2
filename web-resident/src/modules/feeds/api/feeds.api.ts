import {
  type FeedItemDetail,
  type FeedItemPage,
  type Language,
  zFeedItemDetail,
  zFeedItemPage,
} from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';

export interface FeedPageQuery {
  limit: number;
  offset: number;
}

/** The external feeds of the content service; every answer is checked against its contract. */
export interface FeedsApi {
  /** GET /feeds/recommended: recommended articles, newest first, in (or regardless of) a language. */
  listRecommended(query: FeedPageQuery & { lang: Language }): Promise<FeedItemPage>;
  /** GET /feeds/recommended/:id (id or slug); 404 when there is none. */
  getRecommended(idOrSlug: string): Promise<FeedItemDetail>;
  /** GET /feeds/corporate: corporate news, newest first. */
  listCorporate(query: FeedPageQuery): Promise<FeedItemPage>;
}

const BASE = '/api/content/feeds';

export function createFeedsApi(session: SessionClient): FeedsApi {
  return {
    async listRecommended({ lang, limit, offset }) {
      const query = new URLSearchParams({ lang, limit: String(limit), offset: String(offset) });
      return zFeedItemPage.parse(await session.request('GET', `${BASE}/recommended?${query}`));
    },
    async getRecommended(idOrSlug) {
      return zFeedItemDetail.parse(
        await session.request('GET', `${BASE}/recommended/${encodeURIComponent(idOrSlug)}`),
      );
    },
    async listCorporate({ limit, offset }) {
      const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      return zFeedItemPage.parse(await session.request('GET', `${BASE}/corporate?${query}`));
    },
  };
}
