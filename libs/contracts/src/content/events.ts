import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { zRole } from '../roles.js';
import { zContentLanguage } from './common.js';

/**
 * Events the content service publishes (subjects `content.<entity>.<verb>.v1`), consumed by the
 * notifications service. The audience is resolved at publish time to housing company ids, so a
 * consumer needs no taxonomy of its own.
 */
export const CONTENT_EVENTS = {
  articlePublished: 'content.article.published.v1',
  calendarEntryPublished: 'content.calendar-entry.published.v1',
  deadlineComing: 'content.deadline.coming.v1',
} as const;
export type ContentEventSubject = (typeof CONTENT_EVENTS)[keyof typeof CONTENT_EVENTS];

const zAudience = z.object({
  /** The housing companies whose residents the item reaches (resolved from its targeting). */
  housingCompanyIds: z.array(zUuid),
  /** Only these roles see it (empty: everyone in those housing companies). */
  userRoles: z.array(zRole),
});

const zTitles = z.partialRecord(zContentLanguage, z.string());

export const zArticlePublishedEvent = zAudience.extend({
  articleId: zUuid,
  codename: z.string(),
  /** news, announcement, status_update, priority_news, marketing */
  articleType: z.string(),
  titles: zTitles,
  defaultLanguage: zContentLanguage,
  /** Where the resident app shows it. */
  url: z.string(),
  publishedAt: zIsoDateTime,
});
export type ArticlePublishedEvent = z.infer<typeof zArticlePublishedEvent>;

export const zCalendarEntryPublishedEvent = zAudience.extend({
  entryId: zUuid,
  codename: z.string(),
  type: z.enum(['event', 'task', 'deadline']),
  titles: zTitles,
  defaultLanguage: zContentLanguage,
  startAt: zIsoDateTime.nullable(),
  endAt: zIsoDateTime.nullable(),
  url: z.string(),
  publishedAt: zIsoDateTime,
});
export type CalendarEntryPublishedEvent = z.infer<typeof zCalendarEntryPublishedEvent>;

export const zDeadlineComingEvent = zAudience.extend({
  entryId: zUuid,
  codename: z.string(),
  titles: zTitles,
  defaultLanguage: zContentLanguage,
  /** The deadline (the entry's end, else its start). */
  deadlineAt: zIsoDateTime,
  url: z.string(),
});
export type DeadlineComingEvent = z.infer<typeof zDeadlineComingEvent>;
