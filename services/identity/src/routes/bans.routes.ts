import {
  zAdminHousingCompanyParams,
  zAdminUserParams,
  zBan,
  zBanCreate,
  zBanList,
  zBanParams,
  zHousingCompanyBanList,
  zMyBansResponse,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { IdentityContext } from '../context.js';
import { activeBans, banUser, housingCompanyBans, listBans, unbanUser } from '../domain/bans.js';
import { changeAndPublish } from '../domain/events.js';
import { IDENTITY_POLICIES, userAdminActor, userReadScope } from '../policies.js';

/**
 * Bans (03 §4, §6): a user is banned from commenting in one housing company or everywhere until
 * the end of an expiry date. Staff who read users see their bans; business admin (usersBan) bans
 * and unbans. A housing company's moderation view lists the bans in force there (in the company,
 * and global bans of its members) for the same readers, scoped to their companies. GET /bans/me tells a signed-in user their bans in force (the community service asks
 * it, or keeps the identity.user.banned/unbanned events).
 */
export async function banRoutes(app: App, ctx: IdentityContext) {
  const change = <T>(fn: (tx: IdentityContext['db']) => Promise<T>) => changeAndPublish(ctx, fn);

  app.get(
    '/admin/users/:id/bans',
    {
      schema: {
        summary: "A user's bans (also expired ones)",
        params: zAdminUserParams,
        response: { 200: zBanList },
      },
      config: { policy: IDENTITY_POLICIES.usersRead },
    },
    async (request) => listBans(ctx.db, userReadScope(principalOf(request)), request.params.id),
  );

  app.get(
    '/admin/housing-companies/:id/bans',
    {
      schema: {
        summary:
          "Bans in force in a housing company: its own and its members' global bans (user readers; scoped)",
        params: zAdminHousingCompanyParams,
        response: { 200: zHousingCompanyBanList },
      },
      config: { policy: IDENTITY_POLICIES.usersRead },
    },
    async (request) => housingCompanyBans(ctx.db, userReadScope(principalOf(request)), request.params.id),
  );

  app.post(
    '/admin/users/:id/bans',
    {
      schema: {
        summary: 'Ban a user in a housing company or everywhere through the end of the expiry date',
        params: zAdminUserParams,
        body: zBanCreate,
        response: { 201: zBan },
      },
      config: { policy: IDENTITY_POLICIES.usersBan },
    },
    async (request, reply) => {
      const actor = userAdminActor(principalOf(request));
      const ban = await change((tx) => banUser(tx, actor, request.params.id, request.body));
      return reply.status(201).send(ban);
    },
  );

  app.delete(
    '/admin/users/:id/bans/:banId',
    {
      schema: { summary: 'Lift a ban', params: zBanParams },
      config: { policy: IDENTITY_POLICIES.usersBan },
    },
    async (request, reply) => {
      const actor = userAdminActor(principalOf(request));
      await change((tx) => unbanUser(tx, actor, request.params.id, request.params.banId));
      return reply.status(204).send();
    },
  );

  app.get(
    '/bans/me',
    {
      schema: { summary: 'My bans in force', response: { 200: zMyBansResponse } },
      config: { policy: IDENTITY_POLICIES.self },
    },
    async (request) => ({ bans: await activeBans(ctx.db, principalOf(request).userId) }),
  );
}
