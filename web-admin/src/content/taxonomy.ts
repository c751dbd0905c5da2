import {
  type TaxonomyGroup,
  type TaxonomyTerm,
  type TaxonomyTermNode,
  zTaxonomyGroupResponse,
  zTaxonomyTermList,
} from '@porta/contracts';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useIdentityGet } from '../common/api';

export interface TermChoice {
  /** The term's codename: content targets terms by codename. */
  id: string;
  name: string;
}

/** The group's terms as choices, nested ones indented under their parent. */
export function flattenTerms(terms: readonly TaxonomyTermNode[], depth = 0): TermChoice[] {
  return terms.flatMap((term) => [
    { id: term.codename, name: `${'— '.repeat(depth)}${term.name}` },
    ...flattenTerms(term.terms, depth + 1),
  ]);
}

/**
 * The terms of a taxonomy group (identity's GET /taxonomy/:group) as choices. A group without
 * terms answers 404 ("No taxonomies found"): no choices then.
 */
export function useTaxonomyChoices(group: TaxonomyGroup) {
  const { data, error, isPending } = useIdentityGet<unknown>(`/taxonomy/${group}`);
  const choices = useMemo(() => {
    const parsed = zTaxonomyGroupResponse.safeParse(data);
    return parsed.success ? flattenTerms(parsed.data.terms) : [];
  }, [data]);
  return { choices, isPending, failed: !!error };
}

/** A term's name by codename, the codename itself when unknown. */
export function termName(choices: readonly TermChoice[], codename: string): string {
  return choices.find((choice) => choice.id === codename)?.name.replace(/^(— )+/, '') ?? codename;
}

/** Flat terms (identity's staff list) nested by parentId, as GET /taxonomy/:group answers them. */
export function nestTerms(terms: readonly TaxonomyTerm[]): TaxonomyTermNode[] {
  const nodes = new Map<string, TaxonomyTermNode>();
  for (const term of terms) {
    nodes.set(term.id, {
      id: term.id,
      codename: term.codename,
      externalId: term.externalId,
      name: term.name,
      terms: [],
    });
  }
  const roots: TaxonomyTermNode[] = [];
  for (const term of terms) {
    const node = nodes.get(term.id)!;
    const parent = term.parentId ? nodes.get(term.parentId) : undefined;
    if (parent) parent.terms.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Most terms one group holds that the staff app reads at once. */
const GROUP_TERMS_MAX = 1000;

/**
 * The terms of a group that may have none yet (faqtaxonomy, campaign_category: the spec names the
 * groups, not their terms) as choices, from identity's staff list filtered by group: an empty
 * group answers an empty list there, where GET /taxonomy/:group answers 404 "No taxonomies found".
 */
export function useGroupTermChoices(group: TaxonomyGroup) {
  const { data, error, isPending } = useIdentityGet<unknown>('/admin/taxonomy-terms', {
    filter: JSON.stringify({ group }),
    sort: JSON.stringify(['name', 'ASC']),
    range: JSON.stringify([0, GROUP_TERMS_MAX - 1]),
  });
  const choices = useMemo(() => {
    const parsed = zTaxonomyTermList.safeParse(data);
    return parsed.success ? flattenTerms(nestTerms(parsed.data)) : [];
  }, [data]);
  return { choices, isPending, failed: !!error };
}

/**
 * FAQ and help groups (faqtaxonomy codenames) the staff app names in its languages
 * (the groups of porta.content.help): those of the demo's FAQ and help entries.
 */
export const NAMED_FAQ_GROUPS = [
  'news_and_calendar',
  'contacts',
  'users',
  'maintenance',
  'moving_in',
  'portal',
] as const;

/** A codename as words ('moving_in' → 'Moving in'): a group without a name anywhere. */
export function codenameWords(codename: string): string {
  const words = codename.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The FAQ and help groups: a heading's name by codename in the app's language — the translated
 * name of a known group, else the term's name in identity, else the codename as words — and the
 * choices of the FAQ editor's category (identity's terms and the known groups, named alike).
 */
export function useFaqGroups() {
  const translate = useTranslate();
  const terms = useGroupTermChoices('faqtaxonomy');
  const nameOf = useMemo(() => {
    const known = new Set<string>(NAMED_FAQ_GROUPS);
    return (codename: string) =>
      known.has(codename)
        ? translate(`porta.content.help.groups.${codename}`)
        : (terms.choices.find((c) => c.id === codename)?.name.replace(/^(— )+/, '') ??
          codenameWords(codename));
  }, [translate, terms.choices]);
  const choices = useMemo(() => {
    const fromTerms = terms.choices.map((c) => ({
      id: c.id,
      name: (NAMED_FAQ_GROUPS as readonly string[]).includes(c.id) ? nameOf(c.id) : c.name,
    }));
    const missing = NAMED_FAQ_GROUPS.filter((codename) => !terms.choices.some((c) => c.id === codename)).map(
      (codename) => ({ id: codename, name: nameOf(codename) }),
    );
    return [...fromTerms, ...missing].sort((a, b) =>
      a.name.replace(/^(— )+/, '').localeCompare(b.name.replace(/^(— )+/, '')),
    );
  }, [terms.choices, nameOf]);
  return { nameOf, choices, isPending: terms.isPending, failed: terms.failed };
}
