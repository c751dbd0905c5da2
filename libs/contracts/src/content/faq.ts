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

/**
 * FAQ (02 §2 /faq, /faq/:id; 02 §3 FAQ: question, answer, faqtaxonomy, priority) and the staff
 * help section (03 §2 /admin/help). Both are kept as FAQ entries: kind 'faq' for residents
 * (targeted like other content, at most FAQ_LIMIT), kind 'help' for staff (at most HELP_FAQ_LIMIT).
 */

export const FAQ_KINDS = ['faq', 'help'] as const;
export const zFaqKind = z.enum(FAQ_KINDS);
export type FaqKind = z.infer<typeof zFaqKind>;

/** One language variant: the question (plain text) and the answer (sanitised HTML). */
export const zFaqTexts = z.object({
  question: z.string().trim().min(1).max(500),
  answer: z.string().min(1).max(100_000),
});
export type FaqTexts = z.infer<typeof zFaqTexts>;

// --- Resident and staff reading ---------------------------------------------------------------

export const zFaqEntry = z.object({
  id: zUuid,
  codename: z.string(),
  question: z.string(),
  /** Sanitised HTML. */
  answer: z.string(),
  /** faqtaxonomy codename, or null. */
  faqTaxonomy: z.string().nullable(),
  priority: z.number().int(),
  language: zContentLanguage,
});
export type FaqEntry = z.infer<typeof zFaqEntry>;

export const zFaqGroup = z.object({
  /** null: entries without a taxonomy (listed last). */
  faqTaxonomy: z.string().nullable(),
  entries: z.array(zFaqEntry),
});
export type FaqGroup = z.infer<typeof zFaqGroup>;

/**
 * GET /faq and GET /help: the best entries by priority, then question (at most FAQ_LIMIT or
 * HELP_FAQ_LIMIT), grouped by faqTaxonomy. Groups run in the order of their best entry; entries
 * inside a group by priority, then question.
 */
export const zFaqList = z.object({ groups: z.array(zFaqGroup) });
export type FaqList = z.infer<typeof zFaqList>;

/** GET /help takes only the language. */
export const zHelpQuery = z.object({ lang: zContentLanguage.optional() });

// --- Staff (/admin/faqs) ----------------------------------------------------------------------

const zFaqTaxonomy = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Value in field is not in correct format');

/**
 * Create or replace an entry (PUT takes the same body; unknown fields are refused). Help entries
 * are for every staff member: their targeting is not used and is stored empty.
 */
export const zAdminFaqWrite = z
  .strictObject({
    kind: zFaqKind.default('faq'),
    codename: zCodename.optional(),
    defaultLanguage: zContentLanguage.default('en'),
    variants: zVariants(z.strictObject(zFaqTexts.shape)),
    faqTaxonomy: zFaqTaxonomy.nullable().default(null),
    priority: z.number().int().min(0).max(9999).default(999),
    targeting: zTargeting.default({ housingCompanyIds: [], buildingTaxonomies: [] }),
    ...zPublication.shape,
  })
  .refine((f) => Boolean(f.variants[f.defaultLanguage]), {
    message: 'The default language needs a variant',
    path: ['variants'],
  });
export type AdminFaqWrite = z.infer<typeof zAdminFaqWrite>;

export const zAdminFaq = zAdminItemMeta.extend({
  kind: zFaqKind,
  /** The default language's question. */
  title: z.string(),
  defaultLanguage: zContentLanguage,
  variants: z.partialRecord(zContentLanguage, zFaqTexts),
  faqTaxonomy: z.string().nullable(),
  priority: z.number().int(),
  targeting: zTargeting,
  status: zContentStatus,
  publishAt: zIsoDateTime.nullable(),
  unpublishAt: zIsoDateTime.nullable(),
});
export type AdminFaq = z.infer<typeof zAdminFaq>;
export const zAdminFaqList = z.array(zAdminFaq);

export const ADMIN_FAQ_SORT_FIELDS = ['priority', 'title', 'faqTaxonomy', 'createdAt', 'updatedAt'] as const;
export const zAdminFaqListQuery = zAdminListQuery(
  {
    kind: zFaqKind.optional(),
    faqTaxonomy: z.string().trim().max(100).optional(),
    /** Question or codename contains. */
    q: z.string().trim().max(200).optional(),
    housingCompanyId: zUuid.optional(),
    status: zContentStatus.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_FAQ_SORT_FIELDS,
);
export type AdminFaqListQuery = z.infer<typeof zAdminFaqListQuery>;
