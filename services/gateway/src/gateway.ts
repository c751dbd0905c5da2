import httpProxy from '@fastify/http-proxy';
import { createIdentity } from '@porta/identity';
import {
  type App,
  AppError,
  bearerToken,
  type Closeable,
  createService,
  createTokenVerifier,
  type Database,
  openDatabase,
  policy,
} from '@porta/service-kit';
import { type GatewayConfig, serviceUrls } from './config.js';
import { docsRoutes, type OpenApiDoc } from './openapi.js';
import { edgeSecurity } from './security.js';
import { webAppRoutes } from './web-apps.js';

export interface Gateway {
  app: App;
  /** Closed after the server, in this order. */
  closeables: Closeable[];
  /** True when this start seeded the demo. */
  seeded: boolean;
}

/**
 * The edge of Porta. Embedded: every service plugin runs in this process on one database.
 * Distributed: /api/<service>/* is proxied to each service's process; tokens are verified here too
 * so that forged ones stop at the edge.
 */
export async function buildGateway(
  config: GatewayConfig,
  options: { database?: Database } = {},
): Promise<Gateway> {
  const closeables: Closeable[] = [];
  let seeded = false;

  if (config.MODE === 'embedded') {
    const database =
      options.database ??
      (await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` }));
    if (!options.database) closeables.push({ name: 'database', close: () => database.close() });
    const identity = createIdentity({ database, config });
    await identity.migrate();
    if (config.SEED_DEMO) seeded = await identity.seedDemo();
    const app = createService({
      name: 'gateway',
      config,
      verifier: createTokenVerifier(identity.keySource),
      trustProxy: config.TRUST_PROXY,
    });
    app.addReadinessCheck('database', () => database.ping());
    await edgeSecurity(app, config);
    await app.register(identity.plugin);
    docsRoutes(app, async () => ({
      identity: (await app.inject({ method: 'GET', url: '/api/identity/openapi.json' })).json(),
    }));
    await webAppRoutes(app, { resident: config.WEB_RESIDENT_DIR, admin: config.WEB_ADMIN_DIR });
    return { app, closeables, seeded };
  }

  const urls = serviceUrls(config);
  const verifier = createTokenVerifier({
    kind: 'remote',
    url: `${urls.identity}/api/identity/.well-known/jwks.json`,
  });
  const app = createService({ name: 'gateway', config, verifier, trustProxy: config.TRUST_PROXY });
  await edgeSecurity(app, config);
  for (const [name, upstream] of Object.entries(urls)) {
    app.addReadinessCheck(name, async () => {
      const res = await fetch(`${upstream}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) throw new Error(`${name} answered ${res.status}`);
    });
    await app.register(httpProxy, {
      upstream,
      prefix: `/api/${name}`,
      rewritePrefix: `/api/${name}`,
      http2: false,
      config: { policy: policy.proxied() },
      // Forged or expired tokens stop here; the service applies the route's own policy.
      preHandler: async (request) => {
        const header = request.headers.authorization;
        if (header) {
          const token = bearerToken(header);
          if (!token) throw new AppError('UNAUTHENTICATED');
          await verifier.verify(token);
        }
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-request-id': request.id,
          'x-forwarded-for': request.ip,
        }),
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
  return { app, closeables, seeded };
}
