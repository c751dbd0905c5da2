import type {
  CalendarEntryDetailResponse,
  CalendarListItem,
  NewsDetailResponse,
  NewsListItem,
  NewsListResponse,
  StepDetail,
  StepSummary,
  TimelineItem,
  TimelineResponse,
} from '@porta/contracts';

/** Test data of the content service's resident answers (valid against the contracts). */

let counter = 0;
/** A fresh uuid-shaped id. */
export function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function newsItem(overrides: Partial<NewsListItem> = {}): NewsListItem {
  const codename = overrides.codename ?? `article-${counter + 1}`;
  const title = overrides.title ?? 'Courtyard works begin';
  return {
    id: uuid(),
    codename,
    slug: codename,
    title,
    boxTitle: title,
    excerpt: 'The courtyard will be renewed during the spring.',
    publishDate: '2026-03-02T08:00:00.000Z',
    articleType: 'news',
    isPriority: false,
    sticky: false,
    archived: false,
    image: null,
    language: 'en',
    ...overrides,
  };
}

export function newsList(
  items: NewsListItem[],
  mode: NewsListResponse['mode'] = 'default',
): NewsListResponse {
  return { mode, items, total: items.length, limit: items.length || 4, offset: 0 };
}

export function newsDetail(overrides: Partial<NewsDetailResponse> = {}): NewsDetailResponse {
  return {
    ...newsItem(),
    introduction: 'Works start in April.',
    content: '<p>The <strong>courtyard</strong> is closed for two weeks.</p>',
    category: null,
    images: [],
    attachments: [],
    authorName: 'Paula Manager',
    ...overrides,
  };
}

export function calendarItem(overrides: Partial<CalendarListItem> = {}): CalendarListItem {
  return {
    id: uuid(),
    codename: `entry-${counter}`,
    type: 'event',
    title: 'Residents meeting',
    excerpt: 'The annual meeting of the residents.',
    startAt: '2026-04-10T15:00:00.000Z',
    endAt: '2026-04-10T17:00:00.000Z',
    location: 'Club room',
    image: null,
    isDeadline: false,
    language: 'en',
    ...overrides,
  };
}

export function calendarList(items: CalendarListItem[], total = items.length, offset = 0) {
  return { items, total, limit: items.length || 4, offset };
}

export function calendarDetail(
  overrides: Partial<CalendarEntryDetailResponse> = {},
): CalendarEntryDetailResponse {
  return {
    ...calendarItem(),
    content: '<p>Bring your questions.</p>',
    images: [],
    attachments: [],
    documentLibraryLink: null,
    authorName: 'Paula Manager',
    publishDate: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function step(overrides: Partial<StepSummary> = {}): StepSummary {
  return {
    id: uuid(),
    codename: `step-${counter}`,
    title: 'Foundations',
    introduction: 'The foundations are cast.',
    dateStart: '2026-05-01',
    image: null,
    parentId: null,
    upcoming: true,
    disableConfiguring: false,
    language: 'en',
    ...overrides,
  };
}

export function stepDetail(overrides: Partial<StepDetail> = {}): StepDetail {
  return { ...step(), content: '<p>Concrete work.</p>', images: [], related: [], ...overrides };
}

export function timelineItem(overrides: Partial<TimelineItem> = {}): TimelineItem {
  const type = overrides.type ?? 'news';
  return {
    id: uuid(),
    type,
    title: `Item ${counter}`,
    description: '',
    date: '2026-03-10T08:00:00.000Z',
    dateEnd: null,
    thumbnail: null,
    categories: [type],
    link: `/news/item-${counter}`,
    isYit: false,
    isPriority: false,
    upcoming: false,
    state: 'active',
    ...overrides,
  };
}

/** A timeline answer with the items grouped into month sections (YYYY-MM of their date). */
export function timelinePage(
  items: TimelineItem[],
  overrides: Partial<Omit<TimelineResponse, 'sections'>> = {},
): TimelineResponse {
  const sections: TimelineResponse['sections'] = [];
  for (const item of items) {
    const month = item.date.slice(0, 7);
    const last = sections[sections.length - 1];
    if (last && last.month === month) last.items.push(item);
    else sections.push({ month, items: [item] });
  }
  const today = overrides.today ?? '2026-03-15';
  const hasLater = overrides.hasLater ?? false;
  const hasEarlier = overrides.hasEarlier ?? false;
  return {
    direction: 'around',
    today,
    todayIndex: items.filter((item) => item.date.slice(0, 10) < today).length,
    sections,
    hasLater,
    hasEarlier,
    finalized: !hasLater && !hasEarlier,
    laterCursor: items.length ? 'later-cursor' : null,
    earlierCursor: items.length ? 'earlier-cursor' : null,
    ...overrides,
  };
}
