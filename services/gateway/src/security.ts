import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { App } from '@porta/service-kit';
import type { GatewayConfig } from './config.js';
import type { RateLimitCounts } from './rate-limit-store.js';

/** The policy of the web apps' documents. */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // react-admin (MUI/emotion) injects style elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The introduction videos' players (documents, ADR 0030): YouTube's privacy-enhanced one and Vimeo's.
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The browser features no page of Porta uses, refused to the web apps and to anything they could
 * embed. Neither app asks for the camera, the microphone, the location or payments (a file input
 * opens the system's picker, which needs no permission). Fullscreen stays for the apps' own pages
 * and the introduction videos' players (the only frames the CSP lets in). Sent with the documents
 * only (WEB_APP_HEADERS): a permissions policy governs a document and what it embeds, and an API
 * answer is never one that runs anything (its CSP refuses every source).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The security headers of every answer, fixed at start and set by createService (so that the
 * answers Fastify makes before any route carry them too). API answers are JSON that no browser
 * renders: they refuse everything and framing; the web apps' documents get WEB_APP_HEADERS. Kept
 * short: they go with every answer, and each byte is written, sent and read per request (the
 * permissions policy alone was 430 of them).
 */
export function securityHeaders(config: Pick<GatewayConfig, 'TLS'>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(config.TLS ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Extra headers of the web apps' documents (set by the web-app route). */
export const WEB_APP_HEADERS = {
  'content-security-policy': WEB_APP_CSP,
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** The rate limit's window. */
const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * Edge protections besides the security headers (securityHeaders, given to createService): CORS
 * closed unless origins are configured, and a per-address rate limit (counted in Redis when
 * configured, so that several gateway processes share it, and in this process while Redis is
 * away; see RateLimitCounts).
 */
export async function edgeSecurity(app: App, config: GatewayConfig, sharedCounts?: RateLimitCounts) {
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: false,
    exposedHeaders: ['Content-Range', 'X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    allowList: (request) => request.url === '/healthz' || request.url === '/readyz',
    // Limit headers only when the limit is reached (with Retry-After), not on every answer.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    // The shared counts never keep a request waiting for Redis; should counting fail anyway, the
    // request passes rather than fails.
    ...(sharedCounts
      ? { store: sharedCounts.storeClass('porta-rl:', RATE_LIMIT_WINDOW_MS), skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Rate limit exceeded, retry in ${context.after}`,
    }),
  });
}
