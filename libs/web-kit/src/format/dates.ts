import { type Language, languageOfLocale } from '@porta/contracts';

/**
 * Date formatting rules (01 §9, 03 §5).
 *
 * - Finnish: `D. MMMM[ta] YYYY`, e.g. `5. maaliskuuta 2026` (the month in the partitive form, as Intl
 *   gives it for `fi` with day + month + year).
 * - Every other language: `D MMM YYYY`, e.g. `5 Mar 2026`, with the language's own short month name from
 *   Intl (standalone form). Where Intl has no short name but only a number (Lithuanian in current ICU
 *   data), the long month name in the genitive (as used next to a day number) is used instead:
 *   `5 kovo 2026`.
 * - Numeric: `DD.MM.YYYY`. Dates sent to the server (user settings): `YYYY-MM-DD`.
 *
 * Time zone: a calendar date (`'2026-03-05'`, or an ISO date-time without offset, whose wall-clock date is
 * taken as is) is formatted exactly as written, never shifted. An instant (a `Date`, epoch milliseconds,
 * or an ISO date-time with `Z` or an offset) is turned into a calendar date in `timeZone`, which defaults
 * to Europe/Helsinki (the portal's home time zone) regardless of the browser's own zone, so every user
 * sees the same day. An unknown time zone throws `RangeError` (a programming error).
 *
 * Invalid input (null, undefined, an invalid `Date`, a non-finite number, a string that is not an ISO
 * date, an impossible date like `2026-02-30`, or a year outside 1–9999) formats as the empty string.
 *
 * Month names come from the runtime's Intl data; the tests pin the names of Node's ICU.
 */

/** The portal's home time zone, used to find the calendar day of an instant (01 §9). */
export const DEFAULT_TIME_ZONE = 'Europe/Helsinki';

/** A day in the calendar, independent of any time zone. `month` is 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Anything the date formatters accept; see the module comment for how each is read. */
export type DateInput = Date | string | number | null | undefined;

export interface TimeZoneOptions {
  /** IANA time zone used to find the calendar day of an instant. Default Europe/Helsinki. */
  timeZone?: string;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T[0-9:.,]+(Z|[+-]\d{2}(:?\d{2})?)?$/i;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function validCalendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (!Number.isInteger(year) || year < 1 || year > 9999) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Makes the formatter of a time zone ahead of its first date. The first one loads the zone data
 * (about 15 ms on a laptop, four times that on a mid-range phone); the resident app has it made
 * while startup waits for the network rather than in the middle of the dashboard's first render.
 */
export function prepareTimeZone(timeZone: string = DEFAULT_TIME_ZONE): void {
  zoneFormatter(timeZone);
}

function calendarDateOfInstant(instant: Date, timeZone: string): CalendarDate | null {
  const formatter = zoneFormatter(timeZone);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  if (part('era') !== 'AD') return null;
  return validCalendarDate(Number(part('year')), Number(part('month')), Number(part('day')));
}

/**
 * Reads `input` as a calendar date (01 §9 date rules). Calendar-date strings are taken as written;
 * instants are placed in `timeZone` (default Europe/Helsinki). Returns null for invalid input.
 */
export function toCalendarDate(input: DateInput, options: TimeZoneOptions = {}): CalendarDate | null {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  if (input instanceof Date) return calendarDateOfInstant(input, timeZone);
  if (typeof input === 'number') {
    return Number.isFinite(input) ? calendarDateOfInstant(new Date(input), timeZone) : null;
  }
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) return validCalendarDate(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime) return null;
  const written = validCalendarDate(Number(dateTime[1]), Number(dateTime[2]), Number(dateTime[3]));
  if (!written) return null;
  if (dateTime[4]) return calendarDateOfInstant(new Date(text), timeZone);
  // No offset: a wall-clock time; its date is the one written (checked for a valid time of day).
  return Number.isNaN(Date.parse(`${text}Z`)) ? null : written;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

const monthNameCache = new Map<Language, readonly string[]>();

/** The twelve month parts of one format, January first: one formatter (making one is the cost). */
function monthParts(language: Language, options: Intl.DateTimeFormatOptions): string[] {
  const formatter = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => {
    const parts = formatter.formatToParts(new Date(Date.UTC(2000, index, 15, 12)));
    return parts.find((p) => p.type === 'month')?.value ?? '';
  });
}

/**
 * Month names used by {@link formatDate} for `language`, January first: the Finnish partitive long
 * name (`maaliskuuta`), or the language's short name (`Mar`, `bře`, `märts`, ...).
 */
export function monthNames(language: Language): readonly string[] {
  const cached = monthNameCache.get(language);
  if (cached) return cached;
  let names: string[];
  if (language === 'fi') names = monthParts('fi', { day: 'numeric', month: 'long', year: 'numeric' });
  else {
    const short = monthParts(language, { month: 'short' });
    // A language whose short months are numbers names them in full, as a date writes them.
    const long = short.some((name) => /\d/.test(name))
      ? monthParts(language, { day: 'numeric', month: 'long' })
      : short;
    names = short.map((name, index) => (/\d/.test(name) ? long[index]! : name));
  }
  monthNameCache.set(language, names);
  return names;
}

/**
 * Formats a date for display (01 §9): Finnish `D. MMMM[ta] YYYY` (`5. maaliskuuta 2026`), other
 * languages `D MMM YYYY` (`5 Mar 2026`). `languageOrLocale` may be a language (`fi`) or a locale
 * (`fi_FI`); only the part before the underscore counts, unknown languages fall back to English
 * (`languageOfLocale`, 01 §1). Invalid input gives `''`.
 */
export function formatDate(
  date: DateInput,
  languageOrLocale: string | null | undefined,
  options: TimeZoneOptions = {},
): string {
  const calendar = toCalendarDate(date, options);
  if (!calendar) return '';
  const language = languageOfLocale(languageOrLocale);
  const month = monthNames(language)[calendar.month - 1];
  const year = pad(calendar.year, 4);
  return language === 'fi' ? `${calendar.day}. ${month} ${year}` : `${calendar.day} ${month} ${year}`;
}

/** Formats a date as `DD.MM.YYYY` (01 §9 numeric date). Invalid input gives `''`. */
export function formatDateNumeric(date: DateInput, options: TimeZoneOptions = {}): string {
  const calendar = toCalendarDate(date, options);
  if (!calendar) return '';
  return `${pad(calendar.day, 2)}.${pad(calendar.month, 2)}.${pad(calendar.year, 4)}`;
}

/** Formats a date as `YYYY-MM-DD`, the form user settings send dates in (03 §5). Invalid input gives `''`. */
export function toIsoDate(date: DateInput, options: TimeZoneOptions = {}): string {
  const calendar = toCalendarDate(date, options);
  if (!calendar) return '';
  return `${pad(calendar.year, 4)}-${pad(calendar.month, 2)}-${pad(calendar.day, 2)}`;
}
