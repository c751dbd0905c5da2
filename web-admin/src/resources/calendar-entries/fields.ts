import { CALENDAR_ENTRY_TYPES } from '@porta/contracts';
import type { VariantField } from '../../content/VariantEditor';

/** A calendar entry's texts per language: plain title and location, HTML content. */
export const CALENDAR_TEXTS: readonly VariantField[] = [
  { name: 'title', required: true },
  { name: 'location', helperText: 'porta.content.calendar.variant_location_help' },
  { name: 'content', kind: 'html' },
];

export const CALENDAR_TYPE_CHOICES = CALENDAR_ENTRY_TYPES.map((type) => ({
  id: type,
  name: `porta.content.calendar_types.${type}`,
}));
