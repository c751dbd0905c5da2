import type { FaqEntry, FaqGroup } from '@porta/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The FAQ groups (faqtaxonomy codenames) the dictionaries name (support.json faq.groups). */
const NAMED_GROUPS = ['maintenance', 'moving_in', 'portal'] as const;
type NamedGroup = (typeof NAMED_GROUPS)[number];
const isNamed = (codename: string): codename is NamedGroup =>
  (NAMED_GROUPS as readonly string[]).includes(codename);

/** A faqtaxonomy codename as a heading ('moving_in' → 'Moving in'): for groups without a translation. */
export function faqTaxonomyName(codename: string): string {
  const words = codename.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A FAQ group's heading in the reader's language: the dictionary's name of a known group, else
 * the codename made readable (a group staff invented later).
 */
export function useFaqGroupName(): (codename: string) => string {
  const { t } = useTranslation('support');
  return useCallback(
    (codename: string) => (isNamed(codename) ? t(`faq.groups.${codename}`) : faqTaxonomyName(codename)),
    [t],
  );
}

/** The entry an address names (/faq/:id takes the id or the codename), if the list has it. */
export function findFaqEntry(groups: readonly FaqGroup[], idOrCodename: string): FaqEntry | null {
  for (const group of groups) {
    const entry = group.entries.find((e) => e.id === idOrCodename || e.codename === idOrCodename);
    if (entry) return entry;
  }
  return null;
}
