import {
  zServiceRequest,
  zServiceRequestAttachmentParams,
  zServiceRequestCreate,
  zServiceRequestDetail,
  zServiceRequestExportQuery,
  zServiceRequestForward,
  zServiceRequestIdParam,
  zServiceRequestLangQuery,
  zServiceRequestList,
  zServiceRequestListQuery,
  zServiceRequestRecipientAdd,
  zServiceRequestReminder,
  zServiceRequestResponseAttachmentParams,
  zServiceRequestResponseCreate,
  zServiceRequestResponseParams,
  zServiceRequestResponseUpdate,
  zServiceRequestUpdate,
} from '@porta/contracts';
import { type App, principalOf, sendCsv } from '@porta/service-kit';
import { z } from 'zod';
import type { ServiceRequestsContext } from '../context.js';
import { addRecipientTo, forwardRequest, remind, respond } from '../domain/actions.js';
import { exportRequests } from '../domain/export.js';
import { createRequest, deleteRequest, getRequest, listRequests, updateRequest } from '../domain/requests.js';
import { deleteResponse, editResponse, removeAttachment } from '../domain/responses.js';
import { SERVICE_REQUEST_POLICIES } from '../policies.js';

const policy = SERVICE_REQUEST_POLICIES.signedIn;

/**
 * Service requests (02 §2 /support/service-requests, §7): list, send, read with responses, answer,
 * change, delete, edit and delete responses, remove attachments, add recipients, forward and remind. Who reaches which request and may do what is
 * decided in the domain (ADR 0018); anything the caller may not see answers 404, and the feature
 * service-requests must be on.
 */
