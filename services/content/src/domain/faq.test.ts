import type { FaqEntry } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { groupFaq } from './faq.js';

const entry = (question: string, faqTaxonomy: string | null, priority: number): FaqEntry => ({
  id: `id-${question}`,
  codename: question,
  question,
  answer: '',
  faqTaxonomy,
  priority,
  language: 'en',
});

describe('groupFaq', () => {
  it('orders groups by their best entry, entries by priority then question, untaxed last', () => {
    const list = groupFaq([
      entry('b', 'moving', 2),
      entry('z', null, 0),
      entry('a', 'moving', 2),
      entry('c', 'portal', 1),
      entry('d', 'moving', 1),
      entry('e', 'keys', 0),
    ]);
    expect(list.groups.map((g) => [g.faqTaxonomy, g.entries.map((e) => e.question)])).toEqual([
      ['keys', ['e']],
      ['portal', ['c']],
      ['moving', ['d', 'a', 'b']],
      [null, ['z']],
    ]);
  });

  it('answers no groups for no entries', () => {
    expect(groupFaq([])).toEqual({ groups: [] });
  });
});
