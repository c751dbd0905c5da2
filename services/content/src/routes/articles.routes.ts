import {
  type AdminArticleInput,
  zAdminArticleListQuery,
  zAdminArticleListResponse,
  zAdminArticleRequest,
  zAdminArticleResponse,
  zEditorialPreviewQuery,
  zEditorialPublishRequest,
  zIdOrCodenameParam,
  zIdParam,
  zNewsDetailResponse,
  zNewsListQuery,
  zNewsListResponse,
  zResidentContentQuery,
} from '@porta/contracts';
import {
  type App,
  AppError,
  listPage,
  type Principal,
  principalOf,
  sortBy,
  withTransaction,
} from '@porta/service-kit';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { articles } from '../db/schema.js';
import {
  type ArticleRow,
  announceArticles,
  articleCodenameTaken,
  articleDetail,
  assetsById,
  authorOf,
  checkArticleAssets,
  cleanArticleVariants,
  codenameSuffix,
  editorialScope,
  isScheduled,
  isUniqueViolation,
  likePattern,
  newsDetail,
  newsList,
  plainText,
  publishTime,
  reachingHousingCompany,
  resolveArticleFields,
  scheduledFilter,
  staffArticle,
  toAdminArticle,
} from '../domain/articles.js';
import { checkTargeting } from '../domain/publication.js';
import { audienceOf, readerFor } from '../domain/reader.js';
import { codenameFrom, languageOf } from '../domain/text.js';
import { CONTENT_POLICIES, canEditItem, type EditorActor, editorActor } from '../policies.js';

const SORT_COLUMNS = {
  publishAt: articles.publishAt,
  title: articles.title,
  updatedAt: articles.updatedAt,
  createdAt: articles.createdAt,
  articleType: articles.articleType,
  status: articles.status,
  codename: articles.codename,
} as const;

/**
 * News articles (01 §2, 02 §2–§4, 03 §2–§6). Residents: GET /news in four modes and
 * GET /news/:id, only what visibleTo + articleAudience let the reader see. Staff: the
 * ra-data-simple-rest resource /admin/articles in the caller's scope (contentScope), writes
 * for editors who may edit the item (canEditItem), plus preview and publishing actions.
 * Publishing for now announces in the same transaction; scheduled ones are announced by the
 * announce job.
 */
