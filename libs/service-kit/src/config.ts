import { z } from 'zod';
import { parseCidr } from './http/outbound.js';

export class ConfigError extends Error {
  constructor(readonly issues: { key: string; message: string }[]) {
    super(`Invalid configuration: ${issues.map((i) => `${i.key} (${i.message})`).join(', ')}`);
    this.name = 'ConfigError';
  }
}

/** Environment flags arrive as strings; accept the usual spellings. */
export const zBoolFromEnv = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

/** A list setting: values separated by commas or white space. */
const zListFromEnv = z.string().transform((v) => v.split(/[\s,]+/).filter(Boolean));

/**
 * Settings every Porta process understands. Defaults make the embedded mode work with no
 * configuration at all; the distributed mode sets the URLs.
 */
export const zBaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the embedded mode keeps its database, files and mail outbox. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL; without it the process uses PGlite under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** NATS JetStream; without it events use the in-process bus. */
  NATS_URL: z.url({ protocol: /^nats$/ }).optional(),
  /** Redis for BullMQ; without it jobs use the in-process runner. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * An S3-compatible object store for the files (documents, attachments); without it they are kept
   * under DATA_DIR/files. S3_ENDPOINT for another service than AWS, S3_FORCE_PATH_STYLE for one that
   * wants the bucket in the path; without the keys, the AWS SDK's own credential chain.
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: zBoolFromEnv.default(false),
  S3_PREFIX: z.string().max(200).optional(),
  /** SMTP (smtp://user:pass@host:port); without it mail goes to DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Porta <no-reply@porta.local>'),
  /** OpenTelemetry traces are exported only when this is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The public address of the portal, used in links and redirects; http://localhost:PORT by default. */
  PUBLIC_URL: z.url().optional(),
  /** Set when the portal is served over TLS (directly or behind a proxy): enables HSTS. */
  TLS: zBoolFromEnv.default(false),
  /** Address of identity's JWKS for processes that do not host identity themselves. */
  IDENTITY_URL: z.url().default('http://127.0.0.1:3001'),
  /**
   * Which proxies to believe about the client address (X-Forwarded-For): 'false', 'true', or
   * addresses and names understood by proxy-addr ('loopback', '10.0.0.0/8'). Services behind the
   * gateway trust it; the gateway trusts the load balancer in front of it.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : v)),
  /** The first wait before an event whose handler failed is delivered again; doubled each time. */
  BUS_RETRY_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(1_000),
  /** The longest such wait. */
  BUS_RETRY_MAX_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** How often events parked in the dead-letter store are tried again (a failing one waits longer). */
  DEAD_LETTER_REPLAY_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /**
   * The bearer token a Prometheus scrape of /metrics sends; without it /metrics answers only
   * clients on the same machine.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Seconds to wait for in-flight work on shutdown. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  /**
   * Host names that outbound requests (feeds, provider adapters: http/outbound.ts) may reach
   * although they resolve to addresses that are not public, e.g. an internal feed server:
   * exact names, separated by commas or spaces.
   */
  OUTBOUND_ALLOW_HOSTS: zListFromEnv.default([]),
  /** Address ranges outbound requests may reach although they are not public ('10.20.0.0/16, fd00::/8'). */
  OUTBOUND_ALLOW_CIDRS: zListFromEnv
    .pipe(z.array(z.string().refine((v) => parseCidr(v) !== null, 'not an IP address or CIDR range')))
    .default([]),
});
export type BaseConfig = z.infer<typeof zBaseConfig>;

/**
 * Read the configuration once, at start. Fails fast with every bad key listed. This is the only
 * place in Porta that reads `process.env`.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  // Empty strings mean "not set", as in most deployment tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => ({ key: i.path.join('.') || '(root)', message: i.message })),
    );
  }
  return result.data;
}

/** The public address of the portal, without a trailing slash. */
export function publicUrl(config: Pick<BaseConfig, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
