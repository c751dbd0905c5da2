import { defineJob, withTransaction } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { announceArticles } from '../domain/articles.js';
import { announceCalendarEntries, noticeDeadlines } from '../domain/calendar.js';

export interface AnnounceResult {
  articles: number;
  calendarEntries: number;
  deadlines: number;
}

/**
 * Announce what has come due: published articles and calendar entries whose scheduled publish
 * time has come ('…published.v1'), then deadlines within DEADLINE_NOTICE_HOURS
 * ('content.deadline.coming.v1'). One transaction: each item is claimed by an
 * `UPDATE … WHERE announced_at IS NULL RETURNING` together with its event, so runs that overlap
 * (two processes, a retry) announce every item once.
 */
export async function announceDue(ctx: ContentContext): Promise<AnnounceResult> {
  const now = ctx.clock.now();
  const result = await withTransaction(ctx.db, async (tx) => ({
    articles: await announceArticles(tx, now),
    calendarEntries: await announceCalendarEntries(tx, now),
    deadlines: await noticeDeadlines(tx, now),
  }));
  if (result.articles + result.calendarEntries + result.deadlines > 0) {
    ctx.kickEvents();
    ctx.logger.info(result, 'announced scheduled content and coming deadlines');
  }
  return result;
}

/** The repeat job: runs announceDue every ANNOUNCE_EVERY_SECONDS. */
export function announceJob(ctx: ContentContext) {
  return defineJob({
    name: 'content.announce-due',
    payload: z.object({}),
    attempts: 3,
    backoffMs: 10_000,
    handler: async () => {
      await announceDue(ctx);
    },
  });
}