export async function articleRoutes(app: App, ctx: ContentContext) {
  // --- Resident ----------------------------------------------------------------------------

  app.get(
    '/news',
    {
      schema: {
        summary: 'News for the reader: default, latest, statusUpdates or archive',
        querystring: zNewsListQuery,
        response: { 200: zNewsListResponse },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => {
      const { housingCompanyId, lang, mode, limit, offset } = request.query;
      const reader = await readerFor(ctx, principalOf(request), { housingCompanyId, lang });
      return newsList(ctx, reader, { mode, limit, offset });
    },
  );

  app.get(
    '/news/:id',
    {
      schema: {
        summary: 'One article by codename or id (404 unless the reader may see it)',
        params: zIdOrCodenameParam,
        querystring: zResidentContentQuery,
        response: { 200: zNewsDetailResponse },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => {
      const { housingCompanyId, lang } = request.query;
      const reader = await readerFor(ctx, principalOf(request), { housingCompanyId, lang });
      return newsDetail(ctx, reader, request.params.id);
    },
  );

  // --- Staff -------------------------------------------------------------------------------

  async function answer(row: ArticleRow, actor: EditorActor) {
    const byId = await assetsById(ctx.db, [...row.imageIds, ...row.attachmentIds]);
    return toAdminArticle(row, actor, canEditItem(actor, row), ctx.clock.now(), byId);
  }

  /** The article if the caller may change it: 404 out of scope, 403 CNT_NOT_EDITABLE otherwise. */
  async function editable(p: Principal, id: string) {
    const row = await staffArticle(ctx.db, p, id);
    const actor = editorActor(p, 'editorial');
    if (!canEditItem(actor, row)) throw new AppError('CNT_NOT_EDITABLE');
    return { row, actor };
  }

  /** Run a change (and its announcement) in one transaction; publish the events after commit. */
  async function change(fn: (tx: ContentContext['db']) => Promise<ArticleRow>): Promise<ArticleRow> {
    try {
      const row = await withTransaction(ctx.db, fn);
      ctx.kickEvents();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CNT_CODENAME_IN_USE');
      throw error;
    }
  }

  /** Announce the row if its publication has come; answers it as stored. */
  async function announced(tx: ContentContext['db'], row: ArticleRow, now: Date): Promise<ArticleRow> {
    return (await announceArticles(tx, now, row.id)) ? { ...row, announcedAt: now } : row;
  }

  /** Validate and store a create (existing null) or a full update. */
  async function save(actor: EditorActor, input: AdminArticleInput, existing: ArticleRow | null) {
    const now = ctx.clock.now();
    const fields = resolveArticleFields(input, now, existing);
    const targeting = {
      housingCompanyIds: [...new Set(input.targeting.housingCompanyIds)],
      buildingTaxonomies: [...new Set(input.targeting.buildingTaxonomies)],
    };
    await checkTargeting(ctx, actor, targeting);
    await checkArticleAssets(ctx.db, input);
    const variants = cleanArticleVariants(input.variants);
    const title = variants[input.defaultLanguage]?.title ?? '';
    const codename = input.codename ?? existing?.codename ?? codenameFrom(title, codenameSuffix());
    if (await articleCodenameTaken(ctx.db, codename, existing?.id)) throw new AppError('CNT_CODENAME_IN_USE');
    const values = {
      codename,
      articleType: input.articleType,
      title,
      variants,
      category: input.category ? plainText(input.category) || null : null,
      buildingPhase: input.buildingPhase,
      ...fields,
      imageIds: input.imageIds,
      attachmentIds: input.attachmentIds,
      ...targeting,
      audience: audienceOf(targeting),
      userRoles: [...new Set(input.userRoles)],
      defaultLanguage: input.defaultLanguage,
      updatedAt: now,
    };
    return change(async (tx) => {
      if (existing) {
        const [row] = await tx
          .update(articles)
          .set({
            ...values,
            // Back to draft ends the publication: publishing again announces again.
            announcedAt: values.status === 'draft' ? null : existing.announcedAt,
          })
          .where(eq(articles.id, existing.id))
          .returning();
        return announced(tx, row!, now);
      }
      const [row] = await tx
        .insert(articles)
        .values({ ...values, ...authorOf(actor), createdAt: now })
        .returning();
      return announced(tx, row!, now);
    });
  }

  app.get(
    '/admin/articles',
    {
      schema: {
        summary: 'List articles in the caller’s scope (ra-data-simple-rest; Content-Range)',
        querystring: zAdminArticleListQuery,
        response: { 200: zAdminArticleListResponse },
      },
      config: { policy: CONTENT_POLICIES.editorialRead },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const now = ctx.clock.now();
      const { sort, range, filter } = request.query;
      const where: (SQL | undefined)[] = [editorialScope(articles, p)];
      if (filter?.q) {
        const pattern = likePattern(filter.q);
        where.push(or(ilike(articles.title, pattern), ilike(articles.codename, pattern)));
      }
      if (filter?.status) where.push(eq(articles.status, filter.status));
      if (filter?.articleType) where.push(eq(articles.articleType, filter.articleType));
      if (filter?.housingCompanyId)
        where.push(await reachingHousingCompany(ctx.db, articles.audience, filter.housingCompanyId));
      if (filter?.scheduled !== undefined) where.push(scheduledFilter(articles, filter.scheduled, now));
      if (filter?.id) where.push(filter.id.length ? inArray(articles.id, filter.id) : sql`false`);
      const [field, order] = sort ?? ['publishAt', 'DESC'];
      const page = await listPage(ctx.db, articles, 'articles', {
        where: and(...where),
        orderBy: [sortBy(SORT_COLUMNS[field], order), asc(articles.id)],
        range,
      });
      reply.header('content-range', page.contentRange);
      const actor = editorActor(p, 'editorial');
      const byId = await assetsById(
        ctx.db,
        page.rows.flatMap((r) => [...r.imageIds, ...r.attachmentIds]),
      );
      return page.rows.map((r) => toAdminArticle(r, actor, canEditItem(actor, r), now, byId));
    },
  );

  app.get(
    '/admin/articles/:id',
    {
      schema: { summary: 'One article (staff)', params: zIdParam, response: { 200: zAdminArticleResponse } },
      config: { policy: CONTENT_POLICIES.editorialRead },
    },
    async (request) => {
      const p = principalOf(request);
      return answer(await staffArticle(ctx.db, p, request.params.id), editorActor(p, 'editorial'));
    },
  );

  app.post(
    '/admin/articles',
    {
      schema: {
        summary: 'Create an article (published for now: announced at once; future publishAt: scheduled)',
        body: zAdminArticleRequest,
        response: { 201: zAdminArticleResponse },
      },
      config: { policy: CONTENT_POLICIES.editorialWrite },
    },
    async (request, reply) => {
      const actor = editorActor(principalOf(request), 'editorial');
      const row = await save(actor, request.body, null);
      return reply.status(201).send(await answer(row, actor));
    },
  );

  app.put(
    '/admin/articles/:id',
    {
      schema: {
        summary: 'Replace an article (the caller must be able to edit it)',
        params: zIdParam,
        body: zAdminArticleRequest,
        response: { 200: zAdminArticleResponse },
      },
      config: { policy: CONTENT_POLICIES.editorialWrite },
    },
    async (request) => {
      const { row: existing, actor } = await editable(principalOf(request), request.params.id);
      return answer(await save(actor, request.body, existing), actor);
    },
  );

  app.delete(
    '/admin/articles/:id',
    {
      schema: { summary: 'Delete an article', params: zIdParam, response: { 204: z.null() } },
      config: { policy: CONTENT_POLICIES.editorialWrite },
    },
    async (request, reply) => {
      const { row } = await editable(principalOf(request), request.params.id);
      await ctx.db.delete(articles).where(eq(articles.id, row.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/articles/:id/preview',
    {
      schema: {
        summary: 'The resident view of an article in scope, drafts and scheduled ones included',
        params: zIdParam,
        querystring: zEditorialPreviewQuery,
        response: { 200: zNewsDetailResponse },
      },
      config: { policy: CONTENT_POLICIES.editorialRead },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await staffArticle(ctx.db, p, request.params.id);
      const { housingCompanyId, lang } = request.query;
      const view = housingCompanyId
        ? await readerFor(ctx, p, { housingCompanyId, lang })
        : { language: languageOf(lang), now: ctx.clock.now() };
      return articleDetail(ctx.db, row, view);
    },
  );

  app.post(
    '/admin/articles/:id/publish',
    {
      schema: {
        summary: 'Publish now, or schedule for a future publishAt',
        params: zIdParam,
        body: zEditorialPublishRequest,
        response: { 200: zAdminArticleResponse },
      },
      config: { policy: CONTENT_POLICIES.editorialWrite },
    },
    async (request) => {
      const { row: existing, actor } = await editable(principalOf(request), request.params.id);
      const now = ctx.clock.now();
      const publishAt = publishTime(request.body.publishAt, now);
      if (existing.unpublishAt && existing.unpublishAt <= publishAt)
        throw new AppError('CNT_UNPUBLISH_BEFORE_PUBLISH');
      const row = await change(async (tx) => {
        const [updated] = await tx
          .update(articles)
          .set({ status: 'published', publishAt, updatedAt: now })
          .where(eq(articles.id, existing.id))
          .returning();
        return announced(tx, updated!, now);
      });
      return answer(row, actor);
    },
  );

  app.post(
    '/admin/articles/:id/unpublish',
    {
      schema: {
        summary: 'Take an article back to draft (publishing again announces again)',
        params: zIdParam,
        response: { 200: zAdminArticleResponse },
      },
      config: { policy: CONTENT_POLICIES.editorialWrite },
    },
    async (request) => {
      const { row: existing, actor } = await editable(principalOf(request), request.params.id);
      const [row] = await ctx.db
        .update(articles)
        .set({ status: 'draft', announcedAt: null, updatedAt: ctx.clock.now() })
        .where(eq(articles.id, existing.id))
        .returning();
      return answer(row!, actor);
    },
  );

  app.post(
    '/admin/articles/:id/cancel-schedule',
    {
      schema: {
        summary: 'Cancel a scheduled publication (back to draft, the chosen time kept)',
        params: zIdParam,
        response: { 200: zAdminArticleResponse },
      },
      config: { policy: CONTENT_POLICIES.editorialWrite },
    },
    async (request) => {
      const { row: existing, actor } = await editable(principalOf(request), request.params.id);
      const now = ctx.clock.now();
      if (!isScheduled(existing, now)) throw new AppError('CNT_NOT_SCHEDULED');
      const [row] = await ctx.db
        .update(articles)
        .set({ status: 'draft', announcedAt: null, updatedAt: now })
        .where(eq(articles.id, existing.id))
        .returning();
      return answer(row!, actor);
    },
  );
}
