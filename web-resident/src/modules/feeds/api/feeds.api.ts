import type {
  FeedItemDetail,
  FeedItemPage,
  Language,
  zFeedItemDetail,
  zFeedItemPage,
} from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { answer } from '@porta/web-kit';

export interface FeedPageQuery {
  limit: number;
  offset: number;
}

/**
 * The housing company the feeds are read for and the interface language: the feeds are features
 * of a housing company (atp-feed, yit-corporation-news), checked by the service.
 */
export interface FeedScope {
  housingCompanyId: string;
  lang: Language;
}

/** The external feeds of the content service; every answer is checked against its contract. */
export interface FeedsApi {
  /** GET /feeds/recommended: recommended articles, newest first, in (or regardless of) a language. */
  listRecommended(query: FeedPageQuery & FeedScope): Promise<FeedItemPage>;
  /** GET /feeds/recommended/:id (id or slug); 404 when there is none. */
  getRecommended(idOrSlug: string, scope: FeedScope): Promise<FeedItemDetail>;
  /** GET /feeds/corporate: corporate news, newest first. */
  listCorporate(query: FeedPageQuery & FeedScope): Promise<FeedItemPage>;
}

const BASE = '/api/content/feeds';

export function createFeedsApi(session: SessionClient): FeedsApi {
  return {
    async listRecommended({ housingCompanyId, lang, limit, offset }) {
      const query = new URLSearchParams({
        housingCompanyId,
        lang,
        limit: String(limit),
        offset: String(offset),
      });
      return answer<typeof zFeedItemPage>(await session.request('GET', `${BASE}/recommended?${query}`));
    },
    async getRecommended(idOrSlug, { housingCompanyId, lang }) {
      const query = new URLSearchParams({ housingCompanyId, lang });
      return answer<typeof zFeedItemDetail>(
        await session.request('GET', `${BASE}/recommended/${encodeURIComponent(idOrSlug)}?${query}`),
      );
    },
    async listCorporate({ housingCompanyId, lang, limit, offset }) {
      const query = new URLSearchParams({
        housingCompanyId,
        lang,
        limit: String(limit),
        offset: String(offset),
      });
      return answer<typeof zFeedItemPage>(await session.request('GET', `${BASE}/corporate?${query}`));
    },
  };
}
