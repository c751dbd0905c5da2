import { z } from 'zod';
import { zIsoDate, zIsoDateTime, zUuid } from '../common.js';
import { ALWAYS_ON_FEATURES } from '../identity/features.js';
import { zResidentContentQuery } from './common.js';

/**
 * The timeline (02 §2, §3, §4, §9): one chronological feed of news, calendar entries, lifecycle
 * steps (and, later, bookings and services), shown in month sections around a Today marker and
 * paged in both directions with opaque cursors.
 */

/** The feed categories of 02 §3, in the order the filter shows them. 'today' is the marker. */
export const FEED_CATEGORIES = [
  'today',
  'news',
  'announcement',
  'status_update',
  'priority_news',
  'marketing',
  'task',
  'event',
  'deadline',
  'service',
  'step',
  'booking',
] as const;
export const zFeedCategory = z.enum(FEED_CATEGORIES);
export type FeedCategory = z.infer<typeof zFeedCategory>;

/** Categories coming from articles (an article's type). */
export const ARTICLE_FEED_CATEGORIES = [
  'news',
  'announcement',
  'status_update',
  'priority_news',
  'marketing',
] as const satisfies readonly FeedCategory[];
/** Categories coming from calendar entries (a codename containing 'deadline' is a deadline). */
export const CALENDAR_FEED_CATEGORIES = [
  'task',
  'event',
  'deadline',
] as const satisfies readonly FeedCategory[];

/** Filter tags each feature brings (02 §4); 'step' comes with active lifecycle steps instead. */
export const TIMELINE_TAGS_BY_FEATURE = {
  news: ARTICLE_FEED_CATEGORIES,
  calendar: CALENDAR_FEED_CATEGORIES,
  'one4all-bookings': ['booking'],
} as const satisfies Record<string, readonly FeedCategory[]>;

/** Choosing the key tag also toggles the value tag (02 §4: task → deadline, news → priority_news). */
export const TIMELINE_LINKED_TAGS: Readonly<Partial<Record<FeedCategory, FeedCategory>>> = {
  task: 'deadline',
  news: 'priority_news',
};

/** Tags that ride along with another one and are not counted in the filter badge (02 §4). */
export const TIMELINE_UNCOUNTED_TAGS: readonly FeedCategory[] = ['deadline', 'priority_news'];

function inFeedOrder(tags: Iterable<FeedCategory>): FeedCategory[] {
  const set = new Set(tags);
  return FEED_CATEGORIES.filter((c) => set.has(c));
}

/**
 * The filter tags offered for a housing company: the tags of each enabled feature (news and
 * calendar are always on, 03 §3) and 'step' when lifecycle steps are active; in feed order.
 * `features` is the list of enabled feature ids (e.g. the keys of GET /api/identity/me/features).
 */
export function timelineFilterTags(
  features: Iterable<string>,
  lifecycleStepsActive: boolean,
): FeedCategory[] {
  const enabled = new Set<string>([...ALWAYS_ON_FEATURES, ...features]);
  const tags: FeedCategory[] = [];
  for (const [feature, featureTags] of Object.entries(TIMELINE_TAGS_BY_FEATURE)) {
    if (enabled.has(feature)) tags.push(...featureTags);
  }
  if (lifecycleStepsActive) tags.push('step');
  return inFeedOrder(tags);
}

/**
 * The selection after the user taps a tag: a selected tag is removed, an unselected one added;
 * a linked tag follows its key tag (task → deadline, news → priority_news). In feed order.
 */
export function toggleTimelineFilter(selected: Iterable<FeedCategory>, tag: FeedCategory): FeedCategory[] {
  const next = new Set(selected);
  const linked = TIMELINE_LINKED_TAGS[tag];
  if (next.has(tag)) {
    next.delete(tag);
    if (linked) next.delete(linked);
  } else {
    next.add(tag);
    if (linked) next.add(linked);
  }
  return inFeedOrder(next);
}

/** The tags that count in the filter badge: the selection without deadline and priority_news. */
export function countedTimelineTags(selected: Iterable<FeedCategory>): FeedCategory[] {
  return inFeedOrder(selected).filter((t) => !TIMELINE_UNCOUNTED_TAGS.includes(t));
}

