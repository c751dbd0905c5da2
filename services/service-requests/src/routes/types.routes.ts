import {
  zServiceRequestHousingCompanyQuery,
  zServiceRequestTargetList,
  zServiceRequestTypeList,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { ServiceRequestsContext } from '../context.js';
import { enterHousingCompany } from '../domain/access.js';
import { targetsOf, typesOf } from '../domain/requests.js';
import { SERVICE_REQUEST_POLICIES } from '../policies.js';

/** The request types of a housing company (02 §3, §7 getServiceRequestTypes) and the residents a request can be sent to. */
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
  app.get(
    '/targets',
    {
      schema: {
        summary:
          "The residents a private request can be sent to: the housing company's members with a public profile, not the caller",
        querystring: zServiceRequestHousingCompanyQuery,
        response: { 200: zServiceRequestTargetList },
      },
      config: { policy: SERVICE_REQUEST_POLICIES.signedIn },
    },
    async (request) =>
      targetsOf(
        ctx,
        await enterHousingCompany(
          ctx,
          principalOf(request),
          request.query.housingCompanyId,
          request.query.lang,
        ),
      ),
  );
}
