import { LANGUAGES } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateNumeric,
  monthNames,
  toCalendarDate,
  toIsoDate,
} from './dates.js';

/** 5 March 2026, 12:00 UTC (14:00 in Helsinki): the same calendar day everywhere. */
const MARCH_5 = new Date(Date.UTC(2026, 2, 5, 12));

describe('formatDate (01 §9)', () => {
  it.each([
    ['fi', '5. maaliskuuta 2026'],
    ['en', '5 Mar 2026'],
    ['cs', '5 bře 2026'],
    ['et', '5 märts 2026'],
    ['lt', '5 kovo 2026'],
    ['lv', '5 marts 2026'],
    ['pl', '5 mar 2026'],
    ['sk', '5 mar 2026'],
    ['sv', '5 mars 2026'],
  ])('formats %s as the spec pattern', (language, expected) => {
    expect(formatDate(MARCH_5, language)).toBe(expected);
  });

  it('covers every language of the portal', () => {
    for (const language of LANGUAGES) {
      const text = formatDate(MARCH_5, language);
      if (language === 'fi') expect(text).toMatch(/^5\. \p{L}+ 2026$/u);
      else expect(text).toMatch(/^5 [\p{L}.]+ 2026$/u);
    }
  });

  it.each([
    [
      'fi',
      'tammikuuta helmikuuta maaliskuuta huhtikuuta toukokuuta kesäkuuta heinäkuuta elokuuta syyskuuta lokakuuta marraskuuta joulukuuta',
    ],
    ['en', 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'],
    ['cs', 'led úno bře dub kvě čvn čvc srp zář říj lis pro'],
    ['et', 'jaan veebr märts apr mai juuni juuli aug sept okt nov dets'],
    [
      'lt',
      'sausio vasario kovo balandžio gegužės birželio liepos rugpjūčio rugsėjo spalio lapkričio gruodžio',
    ],
    ['lv', 'janv. febr. marts apr. maijs jūn. jūl. aug. sept. okt. nov. dec.'],
    ['pl', 'sty lut mar kwi maj cze lip sie wrz paź lis gru'],
    ['sk', 'jan feb mar apr máj jún júl aug sep okt nov dec'],
    ['sv', 'jan. feb. mars apr. maj juni juli aug. sep. okt. nov. dec.'],
  ] as const)('uses the %s month names of the rule for every month', (language, names) => {
    expect(monthNames(language).join(' ')).toBe(names);
    names.split(' ').forEach((name, index) => {
      const day = toIsoDate(new Date(Date.UTC(2026, index, 15, 12)));
      const expected = language === 'fi' ? `15. ${name} 2026` : `15 ${name} 2026`;
      expect(formatDate(day, language)).toBe(expected);
    });
  });

  it('never shows a month as a number', () => {
    for (const language of LANGUAGES) {
      for (const name of monthNames(language)) expect(name).not.toMatch(/\d/);
    }
  });

  it('does not pad the day but pads the year to four digits', () => {
    expect(formatDate('2026-01-01', 'en')).toBe('1 Jan 2026');
    expect(formatDate('2026-01-01', 'fi')).toBe('1. tammikuuta 2026');
    expect(formatDate('0999-12-31', 'en')).toBe('31 Dec 0999');
  });

  it('uses only the part of a locale before the underscore (01 §1)', () => {
    expect(formatDate(MARCH_5, 'fi_FI')).toBe('5. maaliskuuta 2026');
    expect(formatDate(MARCH_5, 'sv_FI')).toBe('5 mars 2026');
    expect(formatDate(MARCH_5, 'cs_CZ')).toBe('5 bře 2026');
    expect(formatDate(MARCH_5, 'en_US')).toBe('5 Mar 2026');
  });

  it('falls back to English for unknown or missing languages', () => {
    expect(formatDate(MARCH_5, 'ru_RU')).toBe('5 Mar 2026');
    expect(formatDate(MARCH_5, 'de')).toBe('5 Mar 2026');
    expect(formatDate(MARCH_5, '')).toBe('5 Mar 2026');
    expect(formatDate(MARCH_5, undefined)).toBe('5 Mar 2026');
    expect(formatDate(MARCH_5, null)).toBe('5 Mar 2026');
  });

  it('gives an empty string for invalid dates', () => {
    for (const bad of [
      null,
      undefined,
      new Date(Number.NaN),
      new Date('nonsense'),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '',
      'nonsense',
      '5.3.2026',
      'March 5, 2026',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-04-31',
      '0000-01-01',
      '2026-3-5',
      '2026-03-05T25:00',
      '2026-03-05Tnope',
    ]) {
      expect(formatDate(bad, 'fi'), String(bad)).toBe('');
      expect(formatDateNumeric(bad), String(bad)).toBe('');
      expect(toIsoDate(bad), String(bad)).toBe('');
    }
  });

  it('accepts leap days only in leap years', () => {
    expect(formatDate('2024-02-29', 'en')).toBe('29 Feb 2024');
    expect(formatDate('2000-02-29', 'en')).toBe('29 Feb 2000');
    expect(formatDate('1900-02-29', 'en')).toBe('');
  });

  it('rejects instants outside years 1–9999', () => {
    expect(formatDate(new Date(Date.UTC(10000, 0, 1, 12)), 'en')).toBe('');
    expect(formatDate(new Date('-000500-06-01T12:00:00Z'), 'en')).toBe('');
    expect(formatDate(new Date(8.64e15), 'en')).toBe('');
  });
});

describe('time zones', () => {
  it('defaults to Europe/Helsinki', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Helsinki');
  });

  it('never shifts a calendar date string, whatever the time zone', () => {
    for (const timeZone of ['Europe/Helsinki', 'UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      expect(formatDate('2026-03-05', 'en', { timeZone })).toBe('5 Mar 2026');
      expect(formatDateNumeric('2026-03-05', { timeZone })).toBe('05.03.2026');
      expect(toIsoDate('2026-03-05', { timeZone })).toBe('2026-03-05');
      expect(toIsoDate('2026-03-05T23:30:00', { timeZone })).toBe('2026-03-05');
      expect(toIsoDate('2026-03-05T00:10', { timeZone })).toBe('2026-03-05');
    }
  });

  it('places an instant on its Helsinki day by default', () => {
    // 22:30 UTC on 5 March is 00:30 on 6 March in Helsinki (UTC+2).
    const lateEvening = new Date(Date.UTC(2026, 2, 5, 22, 30));
    expect(toIsoDate(lateEvening)).toBe('2026-03-06');
    expect(formatDate(lateEvening, 'fi')).toBe('6. maaliskuuta 2026');
    expect(toIsoDate('2026-03-05T22:30:00Z')).toBe('2026-03-06');
    expect(toIsoDate('2026-03-05T22:30:00.000+00:00')).toBe('2026-03-06');
    expect(toIsoDate(lateEvening.getTime())).toBe('2026-03-06');
    // 21:59 UTC is still 23:59 on 5 March in Helsinki.
    expect(toIsoDate(new Date(Date.UTC(2026, 2, 5, 21, 59)))).toBe('2026-03-05');
  });

  it('follows daylight saving time in Helsinki (UTC+3 in summer)', () => {
    expect(toIsoDate(new Date(Date.UTC(2026, 6, 5, 20, 59)))).toBe('2026-07-05');
    expect(toIsoDate(new Date(Date.UTC(2026, 6, 5, 21, 0)))).toBe('2026-07-06');
  });

  it('uses the time zone given', () => {
    const lateEvening = new Date(Date.UTC(2026, 2, 5, 22, 30));
    expect(toIsoDate(lateEvening, { timeZone: 'UTC' })).toBe('2026-03-05');
    expect(formatDate(lateEvening, 'en', { timeZone: 'UTC' })).toBe('5 Mar 2026');
    expect(formatDateNumeric(lateEvening, { timeZone: 'America/New_York' })).toBe('05.03.2026');
    expect(toIsoDate('2026-03-05T01:00:00+02:00', { timeZone: 'America/Los_Angeles' })).toBe('2026-03-04');
  });

  it('crosses year boundaries correctly', () => {
    const newYear = new Date(Date.UTC(2025, 11, 31, 22, 0)); // 00:00 on 1 Jan 2026 in Helsinki
    expect(formatDateNumeric(newYear)).toBe('01.01.2026');
    expect(formatDateNumeric(newYear, { timeZone: 'UTC' })).toBe('31.12.2025');
  });

  it('throws for an unknown time zone', () => {
    expect(() => toIsoDate(MARCH_5, { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });
});

describe('formatDateNumeric (01 §9)', () => {
  it('formats DD.MM.YYYY with zero padding', () => {
    expect(formatDateNumeric(MARCH_5)).toBe('05.03.2026');
    expect(formatDateNumeric('2026-12-31')).toBe('31.12.2026');
    expect(formatDateNumeric('0033-01-09')).toBe('09.01.0033');
  });
});

describe('toIsoDate (03 §5)', () => {
  it('formats YYYY-MM-DD for user settings', () => {
    expect(toIsoDate(MARCH_5)).toBe('2026-03-05');
    expect(toIsoDate(' 2026-03-05 ')).toBe('2026-03-05');
    expect(toIsoDate(new Date(Date.UTC(9999, 11, 31, 12)))).toBe('9999-12-31');
  });

  it('round-trips with toCalendarDate', () => {
    expect(toCalendarDate('2026-03-05')).toEqual({ year: 2026, month: 3, day: 5 });
    expect(toIsoDate(toIsoDate('2024-02-29'))).toBe('2024-02-29');
    expect(toCalendarDate('2026-02-30')).toBeNull();
  });
});
