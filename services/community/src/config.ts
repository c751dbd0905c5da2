import { BAN_CHECK_CACHE_MAX_SECONDS } from '@porta/contracts';
import { zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** The community service's settings on top of the shared ones. */
export const zCommunitySettings = z.object({
  /**
   * identity's answer on a user's bans is kept this long (0: asked on every write). A ban takes
   * effect within this time everywhere, at once in the process that hears identity's event.
   */
  BAN_CACHE_SECONDS: z.coerce.number().int().min(0).max(BAN_CHECK_CACHE_MAX_SECONDS).default(3),
  /** Images uploaded but never put on a comment are removed after this many hours. */
  UNATTACHED_IMAGE_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Seed the demo discussions and conversations on first start (the embedded mode does). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const zCommunityConfig = zBaseConfig.extend(zCommunitySettings.shape);
export type CommunityConfig = z.infer<typeof zCommunityConfig>;
