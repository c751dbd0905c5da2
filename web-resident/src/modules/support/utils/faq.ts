import type { FaqEntry, FaqGroup } from '@porta/contracts';

/** A faqtaxonomy codename as a heading ('moving_in' → 'Moving in'). */
export function faqTaxonomyName(codename: string): string {
  const words = codename.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The entry an address names (/faq/:id takes the id or the codename), if the list has it. */
export function findFaqEntry(groups: readonly FaqGroup[], idOrCodename: string): FaqEntry | null {
  for (const group of groups) {
    const entry = group.entries.find((e) => e.id === idOrCodename || e.codename === idOrCodename);
    if (entry) return entry;
  }
  return null;
}
