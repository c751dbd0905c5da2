import { CONTACT_TAXONOMY_GROUPS } from '@porta/contracts';
import type { VariantField } from '../../content/VariantEditor';

/** A contact's texts per language: plain title, opening hours and phone info, HTML info. */
export const CONTACT_TEXTS: readonly VariantField[] = [
  { name: 'title', label: 'porta.content.fields.job_title' },
  { name: 'openingHours' },
  { name: 'phoneInfo' },
  { name: 'info', kind: 'html' },
];

export const CONTACT_GROUP_CHOICES = CONTACT_TAXONOMY_GROUPS.map((group) => ({
  id: group,
  name: `porta.content.contact_groups.${group}`,
}));
