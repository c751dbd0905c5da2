import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zUuid } from '../common.js';
import {
  zAdminItemMeta,
  zCodename,
  zContentLanguage,
  zContentStatus,
  zPublication,
  zTargeting,
  zVariants,
} from './common.js';
import { CONTACT_PRIORITY_DEFAULT } from './limits.js';

/**
 * The contact book (02 §2 /support/contact-book, 02 §3 Contact) and the footer's main contacts
 * (01 §2, 01 §9). Cards are grouped by contact taxonomy group in the order below; within a group
 * by priority, then name. A contact's priority is its own when set, else its group's (02 §9),
 * else CONTACT_PRIORITY_DEFAULT.
 */

/** Codenames of the contact_taxonomy groups (03 §3), in the contact book's order. */
export const CONTACT_TAXONOMY_GROUPS = [
  'building_administration',
  'property_management',
  'maintenance',
  'construction_site',
  'customer_service',
  'design_management',
  'suppliers',
  'yit_plus_support',
  'other',
  'material_selections',
] as const;
export const zContactTaxonomyGroup = z.enum(CONTACT_TAXONOMY_GROUPS);
export type ContactTaxonomyGroup = z.infer<typeof zContactTaxonomyGroup>;

/** Group priorities of 02 §9 ("material selections and structural changes" is 5). */
export const CONTACT_GROUP_PRIORITIES: Partial<Record<ContactTaxonomyGroup, number>> = {
  building_administration: 1,
  property_management: 2,
  maintenance: 3,
  construction_site: 4,
  material_selections: 5,
};

/**
 * The priority a contact shows with: its own (anything but CONTACT_PRIORITY_DEFAULT), else the
 * best of its groups' priorities, else CONTACT_PRIORITY_DEFAULT.
 */
export function contactPriority(priority: number | null | undefined, taxonomies: readonly string[]): number {
  if (priority !== null && priority !== undefined && priority !== CONTACT_PRIORITY_DEFAULT) return priority;
  let best: number = CONTACT_PRIORITY_DEFAULT;
  for (const t of taxonomies) {
    const p = CONTACT_GROUP_PRIORITIES[t as ContactTaxonomyGroup];
    if (p !== undefined && p < best) best = p;
  }
  return best;
}

/** One language variant of a contact: plain texts, except info (sanitised HTML). */
export const zContactTexts = z.object({
  title: z.string().trim().max(200).optional(),
  openingHours: z.string().trim().max(500).optional(),
  phoneInfo: z.string().trim().max(500).optional(),
  info: z.string().max(10_000).optional(),
});
export type ContactTexts = z.infer<typeof zContactTexts>;

// --- Resident ---------------------------------------------------------------------------------

export const zContactCard = z.object({
  id: zUuid,
  codename: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  openingHours: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneInfo: z.string().nullable(),
  /** Sanitised HTML, or null. */
  info: z.string().nullable(),
  isPrimary: z.boolean(),
  /** The developer's default contact (isYitDefaultContact). */
  isDefault: z.boolean(),
  contactTaxonomies: z.array(z.string()),
  /** The priority it shows with (own, else its group's, else 999). */
  priority: z.number().int(),
  language: zContentLanguage,
});
export type ContactCard = z.infer<typeof zContactCard>;

export const zContactGroup = z.object({
  group: zContactTaxonomyGroup,
  contacts: z.array(zContactCard),
});
export type ContactGroup = z.infer<typeof zContactGroup>;

/**
 * GET /contacts: at most CONTACTS_LIMIT cards (the best by priority, then name). `groups` holds the
 * non-empty groups in CONTACT_TAXONOMY_GROUPS order (a card in two groups shows in both; a card
 * in none shows under 'other'); `contacts` holds each card once, by priority then name.
 */
export const zContactBook = z.object({
  groups: z.array(zContactGroup),
  contacts: z.array(zContactCard),
});
export type ContactBook = z.infer<typeof zContactBook>;

