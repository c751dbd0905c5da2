import {
  type AdminFeed,
  type FeedKind,
  LANGUAGES,
  type Language,
  zAdminFeed,
  zAdminFeedList,
  zAdminFeedListQuery,
  zCorporateNewsQuery,
  zFeedCreate,
  zFeedFetchResult,
  zFeedItemDetail,
  zFeedItemPage,
  zFeedItemParam,
  zFeedUpdate,
  zIdParam,
  zRecommendedArticlesQuery,
  zResidentContentQuery,
} from '@porta/contracts';
import { type App, AppError, listPage, principalOf, sortBy, withTransaction } from '@porta/service-kit';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { feedItems, feeds } from '../db/schema.js';
import { isUuid } from '../domain/articles.js';
import { type FeedRow, fetchFeed, httpUrl, toFeedItem, toFeedItemDetail } from '../domain/feeds.js';
import { featureReaderFor } from '../domain/reader.js';
import { CONTENT_POLICIES } from '../policies.js';

/**
 * External feeds: recommended articles and corporate news for residents (no housing company
 * needed), and the staff register of feed addresses with a fetch-now action.
 */

const SORT_COLUMNS = {
  kind: feeds.kind,
  url: feeds.url,
  lastFetchedAt: feeds.lastFetchedAt,
  createdAt: feeds.createdAt,
  updatedAt: feeds.updatedAt,
} as const;

/** Staff-entered feed addresses: http or https only. */
function feedUrl(value: string): string {
  const url = httpUrl(value);
  if (!url) throw new AppError('CNT_FEED_URL');
  return url;
}

