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
import { createReport, reportById, reportOrder, reportWhere, toAdminReport } from '../domain/reports.js';
import { COMMUNITY_POLICIES, reportScope } from '../policies.js';

/**
 * Violation reports (01 §1, §5, §7 reportViolation): any member of the housing company reports;
 * its moderators (and the developer's staff) list them in the staff app under /admin/reports
 * (ra-data-simple-rest: sort, range, filter; Content-Range).
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
}
