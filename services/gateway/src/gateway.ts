import httpProxy from '@fastify/http-proxy';
import {
  type App,
  AppError,
  bearerToken,
  type Closeable,
  createRuntime,
  createService,
  createTokenVerifier,
  type Database,
  hostServices,
  policy,
  type ServiceDefinition,
  serviceUrls,
  startTelemetry,
  TokenRevocations,
} from '@porta/service-kit';
import { compression } from './compression.js';
import type { GatewayConfig } from './config.js';
import { docsRoutes, type OpenApiDoc } from './openapi.js';
import { detachRequestBody, onUpstreamError, ProxiedEventStreams, retryDelay } from './proxy.js';
import { RateLimitCounts } from './rate-limit-store.js';
import { edgeSecurity, securityHeaders } from './security.js';
import { SERVICES } from './services.js';
import { webAppRoutes } from './web-apps.js';

export interface Gateway {
  app: App;
  /** Closed after the server, in this order. */
  closeables: Closeable[];
  /** True when this start seeded the demo. */
  seeded: boolean;
  /** Close the server, then the closeables (what runService does on SIGTERM). */
  close(): Promise<void>;
}

/** How long a start waits for Redis before counting locally. */
const RATE_LIMIT_CONNECT_WAIT_MS = 2000;

/**
 * The rate limit's counts in Redis when configured, so that several gateways share one count per
 * client; counted in this process while Redis is away.
 */
async function sharedRateLimitCounts(app: App, config: GatewayConfig): Promise<RateLimitCounts | null> {
  if (!config.REDIS_URL) return null;
  const counts = new RateLimitCounts(config.REDIS_URL, app.log);
  await counts.connected(RATE_LIMIT_CONNECT_WAIT_MS);
  return counts;
}

/** How long the readiness check of one service behind the gateway may take. */
const UPSTREAM_READY_TIMEOUT_MS = 1000;

function gatewayOf(app: App, closeables: Closeable[], seeded: boolean): Gateway {
  return {
    app,
    closeables,
    seeded,
    async close() {
      await app.close();
      for (const c of closeables) await c.close();
    },
  };
}

/**
 * The edge of Porta. Embedded: every service plugin runs in this process on one database.
 * Distributed: /api/<service>/* is proxied to each service's process; tokens are verified here too
 * so that forged ones stop at the edge.
 */
