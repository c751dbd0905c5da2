import { ADVERTISEMENT_MAX_VISIBLE_MONTHS } from '@porta/contracts';
import type { Validator } from 'react-admin';
import { valueAt } from '../common/validation';

/**
 * The content rules of 03 §5 checked in the browser before anything is sent; the server checks
 * them again and its codes read the same (`porta.errors.<code>`).
 */

const time = (value: unknown): number | null => {
  if (value == null || value === '') return null;
  const t = new Date(String(value)).getTime();
  return Number.isNaN(t) ? null : t;
};

/** Today's UTC day (the content service counts days in UTC). */
const todayUtc = () => new Date().toISOString().slice(0, 10);
const utcDay = (value: unknown) => {
  const t = time(value);
  return t === null ? null : new Date(t).toISOString().slice(0, 10);
};

/** Archive date cannot be in the past (03 §5); an unchanged stored date is accepted. */
export function archiveNotInPast(stored: string | null | undefined): Validator {
  return (value: unknown) => {
    const t = time(value);
    if (t === null || t >= Date.now()) return undefined;
    if (stored && time(stored) === t) return undefined;
    return 'porta.errors.CNT_ARCHIVE_DATE_IN_PAST';
  };
}

/**
 * A sticky item needs a sticky expiration date not before today (03 §5); an unchanged stored date
 * is accepted.
 */
export function stickyExpiry(stored: string | null | undefined): Validator {
  return (value: unknown, values: Record<string, unknown>) => {
    if (!values.sticky) return undefined;
    const day = utcDay(value);
    if (day === null) return 'porta.errors.CNT_STICKY_EXPIRY_REQUIRED';
    if (day < todayUtc() && !(stored && time(stored) === time(value)))
      return 'porta.errors.CNT_STICKY_EXPIRY_REQUIRED';
    return undefined;
  };
}

/** The time must be after the one at `field` (unpublish after publish, 03 §4). */
export function after(field: string, message: string): Validator {
  return (value: unknown, values: Record<string, unknown>) => {
    const t = time(value);
    const other = time(valueAt(values, field));
    return t !== null && other !== null && t <= other ? message : undefined;
  };
}

/** The time must not be before the one at `field` (an end before its start). */
export function notBeforeTime(field: string, message: string): Validator {
  return (value: unknown, values: Record<string, unknown>) => {
    const t = time(value);
    const other = time(valueAt(values, field));
    return t !== null && other !== null && t < other ? message : undefined;
  };
}

/** The date (YYYY-MM-DD) must be before the one at `field` (readyAfter before readyBefore). */
export function dayBefore(field: string, message: string): Validator {
  return (value: unknown, values: Record<string, unknown>) => {
    const other = valueAt(values, field);
    return typeof value === 'string' && value && typeof other === 'string' && other && value >= other
      ? message
      : undefined;
  };
}

/** The same time some calendar months later, clamped to the month's end (as the service counts). */
export function addMonthsUtc(start: Date, months: number): Date {
  const d = new Date(start);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * An advertisement is visible at most 6 months (03 §5, §9): from its start (else now) to its end.
 * Answers whether the window is too long; without an end it is open-ended (too long to publish).
 */
export function advertisementTooLong(startAt: unknown, endAt: unknown, now = new Date()): boolean {
  const end = time(endAt);
  if (end === null) return false;
  const start = time(startAt) ?? now.getTime();
  return end > addMonthsUtc(new Date(start), ADVERTISEMENT_MAX_VISIBLE_MONTHS).getTime();
}

/** The 6-month rule on the end field of an advertisement. */
export const advertisementWindow: Validator = (value: unknown, values: Record<string, unknown>) =>
  advertisementTooLong(values.startAt, value) ? 'porta.errors.CNT_ADVERTISEMENT_TOO_LONG' : undefined;

/** The number must not be below the one at `field` (apartment size max ≥ min). */
export function notBelow(field: string, message: string): Validator {
  return (value: unknown, values: Record<string, unknown>) => {
    const other = valueAt(values, field);
    return typeof value === 'number' && typeof other === 'number' && value < other ? message : undefined;
  };
}

/** An http(s) address (CTA, links, feeds). */
export const httpUrl: Validator = (value: unknown) => {
  if (value == null || value === '') return undefined;
  try {
    const url = new URL(String(value).trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'porta.validation.url';
  } catch {
    return 'porta.validation.url';
  }
};

/** A phone number: digits, spaces and + ( ) . / - (the contacts' rule). */
export const phoneNumber: Validator = (value: unknown) =>
  value == null || value === '' || /^\+?[0-9 ()./-]*$/.test(String(value).trim())
    ? undefined
    : 'porta.validation.phone';

/** A codename: lower-case letters, digits, '-' and '_' (used in addresses). */
export const codename: Validator = (value: unknown) =>
  value == null || value === '' || /^[a-z0-9][a-z0-9_-]*$/.test(String(value))
    ? undefined
    : 'porta.content.codename_format';

/** At least one housing company or building-taxonomy term (steps; non-global editors). */
export function someTarget(message: string, allowTerms = true): Validator {
  return (_value: unknown, values: Record<string, unknown>) => {
    const companies = (valueAt(values, 'targeting.housingCompanyIds') as unknown[] | undefined) ?? [];
    const terms = (valueAt(values, 'targeting.buildingTaxonomies') as unknown[] | undefined) ?? [];
    return companies.length + (allowTerms ? terms.length : 0) > 0 ? undefined : message;
  };
}
