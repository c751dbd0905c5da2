import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './constants.js';
import { localDay, nextDay, PORTAL_TIME_ZONE, startOfLocalDay, timeZoneOfCountry } from './time-zones.js';

describe("the housing company's local day", () => {
  it('gives every country Porta serves its own zone, and the portal zone otherwise', () => {
    for (const country of COUNTRIES) expect(timeZoneOfCountry(country)).toMatch(/^Europe\//);
    expect(timeZoneOfCountry('Poland')).toBe('Europe/Warsaw');
    expect(timeZoneOfCountry('Finland')).toBe('Europe/Helsinki');
    expect(timeZoneOfCountry(null)).toBe(PORTAL_TIME_ZONE);
    expect(timeZoneOfCountry('Atlantis')).toBe(PORTAL_TIME_ZONE);
  });

  it('turns the day at local midnight, not at UTC midnight', () => {
    // 22:30 UTC on 26 November is 00:30 on the 27th in Helsinki and 23:30 on the 26th in Warsaw.
    const instant = new Date('2026-11-26T22:30:00Z');
    expect(localDay(instant)).toBe('2026-11-27');
    expect(localDay(instant, 'Europe/Warsaw')).toBe('2026-11-26');
    expect(instant.toISOString().slice(0, 10)).toBe('2026-11-26');
    // Summer time: Helsinki is UTC+3.
    expect(localDay(new Date('2026-06-30T21:00:00Z'))).toBe('2026-07-01');
    expect(localDay(new Date('2026-06-30T20:59:59Z'))).toBe('2026-06-30');
  });

  it('finds the instant a local day begins, across the clock changes', () => {
    expect(startOfLocalDay('2026-11-27').toISOString()).toBe('2026-11-26T22:00:00.000Z');
    expect(startOfLocalDay('2026-07-01').toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', 'Europe/Warsaw').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // The days of the spring and autumn changes (29 March and 25 October 2026) begin before them.
    expect(startOfLocalDay('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(startOfLocalDay('2026-03-30').toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(startOfLocalDay('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(startOfLocalDay('2026-10-26').toISOString()).toBe('2026-10-25T22:00:00.000Z');
    expect(() => startOfLocalDay('27.11.2026')).toThrow(RangeError);
  });

  it('steps to the next day over month and year ends', () => {
    expect(nextDay('2026-11-30')).toBe('2026-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});
