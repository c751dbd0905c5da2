import {
  zAdminReportDetail,
  zAdminReportList,
  zAdminReportListQuery,
  zCommunityIdParam,
  zReportCreate,
  zReportCreated,
} from '@porta/contracts';
import { type App, listPage, principalOf } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import { reports } from '../db/schema.js';
import {
  createReport,
  markReportHandled,
  reopenReport,
  reportById,
  reportOrder,
  reportWhere,
  toAdminReport,
} from '../domain/reports.js';
import { COMMUNITY_POLICIES, reportScope } from '../policies.js';

/**
 * Violation reports (01 §1, §5, §7 reportViolation): any member of the housing company reports;
 * its moderators (and the developer's staff) list them in the staff app under /admin/reports
 * (ra-data-simple-rest: sort, range, filter; Content-Range), mark them handled and reopen them.
 */
export async function reportRoutes(app: App, ctx: CommunityContext) {
  app.post(
    '/reports',
    {
      schema: {
        summary: 'Report a message for violation (the address carries _hc= the housing company)',
        body: zReportCreate,
        response: { 201: zReportCreated },
      },
      config: { policy: COMMUNITY_POLICIES.reportSend },
    },
    async (request, reply) => {
      const id = await createReport(ctx, principalOf(request), request.body);
      return reply.status(201).send({ id });
    },
  );

  app.get(
    '/admin/reports',
    {
      schema: {
        summary: 'Violation reports of the housing companies the caller moderates (staff)',
        querystring: zAdminReportListQuery,
        response: { 200: zAdminReportList },
      },
      config: { policy: COMMUNITY_POLICIES.reportsRead },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const page = await listPage(ctx.db, reports, 'reports', {
        where: reportWhere(reportScope(principalOf(request)), filter),
        orderBy: reportOrder(sort),
        range,
      });
      reply.header('content-range', page.contentRange);
      return page.rows.map(toAdminReport);
    },
  );

  app.get(
    '/admin/reports/:id',
    {
      schema: {
        summary: 'One violation report with the discussion or comment it points at (staff)',
        params: zCommunityIdParam,
        response: { 200: zAdminReportDetail },
      },
      config: { policy: COMMUNITY_POLICIES.reportsRead },
    },
    async (request) => reportById(ctx, reportScope(principalOf(request)), request.params.id),
  );

  app.post(
    '/admin/reports/:id/handled',
    {
      schema: {
        summary: 'Mark a violation report handled (moderators of its housing company; handled stays handled)',
        params: zCommunityIdParam,
        response: { 200: zAdminReportDetail },
      },
      config: { policy: COMMUNITY_POLICIES.reportsRead },
    },
    async (request) => {
      const p = principalOf(request);
      return markReportHandled(ctx, p, reportScope(p), request.params.id);
    },
  );

  app.post(
    '/admin/reports/:id/reopen',
    {
      schema: {
        summary: 'Reopen a handled violation report (moderators of its housing company)',
        params: zCommunityIdParam,
        response: { 200: zAdminReportDetail },
      },
      config: { policy: COMMUNITY_POLICIES.reportsRead },
    },
    async (request) => reopenReport(ctx, reportScope(principalOf(request)), request.params.id),
  );
}
