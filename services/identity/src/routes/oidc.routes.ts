import { zOidcStartQuery, zOidcTokenRequest, zOidcTokenResponse } from '@porta/contracts';
import { type App, AppError, policy } from '@porta/service-kit';
import type { IdentityContext } from '../context.js';

export async function oidcRoutes(app: App, ctx: IdentityContext) {
  const b2c = () => {
    if (!ctx.oidc) throw new AppError('IDN_OIDC_NOT_CONFIGURED');
    return ctx.oidc;
  };

  app.get(
    '/oidc/b2c/start',
    {
      schema: {
        summary: 'Start the consumer (b2c) OpenID Connect sign-in',
        querystring: zOidcStartQuery,
        security: [],
      },
      config: { policy: policy.public('signing in') },
    },
    async (request, reply) => reply.redirect(await b2c().start(request.query.returnTo), 302),
  );

  app.post(
    '/oidc/b2c/token',
    {
      schema: {
        summary: 'Exchange the code the provider returned for Porta tokens',
        body: zOidcTokenRequest,
        response: { 200: zOidcTokenResponse },
        security: [],
      },
      config: { policy: policy.public('signing in') },
    },
    async (request) =>
      b2c().finish(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
}
