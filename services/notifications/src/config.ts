import { zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** The notifications service's settings on top of the shared ones. */
export const zNotificationsSettings = z.object({
  /** Users asked from identity and stored per statement while fanning out. */
  FAN_OUT_PAGE_SIZE: z.coerce.number().int().min(10).max(1000).default(1000),
  /** Audience pages stored at the same time (each takes a database connection). */
  FAN_OUT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(3),
  /**
   * A fan-out whose process died is delivered again (to this or another instance) this long
   * after the process last said it was still working on it (it says so a few times per wait, for
   * as long as the fan-out runs); the redelivery completes it.
   */
  FAN_OUT_ACK_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** The first wait before a notice e-mail the mail server refused is tried again; doubled each time. */
  MAIL_RETRY_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /**
   * An e-mail being sent is not sent by anyone else for this long; after it (the process sending
   * it died) it is sent again.
   */
  MAIL_CLAIM_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  /** How often the mail queue is swept for e-mails no job is sending. */
  MAIL_SWEEP_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** A live stream ends after this long; the browser reconnects with its current token. */
  LIVE_STREAM_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** A comment line keeps idle streams open through proxies. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(120).default(25),
  /** Seed the demo users' notices on first start (the embedded mode does). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const zNotificationsConfig = zBaseConfig.extend(zNotificationsSettings.shape);
export type NotificationsConfig = z.infer<typeof zNotificationsConfig>;