/** Where a main contact comes from. */
export const zMainContactSource = z.enum(['property-manager', 'maintenance-manager', 'default', 'primary']);

/** A footer contact: name, title, email, opening hours, phone (01 §2). */
export const zMainContact = z.object({
  source: zMainContactSource,
  /** The contact card's id; null for partner-company key contacts. */
  id: zUuid.nullable(),
  name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  openingHours: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type MainContact = z.infer<typeof zMainContact>;
/**
 * GET /contacts/main: at most MAIN_CONTACTS_MAX: the housing company's property-manager then
 * maintenance key contacts, then the default contact, then primary contacts by priority; each
 * person once.
 */
export const zMainContactList = z.array(zMainContact);

// --- Staff (/admin/contacts) ------------------------------------------------------------------

export const CONTACT_EMAIL_INVALID = 'Email address is invalid';
const zContactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: CONTACT_EMAIL_INVALID }).max(320, { error: CONTACT_EMAIL_INVALID }));

/**
 * Create or replace a contact (PUT takes the same body; unknown fields are refused). Priority
 * left out, null or CONTACT_PRIORITY_DEFAULT: none of its own, so its groups' priority applies
 * (and follows when the groups change).
 */
export const zAdminContactWrite = z
  .strictObject({
    codename: zCodename.optional(),
    name: z.string().trim().min(1).max(200),
    defaultLanguage: zContentLanguage.default('en'),
    variants: zVariants(z.strictObject(zContactTexts.shape)),
    email: zContactEmail.nullable().default(null),
    phoneNumber: z
      .string()
      .trim()
      .max(50)
      .regex(/^\+?[0-9 ()./-]*$/, 'Value in field is not in correct format')
      .nullable()
      .default(null),
    isPrimary: z.boolean().default(false),
    isDefault: z.boolean().default(false),
    contactTaxonomies: z.array(zContactTaxonomyGroup).max(CONTACT_TAXONOMY_GROUPS.length).default([]),
    priority: z.number().int().min(0).max(CONTACT_PRIORITY_DEFAULT).nullable().default(null),
    targeting: zTargeting,
    ...zPublication.shape,
  })
  .refine((c) => Boolean(c.variants[c.defaultLanguage]), {
    message: 'The default language needs a variant',
    path: ['variants'],
  });
export type AdminContactWrite = z.infer<typeof zAdminContactWrite>;

export const zAdminContact = zAdminItemMeta.extend({
  name: z.string(),
  defaultLanguage: zContentLanguage,
  variants: z.partialRecord(zContentLanguage, zContactTexts),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isPrimary: z.boolean(),
  isDefault: z.boolean(),
  contactTaxonomies: z.array(z.string()),
  /** The contact's own priority; null: none (the groups' priority applies). */
  priority: z.number().int().nullable(),
  /** The priority it shows with: its own, else its groups', else CONTACT_PRIORITY_DEFAULT. */
  effectivePriority: z.number().int(),
  targeting: zTargeting,
  status: zContentStatus,
  publishAt: zIsoDateTime.nullable(),
  unpublishAt: zIsoDateTime.nullable(),
});
export type AdminContact = z.infer<typeof zAdminContact>;
export const zAdminContactList = z.array(zAdminContact);

export const ADMIN_CONTACT_SORT_FIELDS = ['name', 'priority', 'createdAt', 'updatedAt'] as const;
export const zAdminContactListQuery = zAdminListQuery(
  {
    housingCompanyId: zUuid.optional(),
    /** Name or e-mail contains. */
    q: z.string().trim().max(200).optional(),
    contactTaxonomy: zContactTaxonomyGroup.optional(),
    isPrimary: z.boolean().optional(),
    isDefault: z.boolean().optional(),
    status: zContentStatus.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_CONTACT_SORT_FIELDS,
);
export type AdminContactListQuery = z.infer<typeof zAdminContactListQuery>;
