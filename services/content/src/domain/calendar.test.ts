import { calendarEntryTypeOf } from '@porta/contracts';
import type { AppError } from '@porta/service-kit';
import { describe, expect, it } from 'vitest';
import { checkCalendarTimes, cleanCalendarVariants, deadlineTimeOf, toCalendarListItem } from './calendar.js';

const at = (iso: string) => new Date(iso);

describe('calendar rules', () => {
  it('the end must not be before the start', () => {
    expect(() => checkCalendarTimes(at('2026-01-02T10:00:00Z'), at('2026-01-02T10:00:00Z'))).not.toThrow();
    expect(() => checkCalendarTimes(at('2026-01-02T10:00:00Z'), null)).not.toThrow();
    try {
      checkCalendarTimes(at('2026-01-02T10:00:00Z'), at('2026-01-02T09:59:59Z'));
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).code).toBe('CNT_CALENDAR_END_BEFORE_START');
    }
  });

  it('a deadline is at its end, else its start', () => {
    expect(
      deadlineTimeOf({ startAt: at('2026-01-01T00:00:00Z'), endAt: at('2026-01-02T00:00:00Z') }),
    ).toEqual(at('2026-01-02T00:00:00Z'));
    expect(deadlineTimeOf({ startAt: at('2026-01-01T00:00:00Z'), endAt: null })).toEqual(
      at('2026-01-01T00:00:00Z'),
    );
  });

  it('a codename containing deadline makes a deadline', () => {
    expect(calendarEntryTypeOf('event', 'kitchen-deadline')).toBe('deadline');
    expect(calendarEntryTypeOf('task', 'form')).toBe('task');
    expect(calendarEntryTypeOf('deadline', 'x')).toBe('deadline');
    expect(calendarEntryTypeOf('something', 'x')).toBe('event');
  });

  it('a list item takes the variant location, else the entry location, and an excerpt of the content', () => {
    const row = {
      id: '5a8f4c1e-0000-4000-8000-000000000001',
      codename: 'sauna-deadline',
      entryType: 'event',
      variants: {
        en: { title: 'Sauna', content: '<p>Apply <b>now</b></p>' },
        fi: { title: 'Sauna', location: 'Kellari' },
      },
      defaultLanguage: 'en',
      startAt: at('2026-01-01T10:00:00Z'),
      endAt: null,
      location: 'Basement',
    };
    expect(toCalendarListItem(row, { language: 'en' }, null)).toMatchObject({
      type: 'deadline',
      isDeadline: true,
      location: 'Basement',
      excerpt: 'Apply now',
      endAt: null,
    });
    expect(toCalendarListItem(row, { language: 'fi' }, null)).toMatchObject({
      location: 'Kellari',
      language: 'fi',
    });
    expect(toCalendarListItem({ ...row, location: null }, { language: 'en' }, null).location).toBeNull();
  });

  it('cleans variants', () => {
    expect(
      cleanCalendarVariants({
        en: { title: '<b>Party</b>', content: '<p onclick="x">Hi</p>', location: ' <i>Yard</i> ' },
      }),
    ).toEqual({ en: { title: 'Party', content: '<p>Hi</p>', location: 'Yard' } });
  });
});
