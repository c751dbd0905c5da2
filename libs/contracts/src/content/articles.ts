import { z } from 'zod';
import { zAdminListQuery, zIsoDate, zIsoDateTime, zUuid } from '../common.js';
import { zRole } from '../roles.js';
import {
  zAdminItemMeta,
  zAssetRef,
  zBuildingPhase,
  zCodename,
  zContentLanguage,
  zContentStatus,
  zPublication,
  zResidentContentQuery,
  zTargeting,
  zUserRoles,
  zVariants,
} from './common.js';
import { EDITORIAL_ATTACHMENTS_MAX, EDITORIAL_IMAGES_MAX, NEWS_LIST_MAX } from './limits.js';

/**
 * News articles (01 §2 dashboard, 02 §2–§4, 02 §9, 03 §3–§6). Residents read the published
 * articles targeted at their housing company in four list modes; staff write them through the
 * ra-data-simple-rest resource /admin/articles.
 */

/** The article types (02 §3 feed categories of news). */
export const ARTICLE_TYPES = ['news', 'announcement', 'status_update', 'priority_news', 'marketing'] as const;
export const zArticleType = z.enum(ARTICLE_TYPES);
export type ArticleType = z.infer<typeof zArticleType>;

/** One language variant of an article: plain-text title and introduction, HTML content. */
export const zArticleTexts = z.object({
  title: z.string().trim().min(1).max(200),
  /** Plain text (tags are removed when stored). */
  introduction: z.string().trim().max(5000).optional(),
  /** HTML, sanitised when stored. */
  content: z.string().max(200_000).optional(),
});
export type ArticleTexts = z.infer<typeof zArticleTexts>;

// --- Resident ---------------------------------------------------------------------------------

/**
 * List modes of GET /news (02 §2):
 * - default: published, not archived, sticky first then newest (paged: limit default 4);
 * - latest: the same from the last year only, at most LATEST_NEWS_COUNT by default;
 * - statusUpdates: like default, only articleType status_update;
 * - archive: newest first including archived ones, at most NEWS_ARCHIVE_LIMIT.
 */
export const NEWS_LIST_MODES = ['default', 'latest', 'statusUpdates', 'archive'] as const;
export const zNewsListMode = z.enum(NEWS_LIST_MODES);
export type NewsListMode = z.infer<typeof zNewsListMode>;

const zLimit = z.coerce.number().int().min(1).max(NEWS_LIST_MAX);
const zOffset = z.coerce.number().int().min(0).max(1_000_000).default(0);

/** GET /api/content/news. */
export const zNewsListQuery = zResidentContentQuery.extend({
  mode: zNewsListMode.default('default'),
  /** Default per mode (default/statusUpdates 4, latest 5, archive 100); archive at most 100. */
  limit: zLimit.optional(),
  offset: zOffset,
});
export type NewsListQuery = z.input<typeof zNewsListQuery>;

/** An article in a resident list (02 §3 Article / News article). */
export const zNewsListItem = z.object({
  id: zUuid,
  codename: z.string(),
  /** The address part: the codename (/news/<slug>). */
  slug: z.string(),
  /** The full title. */
  title: z.string(),
  /** The title cut to BOX_TITLE_MAX_CHARS (80) for box mode. */
  boxTitle: z.string(),
  /** Plain text: the introduction, else the content's text, cut to EXCERPT_MAX_CHARS (300). */
  excerpt: z.string(),
  publishDate: zIsoDateTime,
  articleType: zArticleType,
  /** priority_news within PRIORITY_NEWS_MONTHS (1) of its publish date. */
  isPriority: z.boolean(),
  /** Sticky now (its sticky expiration is in the future). */
  sticky: z.boolean(),
  /** The archive date has passed (only the archive mode lists these). */
  archived: z.boolean(),
  /** The first image, or null. */
  image: zAssetRef.nullable(),
  /** The language the texts are in (the reader's, else the article's default). */
  language: zContentLanguage,
});
export type NewsListItem = z.infer<typeof zNewsListItem>;

