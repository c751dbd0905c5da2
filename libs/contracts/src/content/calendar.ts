import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zUuid } from '../common.js';
import { zRole } from '../roles.js';
import {
  zAdminItemMeta,
  zAssetRef,
  zCodename,
  zContentLanguage,
  zContentStatus,
  zPublication,
  zResidentContentQuery,
  zTargeting,
  zUserRoles,
  zVariants,
} from './common.js';
import { CALENDAR_LIST_MAX, EDITORIAL_ATTACHMENTS_MAX, EDITORIAL_IMAGES_MAX } from './limits.js';

/**
 * Calendar entries: events, tasks and deadlines (01 §2 dashboard, 01 §3, 02 §2–§4, 02 §9,
 * 03 §2). A codename containing 'deadline' also makes an entry a deadline. Residents mark tasks
 * done through identity (POST /api/identity/me/tasks/:taskId/status/:done with the entry's id as
 * taskId; GET /api/identity/me answers them in `tasks`).
 */

export const CALENDAR_ENTRY_TYPES = ['event', 'task', 'deadline'] as const;
export const zCalendarEntryType = z.enum(CALENDAR_ENTRY_TYPES);
export type CalendarEntryType = z.infer<typeof zCalendarEntryType>;

/** The type an entry shows as: a codename containing 'deadline' makes it a deadline. */
export function calendarEntryTypeOf(type: string, codename: string): CalendarEntryType {
  if (type === 'deadline' || codename.includes('deadline')) return 'deadline';
  return type === 'task' ? 'task' : 'event';
}

/** One language variant of an entry: plain-text title and location, HTML content. */
export const zCalendarTexts = z.object({
  title: z.string().trim().min(1).max(200),
  /** HTML, sanitised when stored. */
  content: z.string().max(200_000).optional(),
  /** Plain text; overrides the entry's location in this language. */
  location: z.string().trim().max(500).optional(),
});
export type CalendarTexts = z.infer<typeof zCalendarTexts>;

// --- Resident ---------------------------------------------------------------------------------

/** `type=task&type=deadline` or `type=task,deadline`; unknown types answer 400. */
const zTypeList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((raw) =>
    raw === undefined
      ? []
      : (Array.isArray(raw) ? raw : [raw])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
  )
  .pipe(z.array(zCalendarEntryType).max(20));

/**
 * GET /api/content/calendar. Without from/to: entries whose end (or start, when no end) has not
 * passed. With from and/or to: entries overlapping the range, past ones included.
 */
export const zCalendarListQuery = zResidentContentQuery
  .extend({
    limit: z.coerce.number().int().min(1).max(CALENDAR_LIST_MAX).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    type: zTypeList,
    from: zIsoDateTime.optional(),
    to: zIsoDateTime.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'from must not be after to',
    path: ['to'],
  });
export type CalendarListQuery = z.input<typeof zCalendarListQuery>;

export const zCalendarListItem = z.object({
  id: zUuid,
  codename: z.string(),
  /** event, task or deadline (a codename containing 'deadline' makes a deadline). */
  type: zCalendarEntryType,
  title: z.string(),
  /** Plain text of the content, cut to EXCERPT_MAX_CHARS (300). */
  excerpt: z.string(),
  startAt: zIsoDateTime.nullable(),
  endAt: zIsoDateTime.nullable(),
  /** The variant's location, else the entry's. */
  location: z.string().nullable(),
  image: zAssetRef.nullable(),
  isDeadline: z.boolean(),
  language: zContentLanguage,
});
export type CalendarListItem = z.infer<typeof zCalendarListItem>;

