import type { Language, TimelineItem, TimelineResponse, TimelineSection } from '@porta/contracts';

/** The loaded timeline: every answer so far, earliest first, as one list. */
export interface TimelineView {
  /** The server's today (YYYY-MM-DD, UTC). */
  today: string;
  /** Month sections; a month split over two answers is one section. */
  sections: TimelineSection[];
  itemCount: number;
  /** Loaded items dated before today: the Today marker goes before the item with this index. */
  markerIndex: number;
  hasLater: boolean;
  hasEarlier: boolean;
  /** Neither direction has more: the timeline is complete (02 §4). */
  finalized: boolean;
}

/**
 * Joins the loaded answers (in display order). Each answer counts its own items dated before today
 * (`todayIndex`), so across answers the marker's place is their sum: earlier answers lie wholly
 * before today, later ones wholly after it.
 */
export function timelineView(pages: readonly TimelineResponse[]): TimelineView | null {
  const first = pages[0];
  const last = pages[pages.length - 1];
  if (!first || !last) return null;
  const sections: TimelineSection[] = [];
  let itemCount = 0;
  let markerIndex = 0;
  for (const page of pages) {
    markerIndex += page.todayIndex;
    for (const section of page.sections) {
      itemCount += section.items.length;
      const previous = sections[sections.length - 1];
      if (previous && previous.month === section.month) {
        sections[sections.length - 1] = {
          month: section.month,
          items: [...previous.items, ...section.items],
        };
      } else {
        sections.push(section);
      }
    }
  }
  const around = pages.find((page) => page.direction === 'around') ?? first;
  return {
    today: around.today,
    sections,
    itemCount,
    markerIndex: Math.min(markerIndex, itemCount),
    hasLater: last.hasLater,
    hasEarlier: first.hasEarlier,
    finalized: !last.hasLater && !first.hasEarlier,
  };
}

export type TimelineEntry = { kind: 'item'; item: TimelineItem } | { kind: 'marker' };
export type TimelineBlock = { kind: 'marker' } | { kind: 'section'; month: string; entries: TimelineEntry[] };

/**
 * What to draw: month sections with the Today marker in its place. The marker sits inside today's
 * month when that month has items, otherwise between the months around it (or at either end).
 */
export function timelineBlocks(view: TimelineView): TimelineBlock[] {
  const todayMonth = view.today.slice(0, 7);
  const blocks: TimelineBlock[] = [];
  let placed = false;
  let start = 0;
  for (const section of view.sections) {
    const end = start + section.items.length;
    const inside =
      !placed && section.month === todayMonth && view.markerIndex >= start && view.markerIndex <= end;
    if (!placed && !inside && view.markerIndex <= start) {
      blocks.push({ kind: 'marker' });
      placed = true;
    }
    const entries: TimelineEntry[] = section.items.map((item) => ({ kind: 'item', item }));
    if (inside) {
      entries.splice(view.markerIndex - start, 0, { kind: 'marker' });
      placed = true;
    }
    blocks.push({ kind: 'section', month: section.month, entries });
    start = end;
  }
  if (!placed && view.itemCount > 0) blocks.push({ kind: 'marker' });
  return blocks;
}

const monthFormatters = new Map<Language, Intl.DateTimeFormat>();

/** A section heading: the month and year of 'YYYY-MM' in the language ('March 2026', 'Maaliskuu 2026'). */
export function monthHeading(month: string, language: Language): string {
  const [year, monthNo] = month.split('-').map(Number);
  if (!year || !monthNo) return month;
  let formatter = monthFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormatters.set(language, formatter);
  }
  const text = formatter.format(new Date(Date.UTC(year, monthNo - 1, 15, 12)));
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}
