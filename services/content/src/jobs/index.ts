import type { Jobs } from '@porta/service-kit';
import type { ContentContext } from '../context.js';
import { announceJob } from './announce.job.js';
import { fetchFeedsEveryMs, fetchFeedsJob } from './fetch-feeds.job.js';
import { PURGE_DRAFTS_EVERY_MS, purgeDraftsJob } from './purge-drafts.job.js';

/** Register and schedule the content service's repeat jobs (call before jobs.start()). */
export async function scheduleContentJobs(ctx: ContentContext, jobs: Jobs): Promise<void> {
  // Scheduled publications and coming deadlines.
  const announce = announceJob(ctx);
  jobs.register(announce);
  await jobs.repeat(announce, {}, { key: announce.name, everyMs: ctx.config.ANNOUNCE_EVERY_SECONDS * 1000 });

  // External feeds (recommended articles, corporate news) and old advertisement drafts.
  const fetchFeeds = fetchFeedsJob(ctx);
  jobs.register(fetchFeeds);
  await jobs.repeat(fetchFeeds, {}, { key: fetchFeeds.name, everyMs: fetchFeedsEveryMs(ctx) });
  const purgeDrafts = purgeDraftsJob(ctx);
  jobs.register(purgeDrafts);
  await jobs.repeat(purgeDrafts, {}, { key: purgeDrafts.name, everyMs: PURGE_DRAFTS_EVERY_MS });
}
