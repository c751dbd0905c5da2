import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_BODY_LIMIT_BYTES } from '@porta/contracts';
import type { FastifyBaseLogger } from 'fastify';
import Fastify, { type FastifyInstance, LogController, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenVerifier } from '../auth/verifier.js';
import type { BaseConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { traceRequests } from '../telemetry/http.js';
import { installMetrics } from '../telemetry/metrics.js';
import { installErrorHandling } from './error-handler.js';
import { installHealth, type Readiness } from './health.js';
import { clientErrorHandler, frameworkErrorHandler, refuseUnstorableText } from './malformed-input.js';
import { installPolicyEnforcement } from './policy-enforcement.js';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface CreateServiceOptions {
  /** The process name, used in logs and health answers. */
  name: string;
  config: Pick<BaseConfig, 'LOG_LEVEL' | 'NODE_ENV'> & Partial<Pick<BaseConfig, 'METRICS_TOKEN'>>;
  /** Verifies bearer tokens on routes that need a principal. */
  verifier: TokenVerifier;
  /** The process's pino logger; without it one is made at LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Trace every request (OpenTelemetry SERVER spans); on when the process's telemetry is. */
  tracing?: boolean;
  bodyLimit?: number;
  trustProxy?: boolean | string;
  /**
   * Headers of every answer, those made before any route runs included (an address that is not
   * UTF-8, headers too long to read): the gateway's security headers.
   */
  headers?: Record<string, string>;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
/** Answers slower than this are logged at info. */
const SLOW_REQUEST_MS = 1000;

/**
 * A Fastify 5 instance with Porta's infrastructure: zod schemas, request ids, problem+json errors,
 * /healthz and /readyz, /metrics, and the rule that every route declares an authorization policy.
 * Service plugins (routes) are registered on it afterwards.
 */
export function createService(options: CreateServiceOptions): App {
  const headers = options.headers ?? {};
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(options.config, options.name),
    bodyLimit: options.bodyLimit ?? JSON_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    // A request id from the edge is kept when it looks like one; otherwise a new one is made.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // One access line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: undefined,
    // Refusals made before any route answer problem+json as well.
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers).header('x-request-id', request.id);
    done();
  });
  // One access line per request: at info for refusals, failures and slow answers, at debug for the
  // rest (LOG_LEVEL=debug shows every request; traces cover the normal path).
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const level = reply.statusCode >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
    request.log[level](
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms) },
      'request',
    );
    done();
  });
  // Answers still in flight when shutdown starts close their connection, so that close() does not
  // wait for keep-alive connections to time out.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    // An answer to a signed-in caller is theirs alone: no browser or shared cache keeps it, unless
    // the route set its own caching (stored files, public images).
    if ((request.principal || request.headers.authorization) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  if (options.tracing) traceRequests(app);
  installErrorHandling(app);
  refuseUnstorableText(app);
  installPolicyEnforcement(app, options.verifier);
  installHealth(app, options.name);
  installMetrics(app, { token: options.config.METRICS_TOKEN });
  return app;
}

export type { Readiness };
