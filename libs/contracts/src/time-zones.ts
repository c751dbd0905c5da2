import type { COUNTRIES } from './constants.js';

/**
 * Calendar days are the housing company's local days (a product decision): role validity, bans,
 * the housing-company state and deadlines turn at the company's midnight, in the time zone of its
 * country, not at UTC midnight. Where no single company applies (content aimed at several, a
 * user's own pages) the portal's home zone is used.
 */

/** The portal's home time zone (01 §9): Finland, where most housing companies are. */
export const PORTAL_TIME_ZONE = 'Europe/Helsinki';

/** The time zone of each country Porta serves (COUNTRIES). */
export const COUNTRY_TIME_ZONES: Readonly<Record<(typeof COUNTRIES)[number], string>> = {
  'Czech Republic': 'Europe/Prague',
  Estonia: 'Europe/Tallinn',
  Finland: 'Europe/Helsinki',
  Latvia: 'Europe/Riga',
  Lithuania: 'Europe/Vilnius',
  Poland: 'Europe/Warsaw',
  Slovakia: 'Europe/Bratislava',
};

/** The time zone of a housing company's country; the portal's zone when unknown or unset. */
export function timeZoneOfCountry(country: string | null | undefined): string {
  return (country && COUNTRY_TIME_ZONES[country as keyof typeof COUNTRY_TIME_ZONES]) || PORTAL_TIME_ZONE;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per kind and zone: building one costs far more than using it. */
function formatIn(kind: 'day' | 'wall', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format =
      kind === 'day'
        ? // en-CA writes dates as YYYY-MM-DD; the parts are read anyway, not the string.
          new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          });
    formats.set(key, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone (default: the portal's). */
export function localDay(instant: Date, timeZone: string = PORTAL_TIME_ZONE): string {
  const parts = formatIn('day', timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Minutes the zone is ahead of UTC at an instant (120 for Helsinki in winter). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = formatIn('wall', timeZone).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a calendar day (YYYY-MM-DD) begins in a time zone: its local midnight. */
export function startOfLocalDay(day: string, timeZone: string = PORTAL_TIME_ZONE): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utcMidnight)) throw new RangeError(`Not a calendar day: ${day}`);
  // The offset at UTC midnight may differ from the one at local midnight on a DST change day;
  // a second pass settles it (no zone here changes its clock at midnight).
  let guess = utcMidnight - offsetMinutes(new Date(utcMidnight), timeZone) * 60_000;
  guess = utcMidnight - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** The calendar day after a day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
