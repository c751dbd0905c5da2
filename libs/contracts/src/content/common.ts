import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';
import { zRole } from '../roles.js';

/**
 * Shared shapes of the content service (02 §3, 03 §3): language variants, publication state,
 * targeting by housing company and building taxonomy, and the resident query every list takes.
 */

export const zContentLanguage = z.enum(LANGUAGES);

/** Draft or published (03 §4); a published item with a future publishAt is scheduled. */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export const zContentStatus = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof zContentStatus>;

/** Building phase of a housing company (01 §3: living when completionDate is before today). */
export const zBuildingPhase = z.enum(['construction', 'living']);
export type BuildingPhase = z.infer<typeof zBuildingPhase>;

/**
 * One language variant per language; at least one. Each area defines what a variant holds
 * (title, introduction, content…). The default language is the variant shown when the reader's
 * language has none.
 */
export function zVariants<T extends z.ZodType>(variant: T) {
  return z
    .partialRecord(zContentLanguage, variant)
    .refine((v) => Object.values(v).some(Boolean), 'At least one language variant is required');
}

/**
 * Who sees an item: the housing companies and building-taxonomy terms (codenames) it targets.
 * Both empty: every housing company. A term reaches the housing companies of the term and of
 * every term below it.
 */
export const zTargeting = z.strictObject({
  housingCompanyIds: z.array(zUuid).max(5000).default([]),
  buildingTaxonomies: z.array(z.string().min(1).max(100)).max(500).default([]),
});
export type Targeting = z.infer<typeof zTargeting>;

/** Publication fields shared by articles, calendar entries and campaigns (03 §4, §5). */
export const zPublication = z.object({
  status: zContentStatus.default('draft'),
  /** Publish at this time (scheduled when in the future); null: when status becomes published. */
  publishAt: zIsoDateTime.nullable().default(null),
  /** Hidden from this time on. */
  unpublishAt: zIsoDateTime.nullable().default(null),
});

/** Roles that may see an item (empty: everyone in the targeted housing companies). */
export const zUserRoles = z.array(zRole).max(30).default([]);

/** A file kept by the content service (images and attachments). */
export const zAssetRef = z.object({
  id: zUuid,
  url: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type AssetRef = z.infer<typeof zAssetRef>;

/** Resident lists and details: which housing company the reader looks at, and the language. */
export const zResidentContentQuery = z.object({
  housingCompanyId: zUuid,
  lang: zContentLanguage.optional(),
});
export type ResidentContentQuery = z.infer<typeof zResidentContentQuery>;

export const zIdParam = z.object({ id: zUuid });
/** Resident detail routes take the codename or the id (02 §2). */
export const zIdOrCodenameParam = z.object({ id: z.string().min(1).max(200) });

/** A codename: lower-case letters, digits, '-' and '_' (used in addresses). */
export const zCodename = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Value in field is not in correct format');

/** Author as stored with an item (03 §3 author, authorRoles). */
export const zAuthor = z.object({
  id: zUuid.nullable(),
  name: z.string(),
  roles: z.array(zRole),
});

/** Fields every staff answer about an item carries. */
export const zAdminItemMeta = z.object({
  id: zUuid,
  codename: z.string(),
  createdAt: zIsoDateTime,
  updatedAt: zIsoDateTime,
  author: zAuthor,
  /** published and publishAt in the future */
  scheduled: z.boolean(),
  /** May the caller edit and delete it (03 §6 'except ones authored by higher roles'). */
  canEdit: z.boolean(),
});

/** Copy items to other housing companies (03 §9: at most 5 at once). */
export const CONTENT_COPY_TARGETS_MAX = 5;
