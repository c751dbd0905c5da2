import {
  zJwks,
  zLoginOptionsResponse,
  zLoginRequest,
  zLogoutRequest,
  zRefreshRequest,
  zTokenResponse,
} from '@porta/contracts';
import { type App, AppError, policy } from '@porta/service-kit';
import { z } from 'zod';
import type { IdentityContext } from '../context.js';
import { findUserByEmail } from '../domain/membership.js';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../domain/password.js';

export async function authRoutes(app: App, ctx: IdentityContext) {
  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in with e-mail and password',
        body: zLoginRequest,
        response: { 200: zTokenResponse },
        security: [],
      },
      config: { policy: policy.public('signing in') },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const user = await findUserByEmail(ctx.db, email);
      // Throttled per account and address (ADR 0007); the attempt counts as failed until it succeeds.
      const attempt = await ctx.throttle.admit(email, request.ip, user?.id);
      // Check a hash even for unknown accounts, so that timing tells nothing.
      const valid = await verifyPassword(
        request.body.password,
        user?.passwordHash ?? (await DUMMY_HASH_PROMISE),
      );
      if (!user?.passwordHash || !valid) throw new AppError('IDN_INVALID_CREDENTIALS');
      await attempt.succeeded();
      if (!user.enabled) throw new AppError('IDN_ACCOUNT_DISABLED');
      return ctx.sessions.start(user, 'portal', { ip: request.ip, userAgent: request.headers['user-agent'] });
    },
  );

  app.post(
    '/token/refresh',
    {
      schema: {
        summary: 'Exchange a refresh token for new tokens (the refresh token is rotated)',
        body: zRefreshRequest,
        response: { 200: zTokenResponse },
        security: [],
      },
      config: { policy: policy.public('the refresh token is the credential') },
    },
    async (request) => ctx.sessions.refresh(request.body.refreshToken),
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'End the session: its refresh tokens stop working',
        body: zLogoutRequest,
        response: { 204: z.null() },
      },
      config: { policy: policy.public('a refresh token alone may end its session') },
    },
    async (request, reply) => {
      if (request.principal) await ctx.sessions.revoke(request.principal.sessionId, 'logout');
      if (request.body.refreshToken)
        await ctx.sessions.revokeByRefreshToken(request.body.refreshToken, 'logout');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      schema: { summary: 'Public keys that verify access tokens', response: { 200: zJwks }, security: [] },
      config: { policy: policy.public('public keys') },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return (await ctx.keys.jwks()) as z.infer<typeof zJwks>;
    },
  );

  app.get(
    '/login-options',
    {
      schema: { summary: 'Sign-in methods offered', response: { 200: zLoginOptionsResponse }, security: [] },
      config: { policy: policy.public('the login page needs it') },
    },
    async () => ({ password: true, b2c: ctx.oidc !== null }),
  );
}
