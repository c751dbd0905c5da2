import { ARTICLE_TYPES } from '@porta/contracts';
import type { VariantField } from '../../content/VariantEditor';

/** An article's texts per language (03 §3): plain-text title and introduction, HTML content. */
export const ARTICLE_TEXTS: readonly VariantField[] = [
  { name: 'title', required: true },
  { name: 'introduction', kind: 'multiline' },
  { name: 'content', kind: 'html' },
];

export const ARTICLE_TYPE_CHOICES = ARTICLE_TYPES.map((type) => ({
  id: type,
  name: `porta.content.article_types.${type}`,
}));

export const PHASE_CHOICES = [
  { id: 'construction', name: 'porta.housing_companies.state.construction' },
  { id: 'living', name: 'porta.housing_companies.state.living' },
];
