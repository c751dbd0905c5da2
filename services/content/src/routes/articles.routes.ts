import {
  type AdminArticleInput,
  type AdminArticleResponse,
  type NewsDetailResponse,
  zAdminArticleListQuery,
  zAdminArticleListResponse,
  zAdminArticleRequest,
  zAdminArticleResponse,
  zIdOrCodenameParam,
  zNewsDetailResponse,
  zNewsListQuery,
  zNewsListResponse,
  zResidentContentQuery,
} from '@porta/contracts';
import { type App, AppError, listPage, principalOf, sortBy } from '@porta/service-kit';
import { and, asc, eq } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { articles } from '../db/schema.js';
import {
  type ArticleRow,
  announceArticles,
  articleDetail,
  authorOf,
  checkArticleAssets,
  cleanArticleVariants,
  codenameSuffix,
  codenameTaken,
  editorialListWhere,
  newsDetail,
  newsList,
  plainText,
  resolveArticleFields,
  staffArticle,
  toAdminArticle,
} from '../domain/articles.js';
import { readerKey } from '../domain/kept-reads.js';
import {
  checkTargeting,
  distinctTargeting,
  publishesTo,
  requireBroadAudienceConfirmation,
} from '../domain/publication.js';
import { audienceOf, readerFor } from '../domain/reader.js';
import { codenameFrom } from '../domain/text.js';
import { CONTENT_POLICIES, type EditorActor, editorActor } from '../policies.js';
import { type EditorialKind, editorialHelpers, editorialRoutes } from './editorial.js';

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
      return ctx.reads.get(['news', ...readerKey(reader), mode, limit, offset], () =>
        newsList(ctx, reader, { mode, limit, offset }),
      );
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

  const kind: EditorialKind<ArticleRow, AdminArticleResponse, NewsDetailResponse> = {
    path: '/admin/articles',
    noun: 'article',
    table: articles,
    schemas: { request: zAdminArticleRequest, response: zAdminArticleResponse, detail: zNewsDetailResponse },
    load: staffArticle,
    toAdmin: toAdminArticle,
    announce: (tx, now, id) => announceArticles(tx, now, id),
    detail: articleDetail,
  };
  const helpers = editorialHelpers(ctx, kind);
  const { change, announced } = helpers;

  /**
   * Validate and store a create (existing null) or a full update. Publishing to a broad audience
   * asks for the confirmation first (03 §4); a draft never asks.
   */
  async function save(actor: EditorActor, input: AdminArticleInput, existing: ArticleRow | null) {
    const now = ctx.clock.now();
    const fields = resolveArticleFields(input, now, existing);
    const targeting = distinctTargeting(input.targeting);
    await checkTargeting(ctx, actor, targeting);
    await checkArticleAssets(ctx.db, input);
    const variants = cleanArticleVariants(input.variants);
    const title = variants[input.defaultLanguage]?.title ?? '';
    const codename = input.codename ?? existing?.codename ?? codenameFrom(title, codenameSuffix());
    if (await codenameTaken(ctx.db, articles, codename, existing?.id))
      throw new AppError('CNT_CODENAME_IN_USE');
    if (publishesTo(input.status, existing, targeting))
      await requireBroadAudienceConfirmation(ctx, targeting, input.confirmBroadAudience);
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
      const where = await editorialListWhere(ctx, articles, p, filter, now);
      if (filter?.articleType) where.push(eq(articles.articleType, filter.articleType));
      const [field, order] = sort ?? ['publishAt', 'DESC'];
      const page = await listPage(ctx.db, articles, 'articles', {
        where: and(...where),
        orderBy: [sortBy(SORT_COLUMNS[field], order), asc(articles.id)],
        range,
      });
      reply.header('content-range', page.contentRange);
      return helpers.answers(page.rows, editorActor(p, 'editorial'), now);
    },
  );

  editorialRoutes(app, ctx, kind, helpers, save);
}
