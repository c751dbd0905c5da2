import {
  zAdminHousingCompanyParams,
  zAdminUserParams,
  zFirstLoginParams,
  zFirstLoginRequest,
  zFirstLoginResponse,
  zHousingCompanyRegistration,
  zInvitationResponse,
  zRegistrationRemindersRequest,
  zRegistrationRemindersResponse,
} from '@porta/contracts';
import { type App, AppError, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { IdentityContext } from '../context.js';
import { findUserById } from '../domain/membership.js';
import { housingCompanyRegistration, sendRegistrationReminders } from '../domain/registration-reminders.js';
import { assertUserInScope, housingCompanyInScope } from '../domain/scope.js';
import { completeFirstLogin, firstLoginUser, sendInvitation } from '../domain/self-service.js';
import { IDENTITY_POLICIES, userManagementScope } from '../policies.js';

/**
 * First login (03 §4 "registered or not"): staff invite a user they manage; the link of the mail
 * sets the password once. The user then signs in and registers (POST /me/register).
 */
export async function invitationRoutes(app: App, ctx: IdentityContext) {
  app.post(
    '/admin/users/:id/invitation',
    {
      schema: {
        summary: 'Send a first-login link (valid 7 days) to a user who has not registered yet',
        params: zAdminUserParams,
        response: { 202: zInvitationResponse },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const { id } = request.params;
      await assertUserInScope(ctx.db, userManagementScope(principalOf(request)), id);
      const user = await findUserById(ctx.db, id);
      if (!user) throw new AppError('IDN_USER_NOT_FOUND');
      const { email, expiresAt } = await sendInvitation(ctx, user, request.log);
      return reply.status(202).send({ email, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get(
    '/admin/housing-companies/:id/registration',
    {
      schema: {
        summary:
          "A housing company's members in force who have not registered yet, with the links sent (user managers; scoped)",
        params: zAdminHousingCompanyParams,
        response: { 200: zHousingCompanyRegistration },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request) => {
      const hc = await housingCompanyInScope(
        ctx.db,
        userManagementScope(principalOf(request)),
        request.params.id,
      );
      return housingCompanyRegistration(ctx, hc.id);
    },
  );

  app.post(
    '/admin/housing-companies/:id/registration-reminders',
    {
      schema: {
        summary:
          'Send the first-login link again to members who have not registered (all or the listed; not twice within 24 hours)',
        params: zAdminHousingCompanyParams,
        body: zRegistrationRemindersRequest,
        response: { 202: zRegistrationRemindersResponse },
      },
      config: { policy: IDENTITY_POLICIES.usersManage },
    },
    async (request, reply) => {
      const hc = await housingCompanyInScope(
        ctx.db,
        userManagementScope(principalOf(request)),
        request.params.id,
      );
      const result = await sendRegistrationReminders(ctx, hc.id, request.body.userIds, request.log);
      return reply.status(202).send(result);
    },
  );

  app.get(
    '/first-login/:token',
    {
      schema: {
        summary: 'Whose first-login link this is',
        params: zFirstLoginParams,
        response: { 200: zFirstLoginResponse },
        security: [],
      },
      config: { policy: IDENTITY_POLICIES.public('the first-login link is the credential') },
    },
    async (request) => {
      const user = await firstLoginUser(ctx.db, request.params.token);
      return { email: user.email, firstName: user.firstName, lastName: user.lastName };
    },
  );

  app.post(
    '/first-login/:token',
    {
      schema: {
        summary: 'Set the password with a first-login link (once)',
        params: zFirstLoginParams,
        body: zFirstLoginRequest,
        response: { 204: z.null() },
        security: [],
      },
      config: { policy: IDENTITY_POLICIES.public('the first-login link is the credential') },
    },
    async (request, reply) => {
      const { password, passwordConfirmation } = request.body;
      await completeFirstLogin(ctx, request.params.token, password, passwordConfirmation);
      return reply.status(204).send(null);
    },
  );
}
