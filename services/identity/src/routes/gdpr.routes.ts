import { zAdminUserParams, zGdprReport, zGdprReportQuery } from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { FastifyReply } from 'fastify';
import type { IdentityContext } from '../context.js';
import { buildGdprReport, gdprReportFileName } from '../domain/gdpr.js';
import { assertUserInScope } from '../domain/scope.js';
import { currentUser } from '../domain/self-service.js';
import { IDENTITY_POLICIES, userManagementScope } from '../policies.js';

/** With download=1 (or true) the report is answered as a file to save. */
function asAttachment(reply: FastifyReply, download: string | undefined) {
  if (download === '1' || download === 'true') {
    reply.header('content-disposition', `attachment; filename="${gdprReportFileName()}"`);
  }
  reply.header('cache-control', 'no-store');
}

/** The GDPR user-information report (03 §1, §6): one's own, and any user's for business admins. */
export async function gdprRoutes(app: App, ctx: IdentityContext) {
  app.get(
    '/me/gdpr-report',
    {
      schema: {
        summary: 'Everything identity stores about the signed-in user',
        querystring: zGdprReportQuery,
        response: { 200: zGdprReport },
      },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request, reply) => {
      const user = await currentUser(ctx, principalOf(request));
      const report = await buildGdprReport(ctx.db, user.id);
      asAttachment(reply, request.query.download);
      return report;
    },
  );

  app.get(
    '/admin/users/:id/gdpr-report',
    {
      schema: {
        summary: "Everything identity stores about a user (business admins; the user's scope)",
        params: zAdminUserParams,
        querystring: zGdprReportQuery,
        response: { 200: zGdprReport },
      },
      config: { policy: IDENTITY_POLICIES.gdprReportOfOthers },
    },
    async (request, reply) => {
      const { id } = request.params;
      await assertUserInScope(ctx.db, userManagementScope(principalOf(request)), id);
      const report = await buildGdprReport(ctx.db, id);
      asAttachment(reply, request.query.download);
      return report;
    },
  );
}
