import { ADVERTISEMENT_DRAFT_KEPT_MONTHS } from '@porta/contracts';
import { defineJob } from '@porta/service-kit';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { campaigns } from '../db/schema.js';
import { addMonths } from '../domain/clock.js';

/** The purge runs once a day. */
export const PURGE_DRAFTS_EVERY_MS = 86_400_000;

/**
 * Advertisement drafts are kept three months (03 §4): a draft advertisement not changed for
 * ADVERTISEMENT_DRAFT_KEPT_MONTHS is deleted. Published advertisements and campaigns stay. Its
 * uploaded assets stay too (an asset may be shared by copies). Answers how many were deleted.
 */
export async function purgeAdvertisementDrafts(ctx: ContentContext): Promise<number> {
  const cutoff = addMonths(ctx.clock.now(), -ADVERTISEMENT_DRAFT_KEPT_MONTHS);
  const deleted = await ctx.db
    .delete(campaigns)
    .where(
      and(
        eq(campaigns.isAdvertisement, true),
        eq(campaigns.status, 'draft'),
        lt(campaigns.updatedAt, cutoff),
      ),
    )
    .returning({ id: campaigns.id });
  if (deleted.length) ctx.logger.info({ count: deleted.length }, 'purged old advertisement drafts');
  return deleted.length;
}

export function purgeDraftsJob(ctx: ContentContext) {
  return defineJob({
    name: 'content.purge-advertisement-drafts',
    payload: z.object({}),
    attempts: 3,
    backoffMs: 60_000,
    handler: async () => {
      await purgeAdvertisementDrafts(ctx);
    },
  });
}
