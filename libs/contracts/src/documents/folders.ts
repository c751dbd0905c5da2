import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';
import { DOCUMENT_NAME_MAX_CHARS } from './limits.js';

/**
 * The folders of a housing company's document library (02 §2–§3, 03 §3, §6): a tree per housing
 * company (scope project) and one per apartment (scope apartment), each folder with permission
 * rules per rule group, inherited from its parent until it has its own. REST of our own under
 * /api/documents (ADR 0030).
 */

/** The rule groups of 03 §3, and "all": every signed-in user of the housing company. */
export const FOLDER_RULE_GROUPS = [
  'hc_all',
  'apt_all',
  'hc_board',
  'hc_owners',
  'apt_documents',
  'apt_owner',
  'apt_invoices',
  'apt_maintenance',
  'apt_tenant',
  'partner_company',
  'community_all',
  'all',
] as const;
export const zFolderRuleGroup = z.enum(FOLDER_RULE_GROUPS);
export type FolderRuleGroup = z.infer<typeof zFolderRuleGroup>;

/** The rights a rule gives its group on a folder and its files (create is "upload"). */
export const zFolderRule = z.strictObject({
  group: zFolderRuleGroup,
  read: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
});
export type FolderRule = z.infer<typeof zFolderRule>;

/** The home folder's categories (03 §3): a file in the home folder carries one. */
export const HOME_FOLDER_CATEGORIES = [
  'table_of_contents',
  'contact_details',
  'releases',
  'apartment_manuals',
  'blueprints',
  'change_work',
  'maintenance',
  'machinery_and_equipment',
  'surface_materials',
  'hvac_and_electricity',
] as const;
export const zHomeFolderCategory = z.enum(HOME_FOLDER_CATEGORIES);
export type HomeFolderCategory = z.infer<typeof zHomeFolderCategory>;

/** The standard folders every housing company gets (03 §3), by key; `home` takes categories. */
export const PROJECT_FOLDER_KEYS = [
  'home',
  'hc_common',
  'hc_board',
  'owner',
  'tenant',
  'hc_waste_management',
  'hc_parking',
  'crm_import',
] as const;
/** The standard folders every apartment gets (03 §3). */
export const APARTMENT_FOLDER_KEYS = [
  'apt_owner',
  'apt_documents',
  'apt_invoices',
  'apt_maintenance',
  'apt_tenant',
] as const;
export type StandardFolderKey = (typeof PROJECT_FOLDER_KEYS)[number] | (typeof APARTMENT_FOLDER_KEYS)[number];

export const zFolderScope = z.enum(['project', 'apartment']);
export type FolderScope = z.infer<typeof zFolderScope>;

const zName = z.string().trim().min(1).max(DOCUMENT_NAME_MAX_CHARS);
/** A folder's name in other languages than its own (03 §3 translations). */
export const zFolderTranslations = z.partialRecord(z.enum(LANGUAGES), zName);

/** The caller's rights on a folder (03 §3 per-user canRead, canUpload, canUpdate, canDelete). */
export const zFolderRights = z.object({
  canRead: z.boolean(),
  canUpload: z.boolean(),
  canUpdate: z.boolean(),
  canDelete: z.boolean(),
});
export type FolderRights = z.infer<typeof zFolderRights>;

export const zFolder = zFolderRights.extend({
  id: zUuid,
  /** A standard folder's key (hc_board, apt_owner, …); null for one staff made. */
  key: z.string().nullable(),
  /** In the language asked for, else the folder's own name. */
  name: z.string(),
  /** Its own name and its translations (for those who manage the folder; else empty). */
  names: z.object({ name: z.string(), translations: zFolderTranslations }).nullable(),
  /** The names from the top folder down to this one, joined by " / ". */
  path: z.string(),
  parentId: zUuid.nullable(),
  scope: zFolderScope,
  housingCompanyId: zUuid,
  apartmentId: zUuid.nullable(),
  subScope: z.string().nullable(),
  visible: z.boolean(),
  /** The home folder: a file in it needs a category. */
  homeFolder: z.boolean(),
  /** The rules in force and whether they are the parent's (managers only; else null). */
  rules: z.array(zFolderRule).nullable(),
  inherited: z.boolean(),
  /** Files in the folder itself. */
  documentCount: z.number().int(),
  updatedAt: zIsoDateTime,
});
export type Folder = z.infer<typeof zFolder>;

export const zFolderList = z.object({
  housingCompanyId: zUuid,
  /** The apartment whose folders are listed; null: the housing company's. */
  apartmentId: zUuid.nullable(),
  /** The caller runs this housing company's documents (sees hidden folders, edits folders and rules). */
  manages: z.boolean(),
  /** Parents before children, siblings by position and name. */
  folders: z.array(zFolder),
});
export type FolderList = z.infer<typeof zFolderList>;

export const zFolderListQuery = z.strictObject({
  apartmentId: zUuid.optional(),
  lang: z.enum(LANGUAGES).optional(),
});

export const zHousingCompanyParam = z.strictObject({ housingCompanyId: zUuid });
export const zFolderIdParam = z.strictObject({ id: zUuid });

export const zCreateFolderBody = z.strictObject({
  /** Null or left out: a top folder (of the apartment when apartmentId is given). */
  parentId: zUuid.nullable().optional(),
  apartmentId: zUuid.nullable().optional(),
  name: zName,
  translations: zFolderTranslations.optional(),
  visible: z.boolean().optional(),
  subScope: z.string().trim().max(50).nullable().optional(),
});
export type CreateFolderBody = z.infer<typeof zCreateFolderBody>;

export const zUpdateFolderBody = z.strictObject({
  name: zName.optional(),
  translations: zFolderTranslations.optional(),
  visible: z.boolean().optional(),
  subScope: z.string().trim().max(50).nullable().optional(),
  /** Move under another folder of the same tree; null: to the top. */
  parentId: zUuid.nullable().optional(),
});
export type UpdateFolderBody = z.infer<typeof zUpdateFolderBody>;

export const zFolderRulesBody = z.strictObject({
  /** Null: inherit the parent's rules again. One rule per group at most. */
  rules: z
    .array(zFolderRule)
    .max(FOLDER_RULE_GROUPS.length)
    .refine((rules) => new Set(rules.map((r) => r.group)).size === rules.length, {
      message: 'One rule per group',
    })
    .nullable(),
  /** Give every folder below the same rules (03 §3 "copy to descendants"). */
  copyToDescendants: z.boolean().default(false),
});
export type FolderRulesBody = z.infer<typeof zFolderRulesBody>;
