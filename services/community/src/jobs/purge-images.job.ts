import { defineJob } from '@porta/service-kit';
import { z } from 'zod';
import type { CommunityContext } from '../context.js';
import { purgeUnattachedImages } from '../domain/images.js';

/** The purge runs every hour. */
export const PURGE_IMAGES_EVERY_MS = 3_600_000;

/**
 * Images uploaded but never put on a comment (a form left unsent) are removed with their files
 * after UNATTACHED_IMAGE_HOURS.
 */
export function purgeImagesJob(ctx: CommunityContext) {
  return defineJob({
    name: 'community.purge-unattached-images',
    payload: z.object({}),
    attempts: 3,
    backoffMs: 60_000,
    handler: async () => {
      const cutoff = new Date(Date.now() - ctx.config.UNATTACHED_IMAGE_HOURS * 3_600_000);
      await purgeUnattachedImages(ctx, cutoff);
    },
  });
}
