import { type Jobs, repeatEvery } from '@porta/service-kit';
import type { ContentContext } from '../context.js';
import { announceJob } from './announce.job.js';
import { fetchFeedsEveryMs, fetchFeedsJob } from './fetch-feeds.job.js';
import { PURGE_DRAFTS_EVERY_MS, purgeDraftsJob } from './purge-drafts.job.js';

/** Register and schedule the content service's repeat jobs (call before jobs.start()). */
export async function scheduleContentJobs(ctx: ContentContext, jobs: Jobs): Promise<void> {
  // Scheduled publications and coming deadlines.
  await repeatEvery(jobs, announceJob(ctx), ctx.config.ANNOUNCE_EVERY_SECONDS * 1000);

  // External feeds (recommended articles, corporate news) and old advertisement drafts.
  await repeatEvery(jobs, fetchFeedsJob(ctx), fetchFeedsEveryMs(ctx));
  await repeatEvery(jobs, purgeDraftsJob(ctx), PURGE_DRAFTS_EVERY_MS);
}
