import type { StaffAccess } from '@porta/contracts';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { allows, describePolicy, type Policy, policy as policyOf, refusalOf } from '../auth/policy.js';
import type { Principal } from '../auth/principal.js';
import { bearerToken, type TokenVerifier } from '../auth/verifier.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The authorization policy of the route. Required on every route. */
    policy?: Policy;
  }
  interface FastifyRequest {
    /** The verified caller, or null on public routes without a token. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every route registered so far with its policy, for the policy audit test and docs. */
    routePolicies: RoutePolicy[];
  }
}

/** A registered route and its policy: described in words, and the staff access rule when it is one. */
export interface RoutePolicy {
  method: string;
  url: string;
  policy: string;
  access?: StaffAccess;
}

/** The principal of a route whose policy requires one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED');
  return request.principal;
}

/**
 * Refuses to register a route without `config.policy`, and checks the policy before the handler:
 * a bearer token is verified when present (401 when it is expired, forged or signed by another
 * key), then the policy decides (401 without a principal; with one, 403 FORBIDDEN or the check's
 * own refusal code).
 */
export function installPolicyEnforcement(app: FastifyInstance, verifier: TokenVerifier) {
  app.decorateRequest('principal', null);
  app.decorate('routePolicies', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // The CORS preflight route of @fastify/cors answers OPTIONS for every path and carries no data.
    const isPreflight = route.url === '*' && methods.length === 1 && methods[0] === 'OPTIONS';
    const policy = route.config?.policy ?? (isPreflight ? policyOf.public('CORS preflight') : undefined);
    if (!policy) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no authorization policy`);
    }
    for (const method of methods) {
      if (method !== 'HEAD')
        app.routePolicies.push({
          method,
          url: route.url,
          policy: describePolicy(policy),
          ...(policy.kind === 'rule' ? { access: policy.name } : {}),
        });
    }
    const check: onRequestHookHandler = async (request) => {
      // A route checked by its own secret takes the header as that secret, not as a user's token.
      if (policy.kind === 'secret') return;
      const token = bearerToken(request.headers.authorization);
      if (request.headers.authorization && !token) throw new AppError('UNAUTHENTICATED');
      if (token && policy.kind !== 'proxied') request.principal = await verifier.verify(token);
      if (!allows(policy, request.principal, request)) {
        throw new AppError(request.principal ? refusalOf(policy) : 'UNAUTHENTICATED');
      }
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}
