import { STEP_RELATED_TYPES } from '@porta/contracts';
import type { VariantField } from '../../content/VariantEditor';

/** A lifecycle step's texts per language (03 §3): title, introduction (cut to 250), HTML content. */
export const STEP_TEXTS: readonly VariantField[] = [
  { name: 'title', required: true },
  { name: 'introduction', kind: 'multiline', helperText: 'porta.content.steps.introduction_help' },
  { name: 'content', kind: 'html' },
];

export const RELATED_TYPE_CHOICES = STEP_RELATED_TYPES.map((type) => ({
  id: type,
  name: `porta.content.steps.related_types.${type}`,
}));

/** The staff resource a related item lives in. */
export const RELATED_RESOURCE: Record<(typeof STEP_RELATED_TYPES)[number], string> = {
  article: 'news',
  'calendar-entry': 'calendar',
  step: 'steps',
};
