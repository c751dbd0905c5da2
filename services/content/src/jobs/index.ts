import { type JobDefinition, type Jobs, repeatEvery } from '@porta/service-kit';
import type { z } from 'zod';
import type { ContentContext } from '../context.js';
import { announceJob } from './announce.job.js';
import { fetchFeedsEveryMs, fetchFeedsJob } from './fetch-feeds.job.js';
import { PURGE_DRAFTS_EVERY_MS, purgeDraftsJob } from './purge-drafts.job.js';

/** Register and schedule the content service's repeat jobs (call before jobs.start()). */
export async function scheduleContentJobs(ctx: ContentContext, jobs: Jobs): Promise<void> {
  // Scheduled publications and coming deadlines.
  await repeatEvery(jobs, clearingReads(ctx, announceJob(ctx)), ctx.config.ANNOUNCE_EVERY_SECONDS * 1000);

  // External feeds (recommended articles, corporate news) and old advertisement drafts.
  await repeatEvery(jobs, clearingReads(ctx, fetchFeedsJob(ctx)), fetchFeedsEveryMs(ctx));
  await repeatEvery(jobs, clearingReads(ctx, purgeDraftsJob(ctx)), PURGE_DRAFTS_EVERY_MS);
}

/** The job, dropping the kept reads after each run (what it wrote shows at once). */
export function clearingReads<S extends z.ZodType>(
  ctx: ContentContext,
  job: JobDefinition<S>,
): JobDefinition<S> {
  return {
    ...job,
    handler: async (payload, context) => {
      try {
        await job.handler(payload, context);
      } finally {
        ctx.reads.clear();
      }
    },
  };
}