/** The `types` query value for a selection (undefined, i.e. every type, when nothing is chosen). */
export function timelineTypesParam(selected: Iterable<FeedCategory>): string | undefined {
  const tags = inFeedOrder(selected);
  return tags.length ? tags.join(',') : undefined;
}

export const TIMELINE_DIRECTIONS = ['later', 'earlier'] as const;
export const zTimelineDirection = z.enum(TIMELINE_DIRECTIONS);
export type TimelineDirection = z.infer<typeof zTimelineDirection>;

/** An opaque paging cursor (base64url); the server checks what it holds. */
export const zTimelineCursor = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[A-Za-z0-9_-]+$/, 'Value in field is not in correct format');

/**
 * GET /api/content/timeline. Without a cursor: the page around today. With direction and the
 * cursor from an earlier answer: the next page in that direction. `types` is a comma list of feed
 * categories (missing or empty: every category).
 */
export const zTimelineQuery = zResidentContentQuery
  .extend({
    types: z
      .string()
      .max(500)
      .optional()
      .transform((raw) =>
        raw === undefined
          ? []
          : raw
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
      )
      .pipe(z.array(zFeedCategory).max(50)),
    direction: zTimelineDirection.optional(),
    cursor: zTimelineCursor.optional(),
  })
  .refine((q) => (q.direction === undefined) === (q.cursor === undefined), {
    message: 'direction and cursor go together',
    path: ['cursor'],
  });
export type TimelineQuery = z.input<typeof zTimelineQuery>;

/** One timeline item (02 §3 Timeline/feed item). */
export const zTimelineItem = z.object({
  id: zUuid,
  /** The item's feed category (a priority_news article older than a month shows as news). */
  type: zFeedCategory,
  title: z.string(),
  /** Plain-text excerpt (at most EXCERPT_MAX_CHARS; a step's introduction at most 250). */
  description: z.string(),
  /** News: publish time; calendar: start; step: the start day at 00:00 UTC. */
  date: zIsoDateTime,
  /** Calendar: end time; otherwise null. */
  dateEnd: zIsoDateTime.nullable(),
  /** URL of the first image, or null. */
  thumbnail: z.string().nullable(),
  /** The feed categories the item belongs to (a priority item is also news). */
  categories: z.array(zFeedCategory),
  /** The resident app's address: /news/<codename>, /calendar/entry/<codename>, /step/<codename>. */
  link: z.string(),
  /** Written by the developer's staff. */
  isYit: z.boolean(),
  /** A priority_news article within a month of its publish date. */
  isPriority: z.boolean(),
  /** A step whose day is not in the past. */
  upcoming: z.boolean(),
  state: z.enum(['active']),
});
export type TimelineItem = z.infer<typeof zTimelineItem>;

/** Items of one month (YYYY-MM, UTC), oldest first. */
export const zTimelineSection = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  items: z.array(zTimelineItem),
});
export type TimelineSection = z.infer<typeof zTimelineSection>;

export const zTimelineResponse = z.object({
  /** around: the first page (no cursor); later / earlier: a page after or before a cursor. */
  direction: z.enum(['around', 'later', 'earlier']),
  /** Today's date (UTC) as the server counts it. */
  today: zIsoDate,
  /**
   * How many of this answer's items (in display order, across sections) are dated before today:
   * the Today marker goes before that item (at the end when it equals the item count).
   */
  todayIndex: z.number().int().min(0),
  /** Month sections in display order (ascending by date; ties by type, then id). */
  sections: z.array(zTimelineSection),
  /** More items exist after the last item of this answer. */
  hasLater: z.boolean(),
  /** More items exist before the first item of this answer. */
  hasEarlier: z.boolean(),
  /** Neither direction has more: the timeline is complete. */
  finalized: z.boolean(),
  /** Continue with direction=later&cursor=laterCursor (an empty page gives back the cursor sent; null: empty first page). */
  laterCursor: zTimelineCursor.nullable(),
  /** Continue with direction=earlier&cursor=earlierCursor (same rules as laterCursor). */
  earlierCursor: zTimelineCursor.nullable(),
});
export type TimelineResponse = z.infer<typeof zTimelineResponse>;
