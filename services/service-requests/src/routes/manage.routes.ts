import {
  zServiceRequestDetail,
  zServiceRequestLangQuery,
  zServiceRequestManageParams,
  zServiceRequestManageResponseCreate,
  zServiceRequestManageUpdate,
} from '@porta/contracts';
import type { App } from '@porta/service-kit';
import type { ServiceRequestsContext } from '../context.js';
import { manageGet, manageRespond, manageUpdate } from '../domain/manage.js';
import { SERVICE_REQUEST_POLICIES } from '../policies.js';

const policy = SERVICE_REQUEST_POLICIES.manageLink;

/**
 * Managing a request by link (01 §2, 02 §2 /service-requests/manage/{id}/{userId}/{token}): public
 * routes where the signed link is the credential (ADR 0018). A link that is tampered with, expired,
 * of another request or user, or of a user no longer its recipient answers 404
 * SRQ_MANAGE_LINK_INVALID, always the same.
 */
export async function manageRoutes(app: App, ctx: ServiceRequestsContext) {
  app.get(
    '/manage/:id/:userId/:token',
    {
      schema: {
        summary: 'The request with its responses, as the recipient the link was sent to sees it',
        params: zServiceRequestManageParams,
        querystring: zServiceRequestLangQuery,
        response: { 200: zServiceRequestDetail },
        security: [],
      },
      config: { policy },
    },
    async (request) => manageGet(ctx, request.params, request.query.lang),
  );

  app.post(
    '/manage/:id/:userId/:token/responses',
    {
      schema: {
        summary:
          'Answer the request as the link’s recipient (while not closed); answers it with its responses',
        params: zServiceRequestManageParams,
        querystring: zServiceRequestLangQuery,
        body: zServiceRequestManageResponseCreate,
        response: { 201: zServiceRequestDetail },
        security: [],
      },
      config: { policy },
    },
    async (request, reply) =>
      reply.status(201).send(await manageRespond(ctx, request.params, request.body, request.query.lang)),
  );

  app.put(
    '/manage/:id/:userId/:token',
    {
      schema: {
        summary: 'Move the status as the link’s recipient (and tell the sender, with sendNotification)',
        params: zServiceRequestManageParams,
        querystring: zServiceRequestLangQuery,
        body: zServiceRequestManageUpdate,
        response: { 200: zServiceRequestDetail },
        security: [],
      },
      config: { policy },
    },
    async (request) => manageUpdate(ctx, request.params, request.body, request.query.lang),
  );
}