export async function requestRoutes(app: App, ctx: ServiceRequestsContext) {
  app.get(
    '/requests',
    {
      schema: {
        summary:
          "A housing company's requests the caller sees, newest first (filter all, closed, pending, public; type; 10 a page)",
        querystring: zServiceRequestListQuery,
        response: { 200: zServiceRequestList },
      },
      config: { policy },
    },
    async (request) => listRequests(ctx, principalOf(request), request.query),
  );

  app.get(
    '/requests/export',
    {
      schema: {
        summary:
          "A housing company's requests as CSV for its handlers and the developer's staff (the list's filters; every match, streamed)",
        querystring: zServiceRequestExportQuery,
        response: { 200: z.string().describe('text/csv') },
      },
      config: { policy },
    },
    async (request, reply) => {
      const csv = await exportRequests(ctx, principalOf(request), request.query, (error) =>
        request.log.error({ err: error }, 'service request export failed'),
      );
      return sendCsv(reply, 'service-requests', csv, new Date());
    },
  );

  app.post(
    '/requests',
    {
      schema: {
        summary: 'Send a request (members of the housing company and the developer’s staff)',
        querystring: zServiceRequestLangQuery,
        body: zServiceRequestCreate,
        response: { 201: zServiceRequest },
      },
      config: { policy },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRequest(ctx, principalOf(request), request.body, request.query.lang)),
  );

  app.get(
    '/requests/:id',
    {
      schema: {
        summary: 'One request with its responses',
        params: zServiceRequestIdParam,
        querystring: zServiceRequestLangQuery,
        response: { 200: zServiceRequestDetail },
      },
      config: { policy },
    },
    async (request) => getRequest(ctx, principalOf(request), request.params.id, request.query.lang),
  );

  app.put(
    '/requests/:id',
    {
      schema: {
        summary:
          'Change a request: status, publicity, type, partner, internal id (handlers); content (the sender while open)',
        params: zServiceRequestIdParam,
        querystring: zServiceRequestLangQuery,
        body: zServiceRequestUpdate,
        response: { 200: zServiceRequest },
      },
      config: { policy },
    },
    async (request) =>
      updateRequest(ctx, principalOf(request), request.params.id, request.body, request.query.lang),
  );

  app.delete(
    '/requests/:id',
    {
      schema: {
        summary: 'Delete a request (its sender while open; admin, staff and the company’s managers)',
        params: zServiceRequestIdParam,
        querystring: zServiceRequestLangQuery,
      },
      config: { policy },
    },
    async (request, reply) => {
      await deleteRequest(ctx, principalOf(request), request.params.id, request.query.lang);
      return reply.status(204).send();
    },
  );

  app.post(
    '/requests/:id/responses',
    {
      schema: {
        summary:
          'Answer a request (whoever reads it, while not closed); answers the request with its responses',
        params: zServiceRequestIdParam,
        querystring: zServiceRequestLangQuery,
        body: zServiceRequestResponseCreate,
        response: { 201: zServiceRequestDetail },
      },
      config: { policy },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await respond(ctx, principalOf(request), request.params.id, request.body, request.query.lang)),
  );

  app.put(
    '/requests/:id/responses/:responseId',
    {
      schema: {
        summary:
          'Edit a response (its writer, while the request is not closed); answers the request with its responses',
        params: zServiceRequestResponseParams,
        querystring: zServiceRequestLangQuery,
        body: zServiceRequestResponseUpdate,
        response: { 200: zServiceRequestDetail },
      },
      config: { policy },
    },
    async (request) =>
      editResponse(ctx, principalOf(request), request.params, request.body, request.query.lang),
  );

  app.delete(
    '/requests/:id/responses/:responseId',
    {
      schema: {
        summary:
          'Delete a response (its writer while the request is not closed; admin, staff and the company’s managers); it keeps its place without content',
        params: zServiceRequestResponseParams,
        querystring: zServiceRequestLangQuery,
        response: { 200: zServiceRequestDetail },
      },
      config: { policy },
    },
    async (request) => deleteResponse(ctx, principalOf(request), request.params, request.query.lang),
  );

  app.delete(
    '/requests/:id/attachments/:attachmentId',
    {
      schema: {
        summary:
          'Remove an attachment from a request (its uploader while not closed; admin, staff and the company’s managers)',
        params: zServiceRequestAttachmentParams,
        querystring: zServiceRequestLangQuery,
        response: { 200: zServiceRequestDetail },
      },
      config: { policy },
    },
    async (request) => removeAttachment(ctx, principalOf(request), request.params, request.query.lang),
  );

  app.delete(
    '/requests/:id/responses/:responseId/attachments/:attachmentId',
    {
      schema: {
        summary:
          'Remove an attachment from a response (its uploader while not closed; admin, staff and the company’s managers)',
        params: zServiceRequestResponseAttachmentParams,
        querystring: zServiceRequestLangQuery,
        response: { 200: zServiceRequestDetail },
      },
      config: { policy },
    },
    async (request) => removeAttachment(ctx, principalOf(request), request.params, request.query.lang),
  );

  app.post(
    '/requests/:id/recipients',
    {
      schema: {
        summary: "Add a recipient (the housing company's handlers and the developer's staff)",
        params: zServiceRequestIdParam,
        querystring: zServiceRequestLangQuery,
        body: zServiceRequestRecipientAdd,
        response: { 200: zServiceRequest },
      },
      config: { policy },
    },
    async (request) =>
      addRecipientTo(ctx, principalOf(request), request.params.id, request.body, request.query.lang),
  );

  app.post(
    '/requests/:id/forward',
    {
      schema: {
        summary: 'Forward a request to a user (handlers and recipients; a target user must be selected)',
        params: zServiceRequestIdParam,
        querystring: zServiceRequestLangQuery,
        body: zServiceRequestForward,
        response: { 200: zServiceRequest },
      },
      config: { policy },
    },
    async (request) =>
      forwardRequest(ctx, principalOf(request), request.params.id, request.body, request.query.lang),
  );

  app.post(
    '/requests/:id/reminder',
    {
      schema: {
        summary: 'Remind the recipients (the sender and handlers; once an hour per request)',
        params: zServiceRequestIdParam,
        querystring: zServiceRequestLangQuery,
        response: { 200: zServiceRequestReminder },
      },
      config: { policy },
    },
    async (request) => remind(ctx, principalOf(request), request.params.id, request.query.lang),
  );
}
