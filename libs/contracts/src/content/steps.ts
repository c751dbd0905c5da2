import { z } from 'zod';
import { zAdminListQuery, zIsoDate, zIsoDateTime, zUuid } from '../common.js';
import {
  zAdminItemMeta,
  zAssetRef,
  zCodename,
  zContentLanguage,
  zContentStatus,
  zPublication,
  zTargeting,
  zVariants,
} from './common.js';

/**
 * Lifecycle steps of a housing company (02 §2 /step/:id, 02 §3 Step, 03 §3 Lifecycle step).
 * Residents see steps only while the housing company has lifecycle steps active; steps without a
 * start date are left out; the list runs by start date, oldest first; the introduction is cut to
 * STEP_INTRODUCTION_MAX_CHARS; a step is upcoming while its start date is today or later.
 */

export const STEP_RELATED_TYPES = ['article', 'calendar-entry', 'step'] as const;
export const zStepRelatedType = z.enum(STEP_RELATED_TYPES);
export type StepRelatedType = z.infer<typeof zStepRelatedType>;

/** One language variant of a step: plain-text introduction, HTML content (sanitised when stored). */
export const zStepTexts = z.object({
  title: z.string().trim().min(1).max(200),
  introduction: z.string().trim().max(5000).optional(),
  content: z.string().max(200_000).optional(),
});
export type StepTexts = z.infer<typeof zStepTexts>;

// --- Resident ---------------------------------------------------------------------------------

/** A step in the resident list (and the welcome dialog's carousel). */
export const zStepSummary = z.object({
  id: zUuid,
  codename: z.string(),
  title: z.string(),
  /** Plain text, at most STEP_INTRODUCTION_MAX_CHARS (from the content when there is none). */
  introduction: z.string(),
  dateStart: zIsoDate,
  /** The first image, or null. */
  image: zAssetRef.nullable(),
  parentId: zUuid.nullable(),
  /** The start date is today or later (02 §4: not in the past). */
  upcoming: z.boolean(),
  disableConfiguring: z.boolean(),
  /** The language the texts are in (the reader's, else the step's default). */
  language: zContentLanguage,
});
export type StepSummary = z.infer<typeof zStepSummary>;
export const zStepList = z.array(zStepSummary);

/** Related content the reader may see, with the resident app's address. */
export const zStepRelatedLink = z.object({
  type: zStepRelatedType,
  id: zUuid,
  codename: z.string(),
  title: z.string(),
  /** /news/<codename>, /calendar/entry/<codename> or /step/<codename>. */
  link: z.string(),
});
export type StepRelatedLink = z.infer<typeof zStepRelatedLink>;

export const zStepDetail = zStepSummary.extend({
  /** Sanitised HTML. */
  content: z.string(),
  images: z.array(zAssetRef),
  related: z.array(zStepRelatedLink),
});
export type StepDetail = z.infer<typeof zStepDetail>;

// --- Staff (/admin/steps) ---------------------------------------------------------------------

export const zStepRelatedRef = z.object({ type: zStepRelatedType, id: zUuid });
export type StepRelatedRef = z.infer<typeof zStepRelatedRef>;

/** Images of a step: assets uploaded with purpose image or article-image. */
const zImageIds = z.array(zUuid).max(20).default([]);

/**
 * Create or replace a step (PUT takes the same body). Unknown fields are refused (the staff app
 * sends only these). A step belongs to at least one housing company (or
 * building-taxonomy term); the default language must have a variant.
 */
export const zAdminStepWrite = z
  .strictObject({
    codename: zCodename.optional(),
    defaultLanguage: zContentLanguage.default('en'),
    variants: zVariants(z.strictObject(zStepTexts.shape)),
    dateStart: zIsoDate.nullable().default(null),
    parentId: zUuid.nullable().default(null),
    imageIds: zImageIds,
    related: z.array(z.strictObject(zStepRelatedRef.shape)).max(20).default([]),
    disableConfiguring: z.boolean().default(false),
    targeting: zTargeting.refine(
      (t) => t.housingCompanyIds.length + t.buildingTaxonomies.length > 0,
      'Choose at least one housing company',
    ),
    ...zPublication.shape,
  })
  .refine((s) => Boolean(s.variants[s.defaultLanguage]), {
    message: 'The default language needs a variant',
    path: ['variants'],
  });
export type AdminStepWrite = z.infer<typeof zAdminStepWrite>;

export const zAdminStep = zAdminItemMeta.extend({
  title: z.string(),
  defaultLanguage: zContentLanguage,
  variants: z.partialRecord(zContentLanguage, zStepTexts),
  dateStart: zIsoDate.nullable(),
  parentId: zUuid.nullable(),
  imageIds: z.array(zUuid),
  images: z.array(zAssetRef),
  related: z.array(zStepRelatedRef),
  disableConfiguring: z.boolean(),
  targeting: zTargeting,
  status: zContentStatus,
  publishAt: zIsoDateTime.nullable(),
  unpublishAt: zIsoDateTime.nullable(),
});
export type AdminStep = z.infer<typeof zAdminStep>;
export const zAdminStepList = z.array(zAdminStep);

export const ADMIN_STEP_SORT_FIELDS = ['dateStart', 'title', 'createdAt', 'updatedAt'] as const;
export const zAdminStepListQuery = zAdminListQuery(
  {
    /** Steps targeting this housing company. */
    housingCompanyId: zUuid.optional(),
    /** Title or codename contains. */
    q: z.string().trim().max(200).optional(),
    status: zContentStatus.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_STEP_SORT_FIELDS,
);
export type AdminStepListQuery = z.infer<typeof zAdminStepListQuery>;
