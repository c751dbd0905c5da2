import { fileURLToPath } from 'node:url';
import { mergedSettings, type ServiceDefinition, serviceUrlSettings, zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';
import { SERVICES } from './services.js';

const repoPath = (relative: string) => fileURLToPath(new URL(`../../../${relative}`, import.meta.url));

/** The gateway's own settings (besides every service's, which the embedded mode passes on). */
const zGatewaySettings = z.object({
  /** embedded: every service in this process; distributed: proxy to one process per service. */
  MODE: z.enum(['embedded', 'distributed']).default('embedded'),
  /** The embedded mode seeds the demo on the first start unless this is false. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_RESIDENT_DIR: z.string().default(repoPath('web-resident/dist')),
  WEB_ADMIN_DIR: z.string().default(repoPath('web-admin/dist')),
  /** Origins allowed to call the API from another site (comma separated). None by default. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Requests per minute per client address across the API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
});

/**
 * The gateway's settings: the shared ones, every service's (the embedded mode hosts them all), each
 * service's address in the distributed mode (CONTENT_URL, …; IDENTITY_URL is shared) and its own.
 */
export function gatewayConfigSchema<const D extends readonly ServiceDefinition[]>(services: D) {
  return zBaseConfig
    .extend(mergedSettings(services).shape)
    .extend(serviceUrlSettings(services).shape)
    .extend(zGatewaySettings.shape);
}

export const zGatewayConfig = gatewayConfigSchema(SERVICES);
export type GatewayConfig = z.infer<typeof zGatewayConfig>;
