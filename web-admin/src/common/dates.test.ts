import { timeZoneOfCountry } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './dates';

describe('the staff app’s one date format (01 §9)', () => {
  it('shows a moment as DD.MM.YYYY HH:mm in the portal’s time zone, whatever the browser’s', () => {
    // 17:32 UTC on 26 November is 19:32 in Helsinki (EET, UTC+2).
    expect(formatDateTime('2026-11-26T17:32:00.000Z')).toBe('26.11.2026 19:32');
    // Summer time (EEST, UTC+3), and a moment that is already the next day in Helsinki.
    expect(formatDateTime('2026-06-30T21:15:00.000Z')).toBe('01.07.2026 00:15');
  });

  it('shows a moment of a housing company in the time zone of its country', () => {
    const warsaw = timeZoneOfCountry('Poland');
    expect(formatDateTime('2026-11-26T17:32:00.000Z', warsaw)).toBe('26.11.2026 18:32');
    // Already 1 July in Helsinki, still 30 June in Warsaw: the day is the company's too.
    expect(formatDateTime('2026-06-30T21:15:00.000Z', warsaw)).toBe('30.06.2026 23:15');
    expect(formatDateTime('2026-06-30T21:15:00.000Z', timeZoneOfCountry('Estonia'))).toBe('01.07.2026 00:15');
  });

  it('shows a day as DD.MM.YYYY, and nothing for a missing or broken value', () => {
    expect(formatDay('2026-03-01')).toBe('01.03.2026');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
