import { describe, expect, it } from 'vitest';
import { timelineItem, timelinePage } from '../testing/content-fixtures';
import { monthHeading, timelineBlocks, timelineView } from './timeline';

const at = (date: string, title = date) => timelineItem({ date: `${date}T08:00:00.000Z`, title });

function shape(blocks: ReturnType<typeof timelineBlocks>) {
  return blocks.map((block) =>
    block.kind === 'marker'
      ? 'TODAY'
      : `${block.month}: ${block.entries.map((e) => (e.kind === 'marker' ? 'TODAY' : e.item.title)).join(', ')}`,
  );
}

describe('timelineView', () => {
  it('joins pages, merges a month split over two answers and sums the todayIndex of every page', () => {
    const around = timelinePage([at('2026-02-20'), at('2026-03-01'), at('2026-03-20')], {
      hasLater: true,
      hasEarlier: true,
    });
    const later = timelinePage([at('2026-03-25'), at('2026-04-02')], {
      direction: 'later',
      todayIndex: 0,
      hasLater: false,
    });
    const earlier = timelinePage([at('2026-01-05'), at('2026-02-01')], {
      direction: 'earlier',
      todayIndex: 2,
      hasEarlier: false,
    });
    const view = timelineView([earlier, around, later])!;
    expect(view.sections.map((s) => [s.month, s.items.length])).toEqual([
      ['2026-01', 1],
      ['2026-02', 2],
      ['2026-03', 3],
      ['2026-04', 1],
    ]);
    expect(view.itemCount).toBe(7);
    // 2 earlier + 2 of the first answer are before 2026-03-15.
    expect(view.markerIndex).toBe(4);
    expect(view.today).toBe('2026-03-15');
    expect(view.finalized).toBe(true);
    expect(shape(timelineBlocks(view))).toEqual([
      '2026-01: 2026-01-05',
      '2026-02: 2026-02-01, 2026-02-20',
      '2026-03: 2026-03-01, TODAY, 2026-03-20, 2026-03-25',
      '2026-04: 2026-04-02',
    ]);
  });

  it('is not finalized while either direction has more', () => {
    expect(timelineView([timelinePage([at('2026-03-01')], { hasLater: true })])!.finalized).toBe(false);
    expect(timelineView([timelinePage([at('2026-03-01')], { hasEarlier: true })])!.finalized).toBe(false);
    expect(timelineView([])).toBeNull();
  });
});

describe('timelineBlocks', () => {
  it('puts the marker between months when today’s month has no items', () => {
    const view = timelineView([timelinePage([at('2026-02-20'), at('2026-04-02')])])!;
    expect(shape(timelineBlocks(view))).toEqual(['2026-02: 2026-02-20', 'TODAY', '2026-04: 2026-04-02']);
  });

  it('puts the marker first or last when everything is after or before today', () => {
    const future = timelineView([timelinePage([at('2026-04-02'), at('2026-05-02')])])!;
    expect(shape(timelineBlocks(future))[0]).toBe('TODAY');
    const past = timelineView([timelinePage([at('2026-01-02'), at('2026-02-02')])])!;
    expect(shape(timelineBlocks(past)).at(-1)).toBe('TODAY');
    const pastInMonth = timelineView([timelinePage([at('2026-03-02')])])!;
    expect(shape(timelineBlocks(pastInMonth))).toEqual(['2026-03: 2026-03-02, TODAY']);
  });

  it('has no marker on an empty timeline', () => {
    expect(timelineBlocks(timelineView([timelinePage([])])!)).toEqual([]);
  });
});

describe('monthHeading', () => {
  it('names the month and year in the language', () => {
    expect(monthHeading('2026-03', 'en')).toBe('March 2026');
    expect(monthHeading('2026-03', 'fi')).toBe('Maaliskuu 2026');
    expect(monthHeading('2026-12', 'sv')).toBe('December 2026');
  });
});