export const zNewsListResponse = z.object({
  mode: zNewsListMode,
  items: z.array(zNewsListItem),
  /** All items of this mode for the reader (for paging; latest and archive count their window). */
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type NewsListResponse = z.infer<typeof zNewsListResponse>;

/** GET /api/content/news/:id (codename or uuid). */
export const zNewsDetailResponse = zNewsListItem.extend({
  /** Plain text, '' when none. */
  introduction: z.string(),
  /** Sanitised HTML, '' when none. */
  content: z.string(),
  category: z.string().nullable(),
  images: z.array(zAssetRef),
  attachments: z.array(zAssetRef),
  /** The author's display name. */
  authorName: z.string(),
});
export type NewsDetailResponse = z.infer<typeof zNewsDetailResponse>;

// --- Staff (/admin/articles) ------------------------------------------------------------------

/**
 * Staff preview (GET /admin/articles/:id/preview, /admin/calendar-entries/:id/preview): the
 * resident detail of any item in scope, drafts and scheduled ones included. housingCompanyId
 * (optional) must be a company the caller may read as a resident (staff: any).
 */
export const zEditorialPreviewQuery = z.object({
  housingCompanyId: zUuid.optional(),
  lang: zContentLanguage.optional(),
});
export type EditorialPreviewQuery = z.infer<typeof zEditorialPreviewQuery>;

/**
 * POST /admin/articles/:id/publish (and calendar-entries): publish now (publishAt null or left
 * out) or schedule (publishAt in the future; a past time answers CNT_PUBLISH_TIME_IN_PAST).
 * Publishing a draft that reaches more than BROAD_AUDIENCE_THRESHOLD housing companies needs
 * confirmBroadAudience (409 CNT_BROAD_AUDIENCE_CONFIRM with the reach as its detail otherwise).
 */
export const zEditorialPublishRequest = z
  .strictObject({
    publishAt: zIsoDateTime.nullable().default(null),
    confirmBroadAudience: z.boolean().optional(),
  })
  .nullish()
  .transform((body) => ({
    publishAt: body?.publishAt ?? null,
    confirmBroadAudience: body?.confirmBroadAudience ?? false,
  }));
export type EditorialPublishRequest = z.input<typeof zEditorialPublishRequest>;

const zImageIds = z.array(zUuid).max(EDITORIAL_IMAGES_MAX).default([]);
const zAttachmentIds = z.array(zUuid).max(EDITORIAL_ATTACHMENTS_MAX).default([]);
const zGlobalTargeting = zTargeting.default({ housingCompanyIds: [], buildingTaxonomies: [] });

/**
 * Create or replace an article (POST and PUT take the same body; unknown fields are refused with
 * 400 VALIDATION_FAILED, the staff app sends only these). Rules beyond the shape (400 unless said):
 * archive date not in the past (CNT_ARCHIVE_DATE_IN_PAST); sticky needs stickyUntil not before
 * today (CNT_STICKY_EXPIRY_REQUIRED); unpublishAt after publishAt (CNT_UNPUBLISH_BEFORE_PUBLISH);
 * readyAfter before readyBefore (CNT_READY_DATES_ORDER); images are assets uploaded with purpose
 * article-image (CNT_IMAGE_RULES), attachments with purpose attachment (CNT_ASSET_NOT_FOUND);
 * the targeting must be within the caller's reach (403 CNT_TARGET_OUT_OF_SCOPE); the codename
 * must be free (409 CNT_CODENAME_IN_USE). An unchanged past archive date or sticky expiry of a
 * stored article is accepted on update. Publishing (a draft saved as published or scheduled, or a
 * published one whose targeting changes) to more than BROAD_AUDIENCE_THRESHOLD housing companies
 * needs confirmBroadAudience (409 CNT_BROAD_AUDIENCE_CONFIRM with the reach as detail otherwise).
 */
export const zAdminArticleRequest = z
  .strictObject({
    /** Generated from the default title when left out. */
    codename: zCodename.optional(),
    defaultLanguage: zContentLanguage.default('en'),
    variants: zVariants(z.strictObject(zArticleTexts.shape)),
    articleType: zArticleType.default('news'),
    category: z.string().trim().max(100).nullable().default(null),
    /** Empty lists: every housing company (global editors only). */
    targeting: zGlobalTargeting,
    userRoles: zUserRoles,
    ...zPublication.shape,
    /** Archived (out of the default and latest lists) from this time on. */
    archiveAt: zIsoDateTime.nullable().default(null),
    sticky: z.boolean().default(false),
    stickyUntil: zIsoDateTime.nullable().default(null),
    /** Shown only in this phase; null: both. */
    buildingPhase: zBuildingPhase.nullable().default(null),
    /** Shown only for housing companies whose completion date is before this date. */
    readyBefore: zIsoDate.nullable().default(null),
    /** Shown only for housing companies whose completion date is after this date. */
    readyAfter: zIsoDate.nullable().default(null),
    imageIds: zImageIds,
    attachmentIds: zAttachmentIds,
    /** Publish to a broad audience (03 §4); not stored. */
    confirmBroadAudience: z.boolean().optional(),
  })
  .refine((a) => Boolean(a.variants[a.defaultLanguage]), {
    message: 'The default language needs a variant',
    path: ['variants'],
  });
export type AdminArticleRequest = z.input<typeof zAdminArticleRequest>;
export type AdminArticleInput = z.infer<typeof zAdminArticleRequest>;

export const zAdminArticleResponse = zAdminItemMeta.extend({
  /** The default language's title. */
  title: z.string(),
  defaultLanguage: zContentLanguage,
  variants: z.partialRecord(zContentLanguage, zArticleTexts),
  articleType: zArticleType,
  category: z.string().nullable(),
  targeting: zTargeting,
  userRoles: z.array(zRole),
  status: zContentStatus,
  publishAt: zIsoDateTime.nullable(),
  unpublishAt: zIsoDateTime.nullable(),
  archiveAt: zIsoDateTime.nullable(),
  /** The archive date has passed. */
  archived: z.boolean(),
  /** A sticky expiration is set (it counts only while in the future). */
  sticky: z.boolean(),
  stickyUntil: zIsoDateTime.nullable(),
  buildingPhase: zBuildingPhase.nullable(),
  readyBefore: zIsoDate.nullable(),
  readyAfter: zIsoDate.nullable(),
  imageIds: z.array(zUuid),
  images: z.array(zAssetRef),
  attachmentIds: z.array(zUuid),
  attachments: z.array(zAssetRef),
  /** When the 'article published' event went out for the current publication (null: not yet). */
  announcedAt: zIsoDateTime.nullable(),
});
export type AdminArticleResponse = z.infer<typeof zAdminArticleResponse>;
export const zAdminArticleListResponse = z.array(zAdminArticleResponse);

export const ADMIN_ARTICLE_SORT_FIELDS = [
  'publishAt',
  'title',
  'updatedAt',
  'createdAt',
  'articleType',
  'status',
  'codename',
] as const;
/** GET /admin/articles?sort=&range=&filter= (default sort publishAt DESC). */
export const zAdminArticleListQuery = zAdminListQuery(
  {
    /** Title or codename contains (case-insensitive). */
    q: z.string().trim().max(200).optional(),
    status: zContentStatus.optional(),
    articleType: zArticleType.optional(),
    /** Articles that reach this housing company (its own, its taxonomy terms', global ones). */
    housingCompanyId: zUuid.optional(),
    /** true: published with a future publishAt; false: everything else. */
    scheduled: z.boolean().optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_ARTICLE_SORT_FIELDS,
);
export type AdminArticleListQuery = z.infer<typeof zAdminArticleListQuery>;
