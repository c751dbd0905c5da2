import {
  zAdminFeedbackEntry,
  zAdminFeedbackExportQuery,
  zAdminFeedbackList,
  zAdminFeedbackListQuery,
  zFeedbackCreate,
  zFeedbackCreated,
  zIdParam,
} from '@porta/contracts';
import { type App, listPage, orderOf, principalOf, sendCsv } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { feedbackEntries } from '../db/schema.js';
import {
  adminFeedbackOf,
  feedbackById,
  feedbackCsv,
  feedbackOrder,
  feedbackWhere,
  storeFeedback,
} from '../domain/feedback.js';
import { readerFor } from '../domain/reader.js';
import { CONTENT_POLICIES } from '../policies.js';

/**
 * Sending feedback (any signed-in member of the housing company) and the staff list and CSV
 * export under /admin/feedback (03 §2: yitUser).
 */
export async function feedbackRoutes(app: App, ctx: ContentContext) {
  app.post(
    '/feedback',
    {
      schema: {
        summary: 'Send feedback: a rating from 1 to 5 and an optional comment',
        body: zFeedbackCreate,
        response: { 201: zFeedbackCreated },
      },
      config: { policy: CONTENT_POLICIES.feedbackSend },
    },
    async (request, reply) => {
      const reader = await readerFor(ctx, principalOf(request), {
        housingCompanyId: request.body.housingCompanyId,
      });
      const id = await storeFeedback(ctx, reader, request.body);
      return reply.status(201).send({ id });
    },
  );

  app.get(
    '/admin/feedback',
    {
      schema: {
        summary: 'List feedback entries (staff)',
        querystring: zAdminFeedbackListQuery,
        response: { 200: zAdminFeedbackList },
      },
      config: { policy: CONTENT_POLICIES.feedbackRead },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const page = await listPage(ctx.db, feedbackEntries, 'feedback', {
        where: feedbackWhere(filter),
        orderBy: orderOf(feedbackOrder(sort)),
        range,
      });
      reply.header('content-range', page.contentRange);
      return adminFeedbackOf(ctx, page.rows);
    },
  );

  app.get(
    '/admin/feedback/export',
    {
      schema: {
        summary: 'Feedback entries as CSV (text/csv; the list filter and sort; every matching entry)',
        querystring: zAdminFeedbackExportQuery,
        response: { 200: z.string().describe('text/csv') },
      },
      config: { policy: CONTENT_POLICIES.feedbackRead },
    },
    async (request, reply) => {
      const { sort, filter } = request.query;
      const csv = feedbackCsv(ctx, feedbackWhere(filter), feedbackOrder(sort), (error) =>
        request.log.error({ err: error }, 'feedback export failed'),
      );
      return sendCsv(reply, 'feedback', csv, ctx.clock.now());
    },
  );

  app.get(
    '/admin/feedback/:id',
    {
      schema: {
        summary: 'One feedback entry (staff)',
        params: zIdParam,
        response: { 200: zAdminFeedbackEntry },
      },
      config: { policy: CONTENT_POLICIES.feedbackRead },
    },
    async (request) => {
      const [entry] = await adminFeedbackOf(ctx, [await feedbackById(ctx, request.params.id)]);
      return entry!;
    },
  );
}
