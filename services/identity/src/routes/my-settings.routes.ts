import {
  zChangePasswordRequest,
  zEmailChangeConfirmParams,
  zEmailChangeConfirmResponse,
  zEmailChangeRequest,
  zEmailChangeResponse,
  zSignature,
  zSignatureList,
  zSignatureParams,
  zSignatureRequest,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { IdentityContext } from '../context.js';
import {
  changePassword,
  confirmEmailChange,
  createSignature,
  currentUser,
  deleteSignature,
  listSignatures,
  requestEmailChange,
  updateSignature,
} from '../domain/self-service.js';
import { IDENTITY_POLICIES } from '../policies.js';

/** My settings (03 §2): change e-mail (with a confirmation link), change password, signatures. */
export async function mySettingsRoutes(app: App, ctx: IdentityContext) {
  app.post(
    '/me/email-change',
    {
      schema: {
        summary: 'Ask to change the own e-mail address; a confirmation link goes to the new address',
        body: zEmailChangeRequest,
        response: { 202: zEmailChangeResponse },
      },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request, reply) => {
      const user = await currentUser(ctx, principalOf(request));
      const { newEmail, expiresAt } = await requestEmailChange(ctx, user, request.body.newEmail, request.log);
      return reply.status(202).send({ newEmail, expiresAt: expiresAt.toISOString() });
    },
  );

  app.post(
    '/email-change/:userId/:code',
    {
      schema: {
        summary: 'Confirm an e-mail change with the link of the confirmation mail',
        params: zEmailChangeConfirmParams,
        response: { 200: zEmailChangeConfirmResponse },
        security: [],
      },
      config: { policy: IDENTITY_POLICIES.public('the link of the confirmation mail is the credential') },
    },
    async (request) => confirmEmailChange(ctx, request.params.userId, request.params.code),
  );

  app.post(
    '/me/password',
    {
      schema: {
        summary: "Change the own password (03 §5 rules); the user's other sessions end",
        body: zChangePasswordRequest,
        response: { 204: z.null() },
      },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const user = await currentUser(ctx, principal);
      await changePassword(ctx, principal, user, request.body, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me/signatures',
    {
      schema: { summary: 'The own e-mail signatures', response: { 200: zSignatureList } },
      config: { policy: IDENTITY_POLICIES.signatures },
    },
    async (request) => {
      const user = await currentUser(ctx, principalOf(request));
      return listSignatures(ctx.db, user.id);
    },
  );

  app.post(
    '/me/signatures',
    {
      schema: {
        summary: 'Add an e-mail signature (name and content)',
        body: zSignatureRequest,
        response: { 201: zSignature },
      },
      config: { policy: IDENTITY_POLICIES.signatures },
    },
    async (request, reply) => {
      const user = await currentUser(ctx, principalOf(request));
      return reply.status(201).send(await createSignature(ctx.db, user.id, request.body));
    },
  );

  app.put(
    '/me/signatures/:id',
    {
      schema: {
        summary: 'Change one of the own e-mail signatures',
        params: zSignatureParams,
        body: zSignatureRequest,
        response: { 200: zSignature },
      },
      config: { policy: IDENTITY_POLICIES.signatures },
    },
    async (request) => {
      const user = await currentUser(ctx, principalOf(request));
      return updateSignature(ctx.db, user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/me/signatures/:id',
    {
      schema: {
        summary: 'Remove one of the own e-mail signatures',
        params: zSignatureParams,
        response: { 204: z.null() },
      },
      config: { policy: IDENTITY_POLICIES.signatures },
    },
    async (request, reply) => {
      const user = await currentUser(ctx, principalOf(request));
      await deleteSignature(ctx.db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
