import type { Validator } from 'react-admin';
import { todayIso } from './dates';

/** Translation keys of Porta's own validation messages. */
export const VALIDATION = {
  validityOrder: 'porta.validation.validity_order',
  notInPast: 'porta.validation.not_in_past',
  zip: 'porta.validation.zip',
  dateOrder: 'porta.validation.date_order',
} as const;

/** The value at a dotted path of the form values (`apartmentRole.validFrom`). */
export function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node == null ? undefined : (node as Record<string, unknown>)[key]),
      values,
    );
}

/** The value (a YYYY-MM-DD date) must not be before the date at `field` (03 §4 validity). */
export function notBefore(field: string, message: string = VALIDATION.validityOrder): Validator {
  return (value: unknown, values: Record<string, unknown>) => {
    const other = valueAt(values, field);
    if (typeof value === 'string' && value && typeof other === 'string' && other && value < other) {
      return message;
    }
    return undefined;
  };
}

/** A date (YYYY-MM-DD) today or later. */
export const notInPast: Validator = (value: unknown) =>
  typeof value === 'string' && value && value < todayIso() ? VALIDATION.notInPast : undefined;

/** A zip code: one to five digits (shorter ones are padded with zeros, 03 §5). */
export const zipCode: Validator = (value: unknown) =>
  value == null || value === '' || (typeof value === 'string' && /^\s*\d{1,5}\s*$/.test(value))
    ? undefined
    : VALIDATION.zip;