export async function buildGateway(
  config: GatewayConfig,
  options: {
    database?: Database;
    /** The services behind it (default: all of Porta's, services.ts). */
    services?: readonly ServiceDefinition[];
  } = {},
): Promise<Gateway> {
  const services = options.services ?? SERVICES;
  if (config.MODE === 'embedded') {
    const runtime = await createRuntime('gateway', config, options);
    const { database } = runtime;
    const hosted = await hostServices(runtime, config, services);
    if (!hosted.keySource)
      throw new Error('the embedded gateway needs a service that signs tokens (identity)');
    // Sessions and memberships identity revoked: their tokens are refused at once, not at expiry.
    const revocations = new TokenRevocations(runtime.bus, { logger: runtime.logger });
    await revocations.start();
    const app = createService({
      name: 'gateway',
      config,
      logger: runtime.logger,
      tracing: runtime.telemetry.enabled,
      verifier: createTokenVerifier(hosted.keySource, { revocations }),
      trustProxy: config.TRUST_PROXY,
      headers: securityHeaders(config),
    });
    app.addReadinessCheck('database', () => database.ping());
    app.addReadinessCheck('bus', () => runtime.bus.ping());
    await compression(app);
    const rateLimitCounts = await sharedRateLimitCounts(app, config);
    await edgeSecurity(app, config, rateLimitCounts ?? undefined);
    for (const { service } of hosted.services) await app.register(service.plugin);
    docsRoutes(app, async () =>
      Object.fromEntries(
        await Promise.all(
          services.map(async ({ name }) => [
            name,
            (await app.inject({ method: 'GET', url: `/api/${name}/openapi.json` })).json<OpenApiDoc>(),
          ]),
        ),
      ),
    );
    await webAppRoutes(app, { resident: config.WEB_RESIDENT_DIR, admin: config.WEB_ADMIN_DIR });
    return gatewayOf(
      app,
      [
        { name: 'revocations', close: () => revocations.stop() },
        ...hosted.closeables,
        ...(rateLimitCounts ? [rateLimitCounts.closeable()] : []),
        ...runtime.closeables,
      ],
      hosted.seeded,
    );
  }

  const telemetry = startTelemetry({
    serviceName: 'porta-gateway',
    OTEL_EXPORTER_OTLP_ENDPOINT: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const urls = serviceUrls(services, config);
  const verifier = createTokenVerifier({
    kind: 'remote',
    url: `${config.IDENTITY_URL}/api/identity/.well-known/jwks.json`,
  });
  const app = createService({
    name: 'gateway',
    config,
    verifier,
    tracing: telemetry.enabled,
    trustProxy: config.TRUST_PROXY,
    headers: securityHeaders(config),
  });
  await compression(app);
  const rateLimitCounts = await sharedRateLimitCounts(app, config);
  await edgeSecurity(app, config, rateLimitCounts ?? undefined);
  const eventStreams = new ProxiedEventStreams();
  eventStreams.install(app);
  for (const [name, upstream] of Object.entries(urls)) {
    // A service that is down or not ready degrades the portal's features, not this process: the
    // gateway stays ready (status 'degraded', the service named in the checks), so that one dead
    // service or a broker blip does not take the whole portal out of the load balancer. The
    // checks run in parallel, each for at most a second.
    app.addReadinessCheck(
      name,
      async () => {
        const res = await fetch(`${upstream}/readyz`, {
          signal: AbortSignal.timeout(UPSTREAM_READY_TIMEOUT_MS),
        });
        await res.body?.cancel();
        if (!res.ok) throw new Error(`${name} answered ${res.status}`);
      },
      { critical: false },
    );
    await app.register(httpProxy, {
      upstream,
      prefix: `/api/${name}`,
      rewritePrefix: `/api/${name}`,
      http2: false,
      // The gateway's own access line tells of the request; reply-from's two info lines per
      // proxied request ("fetching from remote server", "response received") only cost time.
      disableRequestLogging: true,
      config: { policy: policy.proxied() },
      // Forged or expired tokens stop here; the service applies the route's own policy.
      preHandler: async (request) => {
        const header = request.headers.authorization;
        if (header) {
          const token = bearerToken(header);
          if (!token) throw new AppError('UNAUTHENTICATED');
          await verifier.verify(token);
        }
        // A service that cannot be reached must not cut the client's connection (detachRequestBody).
        detachRequestBody(request);
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-request-id': request.id,
          'x-forwarded-for': request.ip,
        }),
        // Retry only a GET, HEAD or OPTIONS whose connection broke before any answer, once; never
        // an answer such as 503 (see retryDelay).
        retryDelay,
        // No answer from the service: 503 when it is down, 502 otherwise, as problem+json.
        onError: onUpstreamError,
        // Live streams are ended properly when the gateway stops.
        onResponse: eventStreams.onResponse,
      },
    });
  }
  docsRoutes(app, async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(urls).map(async ([name, upstream]) => {
          const res = await fetch(`${upstream}/api/${name}/openapi.json`, {
            signal: AbortSignal.timeout(5000),
          });
          return [name, (await res.json()) as OpenApiDoc] as const;
        }),
      ),
    ),
  );
  await webAppRoutes(app, { resident: config.WEB_RESIDENT_DIR, admin: config.WEB_ADMIN_DIR });
  return gatewayOf(
    app,
    [
      ...(rateLimitCounts ? [rateLimitCounts.closeable()] : []),
      { name: 'telemetry', close: () => telemetry.shutdown() },
    ],
    false,
  );
}