export const zCalendarListResponse = z.object({
  items: z.array(zCalendarListItem),
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type CalendarListResponse = z.infer<typeof zCalendarListResponse>;

export const zDocumentLibraryLink = z.object({ path: z.string(), title: z.string().nullable() });

/** GET /api/content/calendar/:id (codename or uuid). */
export const zCalendarEntryDetailResponse = zCalendarListItem.extend({
  /** Sanitised HTML, '' when none. */
  content: z.string(),
  images: z.array(zAssetRef),
  attachments: z.array(zAssetRef),
  /** A link into the document library, or null. */
  documentLibraryLink: zDocumentLibraryLink.nullable(),
  authorName: z.string(),
  /** When it went out (its publish time). */
  publishDate: zIsoDateTime.nullable(),
});
export type CalendarEntryDetailResponse = z.infer<typeof zCalendarEntryDetailResponse>;

// --- Staff (/admin/calendar-entries) ----------------------------------------------------------

/** A path inside the portal ('/documents…') or an http(s) address; nothing else (no javascript:). */
const zLinkPath = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(\/(?!\/)|https?:\/\/)/, 'Value in field is not in correct format');

/**
 * Create or replace a calendar entry (POST and PUT take the same body; unknown fields are
 * refused). endAt before startAt answers 400 CNT_CALENDAR_END_BEFORE_START; publication,
 * targeting, codename, images (purpose image or article-image) and attachments as for articles,
 * and so is the broad-audience confirmation (confirmBroadAudience, not stored).
 */
export const zAdminCalendarEntryRequest = z
  .strictObject({
    codename: zCodename.optional(),
    type: zCalendarEntryType.default('event'),
    defaultLanguage: zContentLanguage.default('en'),
    variants: zVariants(z.strictObject(zCalendarTexts.shape)),
    startAt: zIsoDateTime,
    endAt: zIsoDateTime.nullable().default(null),
    location: z.string().trim().max(500).nullable().default(null),
    documentLibraryLinkPath: zLinkPath.nullable().default(null),
    documentLibraryLinkTitle: z.string().trim().max(200).nullable().default(null),
    imageIds: z.array(zUuid).max(EDITORIAL_IMAGES_MAX).default([]),
    attachmentIds: z.array(zUuid).max(EDITORIAL_ATTACHMENTS_MAX).default([]),
    targeting: zTargeting.default({ housingCompanyIds: [], buildingTaxonomies: [] }),
    userRoles: zUserRoles,
    ...zPublication.shape,
    /** Publish to a broad audience (03 §4); not stored. */
    confirmBroadAudience: z.boolean().optional(),
  })
  .refine((c) => Boolean(c.variants[c.defaultLanguage]), {
    message: 'The default language needs a variant',
    path: ['variants'],
  });
export type AdminCalendarEntryRequest = z.input<typeof zAdminCalendarEntryRequest>;
export type AdminCalendarEntryInput = z.infer<typeof zAdminCalendarEntryRequest>;

export const zAdminCalendarEntryResponse = zAdminItemMeta.extend({
  title: z.string(),
  /** The stored type. */
  type: zCalendarEntryType,
  /** The type it shows as (deadline when the codename contains 'deadline'). */
  shownType: zCalendarEntryType,
  defaultLanguage: zContentLanguage,
  variants: z.partialRecord(zContentLanguage, zCalendarTexts),
  startAt: zIsoDateTime.nullable(),
  endAt: zIsoDateTime.nullable(),
  location: z.string().nullable(),
  documentLibraryLinkPath: z.string().nullable(),
  documentLibraryLinkTitle: z.string().nullable(),
  imageIds: z.array(zUuid),
  images: z.array(zAssetRef),
  attachmentIds: z.array(zUuid),
  attachments: z.array(zAssetRef),
  targeting: zTargeting,
  userRoles: z.array(zRole),
  status: zContentStatus,
  publishAt: zIsoDateTime.nullable(),
  unpublishAt: zIsoDateTime.nullable(),
  announcedAt: zIsoDateTime.nullable(),
  /** When the 'deadline coming' event went out (null: not yet). */
  deadlineNoticeAt: zIsoDateTime.nullable(),
});
export type AdminCalendarEntryResponse = z.infer<typeof zAdminCalendarEntryResponse>;
export const zAdminCalendarEntryListResponse = z.array(zAdminCalendarEntryResponse);

export const ADMIN_CALENDAR_SORT_FIELDS = [
  'startAt',
  'endAt',
  'title',
  'publishAt',
  'updatedAt',
  'createdAt',
  'type',
  'status',
  'codename',
] as const;
/** GET /admin/calendar-entries?sort=&range=&filter= (default sort startAt DESC, range [0, 9]). */
export const zAdminCalendarEntryListQuery = zAdminListQuery(
  {
    q: z.string().trim().max(200).optional(),
    status: zContentStatus.optional(),
    /** The type it shows as (a 'deadline' codename counts as deadline). */
    type: zCalendarEntryType.optional(),
    housingCompanyId: zUuid.optional(),
    scheduled: z.boolean().optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_CALENDAR_SORT_FIELDS,
);
export type AdminCalendarEntryListQuery = z.infer<typeof zAdminCalendarEntryListQuery>;
