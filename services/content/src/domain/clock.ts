import { localDay, PORTAL_TIME_ZONE, startOfLocalDay } from '@porta/contracts';

/**
 * The content service reads time only through a clock, so that scheduled publication, expiry and
 * "today" can be tested by moving the clock instead of waiting.
 */
export interface Clock {
  now(): Date;
}

/** The system clock, optionally shifted (tests move it with set() or advance()). */
export class ShiftableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Make now() answer this time (and run on from it). */
  set(time: Date): void {
    this.offsetMs = time.getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

/**
 * YYYY-MM-DD of a time: the calendar day in a time zone, by default the portal's (Europe/Helsinki).
 * Days are local days (ADR 0013): a housing company's own where one company is meant (its phase),
 * the portal's for content aimed at many.
 */
export function isoDay(time: Date, timeZone: string = PORTAL_TIME_ZONE): string {
  return localDay(time, timeZone);
}

/** The moment the portal's day of a time began (its local midnight). */
export function startOfDay(time: Date): Date {
  return startOfLocalDay(isoDay(time));
}

/** The same time a number of calendar months earlier or later (clamped to the month's end). */
export function addMonths(time: Date, months: number): Date {
  const d = new Date(time);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export function addDays(time: Date, days: number): Date {
  return new Date(time.getTime() + days * 86_400_000);
}