export async function feedRoutes(app: App, ctx: ContentContext) {
  /**
   * The feeds of a kind whose items a reader in this language sees: feeds in that language or
   * without one; when no feed of the kind has the language, every feed of the kind.
   */
  async function feedIdsFor(kind: FeedKind, lang: Language | undefined): Promise<SQL> {
    const ofKind = eq(feeds.kind, kind);
    if (!lang) return sql`true`;
    const matching = and(ofKind, or(isNull(feeds.language), eq(feeds.language, lang)));
    const [some] = await ctx.db.select({ id: feeds.id }).from(feeds).where(matching).limit(1);
    if (!some) return sql`true`;
    return inArray(feedItems.feedId, ctx.db.select({ id: feeds.id }).from(feeds).where(matching));
  }

  async function page(
    kind: FeedKind,
    q: { limit: number; offset: number; lang?: Language; category?: string },
  ) {
    const where = and(
      eq(feedItems.kind, kind),
      await feedIdsFor(kind, q.lang),
      q.category ? arrayContains(feedItems.categories, [q.category]) : undefined,
    );
    const [rows, totals] = await Promise.all([
      ctx.db
        .select()
        .from(feedItems)
        .where(where)
        .orderBy(desc(feedItems.publishedAt), asc(feedItems.id))
        .limit(q.limit)
        .offset(q.offset),
      ctx.db.select({ n: count() }).from(feedItems).where(where),
    ]);
    return { items: rows.map(toFeedItem), total: totals[0]?.n ?? 0 };
  }

  async function item(kind: FeedKind, idOrSlug: string) {
    const [row] = await ctx.db
      .select()
      .from(feedItems)
      .where(
        and(
          eq(feedItems.kind, kind),
          isUuid(idOrSlug) ? eq(feedItems.id, idOrSlug) : eq(feedItems.slug, idOrSlug),
        ),
      )
      .orderBy(desc(feedItems.publishedAt))
      .limit(1);
    if (!row) throw new AppError('CNT_NOT_FOUND');
    return toFeedItemDetail(row);
  }

  // ---- Resident ----

  /** Each kind of feed is a feature of the housing company (02 §1: atp-feed, yit-corporation-news). */
  const residentFeeds = [
    {
      kind: 'recommended',
      feature: 'atp-feed',
      query: zRecommendedArticlesQuery,
      list: 'Recommended articles, newest first',
      one: 'One recommended article by id or slug',
    },
    {
      kind: 'corporate',
      feature: 'yit-corporation-news',
      query: zCorporateNewsQuery,
      list: 'Corporate news, newest first',
      one: 'One corporate news item by id or slug',
    },
  ] as const;

  for (const feed of residentFeeds) {
    app.get(
      `/feeds/${feed.kind}`,
      {
        schema: { summary: feed.list, querystring: feed.query, response: { 200: zFeedItemPage } },
        config: { policy: CONTENT_POLICIES.residentRead },
      },
      async (request) => {
        await featureReaderFor(ctx, principalOf(request), request.query, feed.feature);
        const { housingCompanyId: _company, ...asked } = request.query;
        return ctx.reads.get(['feed', feed.kind, asked], () => page(feed.kind, request.query));
      },
    );

    app.get(
      `/feeds/${feed.kind}/:id`,
      {
        schema: {
          summary: feed.one,
          params: zFeedItemParam,
          querystring: zResidentContentQuery,
          response: { 200: zFeedItemDetail },
        },
        config: { policy: CONTENT_POLICIES.residentRead },
      },
      async (request) => {
        await featureReaderFor(ctx, principalOf(request), request.query, feed.feature);
        return item(feed.kind, request.params.id);
      },
    );
  }

  // ---- Staff ----

  async function adminFeeds(rows: FeedRow[]): Promise<AdminFeed[]> {
    const ids = rows.map((r) => r.id);
    const counts = ids.length
      ? await ctx.db
          .select({ feedId: feedItems.feedId, n: count() })
          .from(feedItems)
          .where(inArray(feedItems.feedId, ids))
          .groupBy(feedItems.feedId)
      : [];
    const byFeed = new Map(counts.map((c) => [c.feedId, c.n]));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as AdminFeed['kind'],
      url: row.url,
      format: row.format as AdminFeed['format'],
      language: (LANGUAGES as readonly string[]).includes(row.language ?? '')
        ? (row.language as Language)
        : null,
      active: row.active,
      lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
      lastError: row.lastError,
      itemCount: byFeed.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function loadFeed(id: string): Promise<FeedRow> {
    const [row] = await ctx.db.select().from(feeds).where(eq(feeds.id, id));
    if (!row) throw new AppError('CNT_NOT_FOUND');
    return row;
  }

  app.get(
    '/admin/feeds',
    {
      schema: {
        summary: 'List external feeds',
        querystring: zAdminFeedListQuery,
        response: { 200: zAdminFeedList },
      },
      config: { policy: CONTENT_POLICIES.feedsRead },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const where: (SQL | undefined)[] = [];
      if (filter?.q) where.push(ilike(feeds.url, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      if (filter?.kind) where.push(eq(feeds.kind, filter.kind));
      if (filter?.active !== undefined) where.push(eq(feeds.active, filter.active));
      if (filter?.id) where.push(filter.id.length ? inArray(feeds.id, filter.id) : sql`false`);
      const [field, order] = sort ?? ['createdAt', 'DESC'];
      const result = await listPage(ctx.db, feeds, 'feeds', {
        where: and(...where),
        orderBy: [sql`${sortBy(SORT_COLUMNS[field], order)} nulls last`, asc(feeds.id)],
        range,
      });
      reply.header('content-range', result.contentRange);
      return adminFeeds(result.rows);
    },
  );

  app.get(
    '/admin/feeds/:id',
    {
      schema: { summary: 'One external feed', params: zIdParam, response: { 200: zAdminFeed } },
      config: { policy: CONTENT_POLICIES.feedsRead },
    },
    async (request) => (await adminFeeds([await loadFeed(request.params.id)]))[0]!,
  );

  app.post(
    '/admin/feeds',
    {
      schema: { summary: 'Add an external feed', body: zFeedCreate, response: { 201: zAdminFeed } },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request, reply) => {
      const { url, ...rest } = request.body;
      const now = ctx.clock.now();
      const [row] = await ctx.db
        .insert(feeds)
        .values({ ...rest, url: feedUrl(url), createdAt: now, updatedAt: now })
        .returning();
      return reply.status(201).send((await adminFeeds([row!]))[0]!);
    },
  );

  app.put(
    '/admin/feeds/:id',
    {
      schema: {
        summary: 'Update an external feed (the fields given replace the stored ones)',
        params: zIdParam,
        body: zFeedUpdate,
        response: { 200: zAdminFeed },
      },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request) => {
      const existing = await loadFeed(request.params.id);
      const { url, ...rest } = request.body;
      const [row] = await withTransaction(ctx.db, async (tx) => {
        // Items take the feed's kind: a feed moved to the other kind moves its items.
        if (rest.kind && rest.kind !== existing.kind)
          await tx.update(feedItems).set({ kind: rest.kind }).where(eq(feedItems.feedId, existing.id));
        return tx
          .update(feeds)
          .set({ ...rest, ...(url !== undefined ? { url: feedUrl(url) } : {}), updatedAt: ctx.clock.now() })
          .where(eq(feeds.id, existing.id))
          .returning();
      });
      return (await adminFeeds([row!]))[0]!;
    },
  );

  app.delete(
    '/admin/feeds/:id',
    {
      schema: { summary: 'Remove an external feed and its items', params: zIdParam },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request, reply) => {
      const existing = await loadFeed(request.params.id);
      await withTransaction(ctx.db, async (tx) => {
        await tx.delete(feedItems).where(eq(feedItems.feedId, existing.id));
        await tx.delete(feeds).where(eq(feeds.id, existing.id));
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/feeds/:id/fetch',
    {
      schema: {
        summary: 'Fetch a feed now: what was added and updated, or why it failed',
        params: zIdParam,
        response: { 200: zFeedFetchResult },
      },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request) => fetchFeed(ctx, await loadFeed(request.params.id)),
  );
}
