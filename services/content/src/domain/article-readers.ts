import {
  type ArticleReadRequest,
  type ArticleReadResponse,
  CONTENT_ARTICLE_RPC,
  DEFAULT_LANGUAGE,
  type Language,
  zArticleReadRequest,
} from '@porta/contracts';
import type { Bus, Subscription } from '@porta/service-kit';
import { and, eq } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { articles } from '../db/schema.js';
import { titlesOf } from './articles.js';
import { isoDay } from './clock.js';
import { directoryHousingCompany } from './directory.js';
import { type Reader, visibleTo } from './reader.js';
import { articleAudience } from './timeline.js';

/**
 * May a reader with these roles read the news article in the housing company (GET /news/:id's
 * rule: published, in its window, targeted at the company or its taxonomy, its phase and ready
 * dates, and one of the reader's roles)? The asking service has checked the membership. Answers the
 * article's titles and address, or null as for an article that does not exist.
 */
export async function articleForReader(
  ctx: ContentContext,
  request: ArticleReadRequest,
): Promise<ArticleReadResponse> {
  const hc = await directoryHousingCompany(ctx, request.housingCompanyId);
  if (!hc) return { article: null };
  const now = ctx.clock.now();
  const reader: Reader = {
    userId: '',
    housingCompany: hc,
    audienceKeys: ['all', `hc:${hc.id}`, ...hc.taxonomyPath.map((t) => `term:${t}`)],
    roles: request.roles,
    // Visibility does not depend on the language (a variant is picked when shown).
    language: DEFAULT_LANGUAGE,
    phase: hc.completionDate && hc.completionDate < isoDay(now) ? 'living' : 'construction',
    now,
  };
  const [row] = await ctx.db
    .select()
    .from(articles)
    .where(and(eq(articles.id, request.articleId), visibleTo(articles, reader), articleAudience(reader)));
  if (!row) return { article: null };
  return {
    article: {
      id: row.id,
      codename: row.codename,
      titles: titlesOf(row.variants),
      defaultLanguage: row.defaultLanguage as Language,
      url: `/news/${row.codename}`,
    },
  };
}

/** Answer rpc.content.article.get.v1 (see articleForReader). */
export function answerArticleReaders(ctx: ContentContext, bus: Bus): Promise<Subscription> {
  return bus.reply(CONTENT_ARTICLE_RPC, async (data) =>
    articleForReader(ctx, zArticleReadRequest.parse(data)),
  );
}
