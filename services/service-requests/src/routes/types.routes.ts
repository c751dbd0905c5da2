import { zServiceRequestHousingCompanyQuery, zServiceRequestTypeList } from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { ServiceRequestsContext } from '../context.js';
import { enterHousingCompany } from '../domain/access.js';
import { typesOf } from '../domain/requests.js';
import { SERVICE_REQUEST_POLICIES } from '../policies.js';

/** The request types of a housing company (02 §3, §7 getServiceRequestTypes). */
export async function typeRoutes(app: App, ctx: ServiceRequestsContext) {
  app.get(
    '/types',
    {
      schema: {
        summary:
          "A housing company's request types (partner only when it has partner companies) and its partner companies",
        querystring: zServiceRequestHousingCompanyQuery,
        response: { 200: zServiceRequestTypeList },
      },
      config: { policy: SERVICE_REQUEST_POLICIES.signedIn },
    },
    async (request) =>
      typesOf(
        await enterHousingCompany(
          ctx,
          principalOf(request),
          request.query.housingCompanyId,
          request.query.lang,
        ),
      ),
  );
}
