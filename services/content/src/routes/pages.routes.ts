import {
  zAdminPage,
  zAdminPageList,
  zAdminPageListQuery,
  zAdminPageWrite,
  zIdParam,
  zPublicPage,
  zPublicPageQuery,
} from '@porta/contracts';
import { type App, listPage } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { pages } from '../db/schema.js';
import { assetRefs } from '../domain/assets.js';
import {
  adminPagesOf,
  adminPageWhere,
  createPage,
  deletePage,
  pageById,
  pageOrder,
  publicPage,
  toAdminPage,
  updatePage,
} from '../domain/pages.js';
import { CONTENT_POLICIES } from '../policies.js';

/** Public content pages for the catch-all route, and their staff CRUD under /admin/pages. */
export async function pageRoutes(app: App, ctx: ContentContext) {
  app.get(
    '/pages',
    {
      schema: {
        summary: "A published content page by path (the catch-all route; 404 'Page not found')",
        querystring: zPublicPageQuery,
        response: { 200: zPublicPage },
      },
      config: { policy: CONTENT_POLICIES.public('public content pages (terms, privacy, cookies…)') },
    },
    async (request) => publicPage(ctx, request.query.path, request.query.lang),
  );

  app.get(
    '/admin/pages',
    {
      schema: {
        summary: 'List content pages (staff)',
        querystring: zAdminPageListQuery,
        response: { 200: zAdminPageList },
      },
      config: { policy: CONTENT_POLICIES.helpRead },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const page = await listPage(ctx.db, pages, 'pages', {
        where: adminPageWhere(filter),
        orderBy: pageOrder(sort),
        range,
      });
      reply.header('content-range', page.contentRange);
      return adminPagesOf(ctx, page.rows);
    },
  );

  app.get(
    '/admin/pages/:id',
    {
      schema: { summary: 'One content page (staff)', params: zIdParam, response: { 200: zAdminPage } },
      config: { policy: CONTENT_POLICIES.helpRead },
    },
    async (request) => {
      const row = await pageById(ctx, request.params.id);
      return toAdminPage(row, await assetRefs(ctx.db, row.imageIds));
    },
  );

  app.post(
    '/admin/pages',
    {
      schema: { summary: 'Create a content page', body: zAdminPageWrite, response: { 201: zAdminPage } },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request, reply) => {
      const row = await createPage(ctx, request.body);
      return reply.status(201).send(toAdminPage(row, await assetRefs(ctx.db, row.imageIds)));
    },
  );

  app.put(
    '/admin/pages/:id',
    {
      schema: {
        summary: 'Replace a content page',
        params: zIdParam,
        body: zAdminPageWrite,
        response: { 200: zAdminPage },
      },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request) => {
      await pageById(ctx, request.params.id);
      const row = await updatePage(ctx, request.params.id, request.body);
      return toAdminPage(row, await assetRefs(ctx.db, row.imageIds));
    },
  );

  app.delete(
    '/admin/pages/:id',
    {
      schema: { summary: 'Delete a content page', params: zIdParam, response: { 204: z.null() } },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request, reply) => {
      await pageById(ctx, request.params.id);
      await deletePage(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
