import { fileURLToPath } from 'node:url';
import { zCommunitySettings } from '@porta/community';
import { zContentSettings } from '@porta/content';
import { zIdentitySettings } from '@porta/identity';
import { zNotificationsSettings } from '@porta/notifications';
import { zBaseConfig } from '@porta/service-kit';
import { zServiceRequestsSettings } from '@porta/service-requests';
import { z } from 'zod';

const repoPath = (relative: string) => fileURLToPath(new URL(`../../../${relative}`, import.meta.url));

export const zGatewayConfig = zBaseConfig
  .extend(zContentSettings.shape)
  .extend(zNotificationsSettings.shape)
  .extend(zCommunitySettings.shape)
  .extend(zServiceRequestsSettings.shape)
  .extend(zIdentitySettings.shape)
  .extend({
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
    /** The content service's process in the distributed mode. */
    CONTENT_URL: z.url().default('http://127.0.0.1:3002'),
    /** The notifications service's process in the distributed mode. */
    NOTIFICATIONS_URL: z.url().default('http://127.0.0.1:3003'),
    /** The community service's process in the distributed mode. */
    COMMUNITY_URL: z.url().default('http://127.0.0.1:3004'),
    /** The service-requests service's process in the distributed mode. */
    SERVICE_REQUESTS_URL: z.url().default('http://127.0.0.1:3005'),
  });
export type GatewayConfig = z.infer<typeof zGatewayConfig>;

/** The services behind the gateway, by name, with their address in the distributed mode. */
export function serviceUrls(config: GatewayConfig): Record<string, string> {
  return {
    identity: config.IDENTITY_URL,
    content: config.CONTENT_URL,
    notifications: config.NOTIFICATIONS_URL,
    community: config.COMMUNITY_URL,
    'service-requests': config.SERVICE_REQUESTS_URL,
  };
}
