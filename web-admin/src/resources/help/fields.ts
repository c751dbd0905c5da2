import { FAQ_KINDS } from '@porta/contracts';
import type { VariantField } from '../../content/VariantEditor';

/** An FAQ or help entry's texts per language: the question and the HTML answer. */
export const FAQ_TEXTS: readonly VariantField[] = [
  { name: 'question', required: true },
  { name: 'answer', kind: 'html', required: true },
];

export const FAQ_KIND_CHOICES = FAQ_KINDS.map((kind) => ({
  id: kind,
  name: `porta.content.help.kinds.${kind}`,
}));
