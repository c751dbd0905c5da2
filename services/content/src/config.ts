import { zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** The content service's settings on top of the shared ones. */
export const zContentSettings = z.object({
  /** How often the external feeds (recommended articles, corporate news) are fetched. */
  FEED_FETCH_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Give up on one feed fetch after this long. */
  FEED_FETCH_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** How often scheduled publications and coming deadlines are announced. */
  ANNOUNCE_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * How long a resident read (a dashboard box, the directory entry behind every read) is kept and
   * answered from memory for every reader of the same housing company with the same roles and
   * language (ADR 0028). Every write in this process drops it at once; another content process's
   * writes reach this one's readers within this time. 0 reads the database every time.
   */
  READS_KEPT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Seed the demo content on first start (the embedded mode does). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Lets tests move the service's clock (POST /api/content/testing/clock). Refused unless
   * NODE_ENV is test: a production process never has it.
   */
  CLOCK_CONTROL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const zContentConfig = zBaseConfig.extend(zContentSettings.shape).superRefine((c, ctx) => {
  if (c.CLOCK_CONTROL && c.NODE_ENV !== 'test') {
    ctx.addIssue({ code: 'custom', path: ['CLOCK_CONTROL'], message: 'only allowed when NODE_ENV is test' });
  }
});
export type ContentConfig = z.infer<typeof zContentConfig>;
