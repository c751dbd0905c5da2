import { type TaxonomyGroup, type TaxonomyTermNode, zTaxonomyGroupResponse } from '@porta/contracts';
import { useMemo } from 'react';
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
