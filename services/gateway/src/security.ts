import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { App } from '@porta/service-kit';
import type { GatewayConfig } from './config.js';

/**
 * Edge protections: security headers with a strict CSP (frames refused), HSTS behind TLS, CORS
 * closed unless origins are configured, and a per-address rate limit (in Redis when configured,
 * so that several gateway processes share it).
 */
export async function edgeSecurity(app: App, config: GatewayConfig, redis?: unknown) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-admin (MUI/emotion) injects style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: config.TLS ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: false,
    exposedHeaders: ['Content-Range', 'X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (request) => request.url === '/healthz' || request.url === '/readyz',
    ...(redis ? { redis: redis as never, nameSpace: 'porta-rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Rate limit exceeded, retry in ${context.after}`,
    }),
  });
}
