import {
  countedTimelineTags,
  type FeedCategory,
  type TimelineItem,
  timelineFilterTags,
  timelineTypesParam,
  toggleTimelineFilter,
  zTimelineQuery,
} from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { describe, expect, it } from 'vitest';
import {
  articleCategory,
  calendarCategory,
  compareKeys,
  decodeCursor,
  encodeCursor,
  groupByMonth,
  keyDate,
  mergeSources,
  splitAround,
  type TimelineEntry,
  type TimelineKey,
  todayIndexOf,
  todayPivot,
  typesAsked,
} from './timeline.js';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function entry(d: string, t: string, i: number): TimelineEntry {
  return {
    key: { d, t, i: ID(i) },
    imageId: null,
    item: {
      id: ID(i),
      type: t as FeedCategory,
      title: `${t} ${i}`,
      description: '',
      date: `${d.slice(0, 23)}Z`,
      dateEnd: null,
      categories: [t as FeedCategory],
      link: `/x/${i}`,
      isYit: false,
      isPriority: false,
      upcoming: false,
      state: 'active',
    },
  };
}

describe('timeline contract helpers', () => {
  it('choosing task also selects deadline, and unchoosing it removes both', () => {
    expect(toggleTimelineFilter([], 'task')).toEqual(['task', 'deadline']);
    expect(toggleTimelineFilter(['event', 'task', 'deadline'], 'task')).toEqual(['event']);
  });

  it('choosing news also selects priority_news, and unchoosing it removes both', () => {
    expect(toggleTimelineFilter(['event'], 'news')).toEqual(['news', 'priority_news', 'event']);
    expect(toggleTimelineFilter(['news', 'priority_news', 'marketing'], 'news')).toEqual(['marketing']);
  });

  it('other tags toggle alone', () => {
    expect(toggleTimelineFilter(['news', 'priority_news'], 'announcement')).toEqual([
      'news',
      'announcement',
      'priority_news',
    ]);
    expect(toggleTimelineFilter(['step', 'event'], 'step')).toEqual(['event']);
    expect(toggleTimelineFilter(['task', 'deadline'], 'deadline')).toEqual(['task']);
  });

  it('offers the tags of news and calendar always, bookings with its feature, steps only when active', () => {
    const base = [
      'news',
      'announcement',
      'status_update',
      'priority_news',
      'marketing',
      'task',
      'event',
      'deadline',
    ];
    expect(timelineFilterTags([], false)).toEqual(base);
    expect(timelineFilterTags(['news', 'calendar', 'faq'], false)).toEqual(base);
    expect(timelineFilterTags(['one4all-bookings'], false)).toEqual([...base, 'booking']);
    expect(timelineFilterTags([], true)).toEqual([...base, 'step']);
    expect(timelineFilterTags(['one4all-bookings', 'electrolux-bookings'], true)).toEqual([
      ...base,
      'step',
      'booking',
    ]);
  });

  it('counts the selection without deadline and priority_news', () => {
    expect(countedTimelineTags(['news', 'priority_news', 'task', 'deadline', 'step'])).toEqual([
      'news',
      'task',
      'step',
    ]);
    expect(countedTimelineTags(['deadline', 'priority_news'])).toEqual([]);
  });

  it('builds the types parameter in feed order, none for an empty selection', () => {
    expect(timelineTypesParam(['step', 'news', 'news'])).toBe('news,step');
    expect(timelineTypesParam([])).toBeUndefined();
  });

  it('parses the query: comma list of known categories, direction and cursor together', () => {
    const hc = ID(1);
    expect(zTimelineQuery.parse({ housingCompanyId: hc, types: 'news, task,' }).types).toEqual([
      'news',
      'task',
    ]);
    expect(zTimelineQuery.parse({ housingCompanyId: hc }).types).toEqual([]);
    expect(zTimelineQuery.safeParse({ housingCompanyId: hc, types: 'news,bogus' }).success).toBe(false);
    expect(zTimelineQuery.safeParse({ housingCompanyId: hc, direction: 'later' }).success).toBe(false);
    expect(zTimelineQuery.safeParse({ housingCompanyId: hc, cursor: 'abc' }).success).toBe(false);
    expect(zTimelineQuery.safeParse({ housingCompanyId: hc, direction: 'up', cursor: 'abc' }).success).toBe(
      false,
    );
    expect(
      zTimelineQuery.safeParse({ housingCompanyId: hc, direction: 'earlier', cursor: 'ab+c' }).success,
    ).toBe(false);
    expect(
      zTimelineQuery.safeParse({ housingCompanyId: hc, direction: 'earlier', cursor: 'abc' }).success,
    ).toBe(true);
  });
});

