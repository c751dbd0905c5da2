import { defineJob } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { fetchActiveFeeds } from '../domain/feeds.js';

/**
 * Fetches every active external feed (recommended articles, corporate news) every
 * FEED_FETCH_EVERY_MINUTES. A broken feed records its error and the others go on; the job itself
 * fails (and is retried) only when the feed list cannot be read.
 */
export function fetchFeedsJob(ctx: ContentContext) {
  return defineJob({
    name: 'content.fetch-feeds',
    payload: z.object({}),
    attempts: 3,
    backoffMs: 60_000,
    handler: async () => {
      await fetchActiveFeeds(ctx);
    },
  });
}

export const fetchFeedsEveryMs = (ctx: ContentContext) => ctx.config.FEED_FETCH_EVERY_MINUTES * 60_000;
