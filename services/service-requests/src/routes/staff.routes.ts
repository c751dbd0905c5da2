import {
  zAdminServiceRequestList,
  zAdminServiceRequestListQuery,
  zServiceRequestDetail,
  zServiceRequestIdParam,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { ServiceRequestsContext } from '../context.js';
import { getForStaff, listForStaff } from '../domain/staff.js';
import { SERVICE_REQUEST_POLICIES } from '../policies.js';

/**
 * The staff app's service requests (03 /admin/service-requests): the list across the housing
 * companies the caller handles (ra-data-simple-rest: sort, range, filter; Content-Range) and one
 * request with its responses. Changes go through the regular routes.
 */
export async function staffRoutes(app: App, ctx: ServiceRequestsContext) {
  app.get(
    '/admin/requests',
    {
      schema: {
        summary:
          'Requests of every housing company the caller handles (staff; all for the developer’s staff)',
        querystring: zAdminServiceRequestListQuery,
        response: { 200: zAdminServiceRequestList },
      },
      config: { policy: SERVICE_REQUEST_POLICIES.staff },
    },
    async (request, reply) => {
      const page = await listForStaff(ctx, principalOf(request), request.query);
      reply.header('content-range', page.contentRange);
      return page.items;
    },
  );

  app.get(
    '/admin/requests/:id',
    {
      schema: {
        summary: 'One request of a housing company the caller handles, with its responses (staff)',
        params: zServiceRequestIdParam,
        response: { 200: zServiceRequestDetail },
      },
      config: { policy: SERVICE_REQUEST_POLICIES.staff },
    },
    async (request) => getForStaff(ctx, principalOf(request), request.params.id),
  );
}
