import { zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** The notifications service's settings on top of the shared ones. */
export const zNotificationsSettings = z.object({
  /** Users asked from identity and stored per statement while fanning out. */
  FAN_OUT_PAGE_SIZE: z.coerce.number().int().min(10).max(1000).default(1000),
  /** Audience pages stored at the same time (each takes a database connection). */
  FAN_OUT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(3),
  /**
   * A fan-out not acknowledged within this time is delivered again (to this or another
   * instance), which completes it; long enough for 100,000 users.
   */
  FAN_OUT_ACK_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** A live stream ends after this long; the browser reconnects with its current token. */
  LIVE_STREAM_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** A comment line keeps idle streams open through proxies. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(120).default(25),
});

export const zNotificationsConfig = zBaseConfig.extend(zNotificationsSettings.shape);
export type NotificationsConfig = z.infer<typeof zNotificationsConfig>;
