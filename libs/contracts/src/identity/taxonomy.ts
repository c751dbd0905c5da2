import { z } from 'zod';
import { zAdminListQuery, zUuid } from '../common.js';

/**
 * Taxonomy terms (03 §3): groups of terms that nest through parentId. Building taxonomy terms
 * (buildingtaxonomy) place housing companies in regions; feature toggles, content and partners'
 * operational areas target them.
 */
export const TAXONOMY_GROUPS = [
  'buildingtaxonomy',
  'articletype',
  'contact_taxonomy',
  'room_type',
  'building_type',
  'age_group',
  'faqtaxonomy',
  'campaign_category',
] as const;
export const zTaxonomyGroup = z.enum(TAXONOMY_GROUPS);
export type TaxonomyGroup = z.infer<typeof zTaxonomyGroup>;

/** Codenames: lower-case letters, digits and underscores (as the content backend names them). */
export const TAXONOMY_CODENAME_PATTERN = /^[a-z0-9][a-z0-9_]*$/;

/** A codename made from a term's name: lower-cased, accents dropped, other characters as `_`. */
export function taxonomyCodename(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
}

/** One term, flat (staff administration). */
export const zTaxonomyTerm = z.object({
  id: zUuid,
  group: zTaxonomyGroup,
  codename: z.string(),
  externalId: z.string().nullable(),
  name: z.string(),
  /** The parent term in the same group; null for a top-level term. */
  parentId: zUuid.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxonomyTerm = z.infer<typeof zTaxonomyTerm>;
export const zTaxonomyTermList = z.array(zTaxonomyTerm);

/** A term with its child terms (GET /taxonomy/:group). */
export interface TaxonomyTermNode {
  id: string;
  codename: string;
  externalId: string | null;
  name: string;
  terms: TaxonomyTermNode[];
}
export const zTaxonomyTermNode: z.ZodType<TaxonomyTermNode> = z.object({
  id: zUuid,
  codename: z.string(),
  externalId: z.string().nullable(),
  name: z.string(),
  get terms() {
    return z.array(zTaxonomyTermNode);
  },
});

/** GET /taxonomy/:group: the group's top-level terms, each with its nested terms. */
export const zTaxonomyGroupResponse = z.object({
  group: zTaxonomyGroup,
  terms: z.array(zTaxonomyTermNode),
});
export type TaxonomyGroupResponse = z.infer<typeof zTaxonomyGroupResponse>;
/** Any text: an unknown group answers 404 IDN_TAXONOMY_NOT_FOUND rather than a validation error. */
export const zTaxonomyGroupParams = z.strictObject({ group: z.string().max(100) });

export const TAXONOMY_TERM_SORT_FIELDS = ['name', 'codename', 'group', 'createdAt', 'updatedAt'] as const;
export const zTaxonomyTermListQuery = zAdminListQuery(
  {
    group: zTaxonomyGroup.optional(),
    /** Name, codename or external id, case-insensitive. */
    q: z.string().trim().max(200).optional(),
    /** A parent's id, or null for the top-level terms. */
    parentId: zUuid.nullable().optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  TAXONOMY_TERM_SORT_FIELDS,
);
export type TaxonomyTermListQuery = z.infer<typeof zTaxonomyTermListQuery>;
export const zTaxonomyTermParams = z.strictObject({ id: zUuid });

const zTermName = z.string().trim().min(1).max(200);
const zCodename = z
  .string()
  .trim()
  .max(100)
  .regex(TAXONOMY_CODENAME_PATTERN, 'Use lower-case letters, digits and underscores');
const zTermExternalId = z.string().trim().min(1).max(100);

/**
 * Create a term. The codename is made from the name when not given; it must be unique in the
 * group (409 IDN_TAXONOMY_CODENAME_IN_USE). A parent must be a term of the same group.
 */
export const zTaxonomyTermCreate = z.strictObject({
  group: zTaxonomyGroup,
  name: zTermName,
  codename: zCodename.optional(),
  externalId: zTermExternalId.nullish(),
  parentId: zUuid.nullish(),
});
export type TaxonomyTermCreate = z.infer<typeof zTaxonomyTermCreate>;

/** Update a term: the group cannot change; a parent may not be the term itself or a descendant. */
export const zTaxonomyTermUpdate = z.strictObject({
  name: zTermName.optional(),
  codename: zCodename.optional(),
  externalId: zTermExternalId.nullish(),
  parentId: zUuid.nullish(),
});
export type TaxonomyTermUpdate = z.infer<typeof zTaxonomyTermUpdate>;