describe('timeline keys and cursors', () => {
  const key: TimelineKey = { d: '2026-03-01T10:00:00.123456Z', t: 'news', i: ID(7) };

  it('orders by date, then type, then id', () => {
    expect(compareKeys(key, { ...key, d: '2026-03-01T10:00:00.123457Z' })).toBe(-1);
    expect(compareKeys(key, { ...key, t: 'event' })).toBe(1);
    expect(compareKeys(key, { ...key, i: ID(8) })).toBe(-1);
    expect(compareKeys(key, { ...key })).toBe(0);
  });

  it('round-trips a key through an opaque base64url cursor', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
  });

  it.each([
    ['not base64 json', 'bm90IGpzb24'],
    ['a changed character', encodeCursor(key).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))],
    [
      'a bad date',
      Buffer.from(JSON.stringify({ ...key, d: '2026-02-30T10:00:00.000000Z' })).toString('base64url'),
    ],
    [
      'a millisecond date',
      Buffer.from(JSON.stringify({ ...key, d: '2026-03-01T10:00:00.123Z' })).toString('base64url'),
    ],
    ['a bad id', Buffer.from(JSON.stringify({ ...key, i: 'x' })).toString('base64url')],
    ['a bad type', Buffer.from(JSON.stringify({ ...key, t: "news' or 1=1" })).toString('base64url')],
    ['extra fields', Buffer.from(JSON.stringify({ ...key, x: 1 })).toString('base64url')],
    [
      'a different field order',
      Buffer.from(JSON.stringify({ i: key.i, t: key.t, d: key.d })).toString('base64url'),
    ],
  ])('refuses %s with VALIDATION_FAILED', (_what, cursor) => {
    let error: unknown;
    try {
      decodeCursor(cursor);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
  });

  it('puts the today pivot before every item of today and after every item of yesterday', () => {
    const pivot = todayPivot(new Date('2026-03-15T12:34:56.000Z'));
    expect(pivot.d).toBe('2026-03-15T00:00:00.000000Z');
    expect(compareKeys({ d: '2026-03-15T00:00:00.000000Z', t: 'deadline', i: ID(0) }, pivot)).toBe(1);
    expect(compareKeys({ d: '2026-03-14T23:59:59.999999Z', t: 'task', i: ID(99) }, pivot)).toBe(-1);
    expect(keyDate(new Date('2026-03-15T12:34:56.789Z'))).toBe('2026-03-15T12:34:56.789000Z');
  });
});

describe('timeline categories', () => {
  const now = new Date('2026-03-15T12:00:00.000Z');

  it('shows priority_news as priority for one month after publishing, then as news', () => {
    expect(articleCategory('priority_news', new Date('2026-02-15T12:00:01.000Z'), now)).toBe('priority_news');
    expect(articleCategory('priority_news', new Date('2026-02-15T12:00:00.000Z'), now)).toBe('news');
    expect(articleCategory('announcement', new Date('2020-01-01T00:00:00.000Z'), now)).toBe('announcement');
    expect(articleCategory('something-else', now, now)).toBe('news');
  });

  it('makes a deadline of the deadline type or a codename containing deadline', () => {
    expect(calendarCategory('deadline', 'x')).toBe('deadline');
    expect(calendarCategory('task', 'material-deadline-2')).toBe('deadline');
    expect(calendarCategory('event', 'deadline')).toBe('deadline');
    expect(calendarCategory('task', 'sauna')).toBe('task');
    expect(calendarCategory('event', 'sauna')).toBe('event');
  });

  it('answers every category when none is asked', () => {
    expect(typesAsked([]).size).toBe(12);
    expect([...typesAsked(['task', 'task'])]).toEqual(['task']);
  });
});

describe('timeline merging, splitting and grouping', () => {
  it('merges sources by key and says whether more exist, in both directions', () => {
    const a = [
      entry('2026-01-01T00:00:00.000000Z', 'news', 1),
      entry('2026-01-03T00:00:00.000000Z', 'news', 3),
    ];
    const b = [
      entry('2026-01-01T00:00:00.000000Z', 'event', 2),
      entry('2026-01-02T00:00:00.000000Z', 'task', 4),
    ];
    const asc = mergeSources([a, b], 'asc', 3);
    expect(asc.entries.map((e) => e.key.i)).toEqual([ID(2), ID(1), ID(4)]);
    expect(asc.more).toBe(true);
    const desc = mergeSources([[...a].reverse(), [...b].reverse()], 'desc', 4);
    expect(desc.entries.map((e) => e.key.i)).toEqual([ID(3), ID(4), ID(1), ID(2)]);
    expect(desc.more).toBe(false);
  });

  it('splits the first page half and half, giving what one side lacks to the other', () => {
    expect(splitAround(100, 100, 50)).toEqual({ future: 25, past: 25 });
    expect(splitAround(10, 100, 50)).toEqual({ future: 10, past: 40 });
    expect(splitAround(100, 3, 50)).toEqual({ future: 47, past: 3 });
    expect(splitAround(5, 6, 50)).toEqual({ future: 5, past: 6 });
    expect(splitAround(0, 0, 50)).toEqual({ future: 0, past: 0 });
    expect(splitAround(51, 0, 50)).toEqual({ future: 50, past: 0 });
  });

  it('groups items into month sections in display order', () => {
    const items: TimelineItem[] = [
      entry('2025-12-31T23:59:59.999000Z', 'news', 1),
      entry('2026-01-01T00:00:00.000000Z', 'step', 2),
      entry('2026-01-20T00:00:00.000000Z', 'task', 3),
      entry('2026-03-02T00:00:00.000000Z', 'event', 4),
    ].map((e) => ({ ...e.item, thumbnail: null }));
    expect(groupByMonth(items).map((s) => [s.month, s.items.map((i) => i.id)])).toEqual([
      ['2025-12', [ID(1)]],
      ['2026-01', [ID(2), ID(3)]],
      ['2026-03', [ID(4)]],
    ]);
    expect(groupByMonth([])).toEqual([]);
  });

  it('counts the items before today for the marker', () => {
    const pivot = todayPivot(new Date('2026-03-15T08:00:00.000Z'));
    const entries = [
      entry('2026-03-14T10:00:00.000000Z', 'news', 1),
      entry('2026-03-15T00:00:00.000000Z', 'step', 2),
      entry('2026-03-16T10:00:00.000000Z', 'task', 3),
    ];
    expect(todayIndexOf(entries, pivot)).toBe(1);
    expect(todayIndexOf(entries.slice(1), pivot)).toBe(0);
    expect(todayIndexOf(entries.slice(0, 1), pivot)).toBe(1);
  });
});
