import {
  zAdminFaq,
  zAdminFaqList,
  zAdminFaqListQuery,
  zAdminFaqWrite,
  zFaqEntry,
  zFaqList,
  zHelpQuery,
  zIdOrCodenameParam,
  zIdParam,
  zResidentContentQuery,
} from '@porta/contracts';
import { type App, listPage, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { faqs } from '../db/schema.js';
import {
  adminFaqWhere,
  createFaq,
  deleteFaq,
  faqInScope,
  faqOrder,
  helpEntry,
  helpFaq,
  mayEditFaq,
  residentFaq,
  residentFaqEntry,
  toAdminFaq,
  updateFaq,
} from '../domain/faq.js';
import { featureReaderFor } from '../domain/reader.js';
import { languageOf } from '../domain/text.js';
import { CONTENT_POLICIES, contentScope } from '../policies.js';

/**
 * The resident FAQ (/faq, /faq/:id), the staff help section (/help; admin-area roles) and the
 * staff CRUD of both under /admin/faqs (read: admin-area roles within their scope, faqScopeWhere;
 * write: site content editors).
 */
export async function faqRoutes(app: App, ctx: ContentContext) {
  app.get(
    '/faq',
    {
      schema: {
        summary: 'FAQ of a housing company, grouped by FAQ taxonomy',
        querystring: zResidentContentQuery,
        response: { 200: zFaqList },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) =>
      residentFaq(ctx, await featureReaderFor(ctx, principalOf(request), request.query, 'faq')),
  );

  app.get(
    '/faq/:id',
    {
      schema: {
        summary: 'One FAQ entry (codename or id)',
        params: zIdOrCodenameParam,
        querystring: zResidentContentQuery,
        response: { 200: zFaqEntry },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) =>
      residentFaqEntry(
        ctx,
        await featureReaderFor(ctx, principalOf(request), request.query, 'faq'),
        request.params.id,
      ),
  );

  app.get(
    '/help',
    {
      schema: {
        summary: 'The staff help section, grouped by FAQ taxonomy',
        querystring: zHelpQuery,
        response: { 200: zFaqList },
      },
      config: { policy: CONTENT_POLICIES.helpRead },
    },
    async (request) => helpFaq(ctx, languageOf(request.query.lang)),
  );

  app.get(
    '/help/:id',
    {
      schema: {
        summary: 'One help entry (codename or id)',
        params: zIdOrCodenameParam,
        querystring: zHelpQuery,
        response: { 200: zFaqEntry },
      },
      config: { policy: CONTENT_POLICIES.helpRead },
    },
    async (request) => helpEntry(ctx, languageOf(request.query.lang), request.params.id),
  );

  app.get(
    '/admin/faqs',
    {
      schema: {
        summary: 'List FAQ and help entries (staff)',
        querystring: zAdminFaqListQuery,
        response: { 200: zAdminFaqList },
      },
      config: { policy: CONTENT_POLICIES.helpRead },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const { sort, range, filter } = request.query;
      const page = await listPage(ctx.db, faqs, 'faqs', {
        where: await adminFaqWhere(ctx, contentScope(p), filter),
        orderBy: faqOrder(sort),
        range,
      });
      reply.header('content-range', page.contentRange);
      const now = ctx.clock.now();
      return page.rows.map((row) => toAdminFaq(row, now, mayEditFaq(p)));
    },
  );

  app.get(
    '/admin/faqs/:id',
    {
      schema: { summary: 'One FAQ or help entry (staff)', params: zIdParam, response: { 200: zAdminFaq } },
      config: { policy: CONTENT_POLICIES.helpRead },
    },
    async (request) => {
      const p = principalOf(request);
      return toAdminFaq(
        await faqInScope(ctx, contentScope(p), request.params.id),
        ctx.clock.now(),
        mayEditFaq(p),
      );
    },
  );

  app.post(
    '/admin/faqs',
    {
      schema: { summary: 'Create a FAQ or help entry', body: zAdminFaqWrite, response: { 201: zAdminFaq } },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request, reply) => {
      const row = await createFaq(ctx, principalOf(request), request.body);
      return reply.status(201).send(toAdminFaq(row, ctx.clock.now(), true));
    },
  );

  app.put(
    '/admin/faqs/:id',
    {
      schema: {
        summary: 'Replace a FAQ or help entry',
        params: zIdParam,
        body: zAdminFaqWrite,
        response: { 200: zAdminFaq },
      },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await faqInScope(ctx, contentScope(p), request.params.id);
      const updated = await updateFaq(ctx, p, row, request.body);
      return toAdminFaq(updated, ctx.clock.now(), true);
    },
  );

  app.delete(
    '/admin/faqs/:id',
    {
      schema: { summary: 'Delete a FAQ or help entry', params: zIdParam, response: { 204: z.null() } },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request, reply) => {
      await faqInScope(ctx, contentScope(principalOf(request)), request.params.id);
      await deleteFaq(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
