import { z } from 'zod';
import { zAdminListQuery, zIsoDate, zIsoDateTime, zUuid } from '../common.js';
import { FEEDBACK_COMMENT_MAX_CHARS, FEEDBACK_RATING_MAX, FEEDBACK_RATING_MIN } from './limits.js';

/**
 * Feedback (01 §1, §4, §5; 03 §3 Feedback entry; 03 §7 postFeedbackEntry, getFeedbackEntries):
 * a smiley rating from 1 to 5 with an optional comment, stored with the housing company's
 * country, area, city and business unit; staff (yitUser) list and export the entries.
 */

export const zFeedbackRating = z.number().int().min(FEEDBACK_RATING_MIN).max(FEEDBACK_RATING_MAX);

export const zFeedbackCreate = z.strictObject({
  /** The housing company the sender is looking at; they must belong to it. */
  housingCompanyId: zUuid,
  rating: zFeedbackRating,
  comment: z.string().trim().max(FEEDBACK_COMMENT_MAX_CHARS).optional(),
});
export type FeedbackCreate = z.infer<typeof zFeedbackCreate>;

export const zFeedbackCreated = z.object({ id: zUuid });
export type FeedbackCreated = z.infer<typeof zFeedbackCreated>;

// --- Staff (/admin/feedback) ------------------------------------------------------------------

export const zAdminFeedbackEntry = z.object({
  id: zUuid,
  createdAt: zIsoDateTime,
  rating: z.number().int(),
  comment: z.string(),
  country: z.string().nullable(),
  area: z.string().nullable(),
  city: z.string().nullable(),
  businessUnit: z.string().nullable(),
  housingCompanyId: zUuid.nullable(),
  hcExt: z.string().nullable(),
  /** From the directory, when the housing company is still there. */
  housingCompanyName: z.string().nullable(),
});
export type AdminFeedbackEntry = z.infer<typeof zAdminFeedbackEntry>;
export const zAdminFeedbackList = z.array(zAdminFeedbackEntry);

export const ADMIN_FEEDBACK_SORT_FIELDS = ['createdAt', 'rating'] as const;
/** Filters of the staff list and the CSV export; from and to are days (UTC), both inclusive. */
export const zAdminFeedbackFilter = {
  country: z.string().trim().max(100).optional(),
  area: z.string().trim().max(100).optional(),
  city: z.string().trim().max(100).optional(),
  businessUnit: z.string().trim().max(200).optional(),
  housingCompanyId: zUuid.optional(),
  rating: zFeedbackRating.optional(),
  from: zIsoDate.optional(),
  to: zIsoDate.optional(),
  id: z.array(zUuid).max(1000).optional(),
};
export const zAdminFeedbackListQuery = zAdminListQuery(zAdminFeedbackFilter, ADMIN_FEEDBACK_SORT_FIELDS);
export type AdminFeedbackListQuery = z.infer<typeof zAdminFeedbackListQuery>;

/** GET /admin/feedback/export: the same filter and sort; every matching row (range is ignored). */
export const zAdminFeedbackExportQuery = zAdminFeedbackListQuery;

/** The CSV's columns, in order (the header row). */
export const FEEDBACK_CSV_COLUMNS = [
  'createdAt',
  'rating',
  'comment',
  'country',
  'area',
  'city',
  'businessUnit',
  'hcExt',
] as const;
