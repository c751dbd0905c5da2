import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zUuid } from '../common.js';
import {
  zAdminItemMeta,
  zAssetRef,
  zBuildingPhase,
  zCodename,
  zContentLanguage,
  zContentStatus,
  zResidentContentQuery,
  zTargeting,
  zUserRoles,
  zVariants,
} from './common.js';
import { CAMPAIGN_FETCH_LIMIT } from './limits.js';

/**
 * Service-shop campaigns and advertisements (02 §3, §5; 03 §3–§5). An advertisement is a campaign
 * with the advertisement flag, made in the wizard (details, targeting, preview, publish).
 *
 * Resident visibility (02 §5): published and targeted at the reader's housing company; building
 * phase matches; today is no earlier than the completion date minus weeksBeforeCompletion weeks
 * and no later than the completion date plus weeksAfterCompletion weeks; the apartment's size is
 * within apartmentSizeMin..apartmentSizeMax (and its rooms among `rooms`, when set); listed when
 * the start is before tomorrow and the end is today or later. Sticky (while stickyUntil is in the
 * future) first, then newest start first.
 */

const zHttpUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.httpUrl({ error: 'Value in field is not in correct format' }));

/** Texts of one language variant. HTML fields are sanitised on the server before storing. */
export const zCampaignTexts = z.strictObject({
  title: z.string().trim().min(1, 'This field is required').max(200),
  /** HTML. */
  content: z.string().max(100_000).optional(),
  /** HTML shown below the content on the detail page. */
  extendedContent: z.string().max(100_000).optional(),
  /** Text of the link (`link`). */
  linkText: z.string().trim().max(200).optional(),
  /** Advertisement CTA button text (`ctaUrl`). */
  ctaText: z.string().trim().max(200).optional(),
});
export type CampaignTexts = z.infer<typeof zCampaignTexts>;

// --- Resident -----------------------------------------------------------------------------------

const zQueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * GET /api/content/campaigns. apartmentId: one of the reader's apartments in that housing company
 * (its size and rooms apply; any other value is ignored). random=true answers a random selection
 * of at most CAMPAIGN_RANDOM_LIMIT (the dashboard shows 6). limit: at most CAMPAIGN_FETCH_LIMIT.
 */
export const zCampaignListQuery = zResidentContentQuery.extend({
  apartmentId: zUuid.optional(),
  random: zQueryBoolean.optional(),
  limit: z.coerce.number().int().min(1).max(CAMPAIGN_FETCH_LIMIT).optional(),
});
export type CampaignListQuery = z.infer<typeof zCampaignListQuery>;

/** GET /api/content/campaigns/:id (id or codename) and the partner page take these. */
export const zCampaignDetailQuery = zResidentContentQuery.extend({ apartmentId: zUuid.optional() });
export type CampaignDetailQuery = z.infer<typeof zCampaignDetailQuery>;

/** A campaign or advertisement card (dashboard, service-shop landing, all campaigns). */
export const zCampaignCard = z.object({
  id: zUuid,
  codename: z.string(),
  isAdvertisement: z.boolean(),
  title: z.string(),
  /** Plain text of the content, cut to 300 characters. */
  excerpt: z.string(),
  imageUrl: z.string().nullable(),
  partnerName: z.string().nullable(),
  shopPartnerId: zUuid.nullable(),
  start: zIsoDateTime.nullable(),
  end: zIsoDateTime.nullable(),
  /** The discount percentage times 100, rounded (0.15 → 15); null without a discount. */
  discountBadge: z.number().int().nullable(),
  /** Sticky while its expiry is in the future. */
  sticky: z.boolean(),
  urgent: z.boolean(),
  categories: z.array(z.string()),
  link: z.string().nullable(),
  linkText: z.string().nullable(),
  /** Advertisement call to action. */
  ctaUrl: z.string().nullable(),
  ctaText: z.string().nullable(),
  /** The language the texts are in. */
  language: zContentLanguage,
});
export type CampaignCard = z.infer<typeof zCampaignCard>;
export const zCampaignList = z.array(zCampaignCard);
export type CampaignList = z.infer<typeof zCampaignList>;

/** The partner as a campaign detail and the partner list show it. */
export const zShopPartnerSummary = z.object({
  id: zUuid,
  name: z.string(),
  logoUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  rating: z.number().nullable(),
  ratingsCount: z.number().int(),
  externalId: z.string().nullable(),
  source: z.string(),
});
export type ShopPartnerSummary = z.infer<typeof zShopPartnerSummary>;

export const zCampaignDetail = zCampaignCard.extend({
  /** Sanitised HTML. */
  content: z.string(),
  /** Sanitised HTML. */
  extendedContent: z.string(),
  image: zAssetRef.nullable(),
  attachments: z.array(zAssetRef),
  video: z.string().nullable(),
  partner: zShopPartnerSummary.nullable(),
});
export type CampaignDetail = z.infer<typeof zCampaignDetail>;

// --- Staff: /admin/campaigns --------------------------------------------------------------------

/**
 * Fields of a campaign as staff write them. Targeting by housing companies and building-taxonomy
 * terms; the 02 §5 rules (phase, completion window, rooms, size) narrow it further.
 */
const campaignFields = {
  /** Generated from the title when not given; unique (409 CNT_CODENAME_IN_USE). */
  codename: zCodename,
  defaultLanguage: zContentLanguage,
  variants: zVariants(zCampaignTexts),
  link: zHttpUrl.nullable(),
  ctaUrl: zHttpUrl.nullable(),
  /** An asset uploaded with purpose image or article-image. */
  imageId: zUuid.nullable(),
  shopPartnerId: zUuid.nullable(),
  /** The partner company that owns it; partners: always their own company. */
  partnerCompanyId: zUuid.nullable(),
  partnerGroupId: z.string().trim().max(200).nullable(),
  /** Shown on the card; defaults to the shop partner's name. */
  partnerName: z.string().trim().max(200).nullable(),
  startAt: zIsoDateTime.nullable(),
  /** Not before startAt (400 CNT_CAMPAIGN_DATES). */
  endAt: zIsoDateTime.nullable(),
  /** Sticky needs stickyUntil not before today (400 CNT_STICKY_EXPIRY_REQUIRED). */
  sticky: z.boolean(),
  stickyUntil: zIsoDateTime.nullable(),
  /** 0..1; 0.15 shows a 15 % badge. */
  discountPercentage: z.number().min(0).max(1).nullable(),
  /** campaign_category codenames. */
  categories: z.array(zCodename).max(20),
  buildingPhase: zBuildingPhase.nullable(),
  weeksBeforeCompletion: z.number().int().min(0).max(1000).nullable(),
  weeksAfterCompletion: z.number().int().min(0).max(1000).nullable(),
  /** Room counts the apartment must have (empty: any). */
  rooms: z.array(z.number().int().min(1).max(50)).max(50),
  /** Square metres; min not above max (400 CNT_APARTMENT_SIZE_RANGE). */
  apartmentSizeMin: z.number().min(0).max(100_000).nullable(),
  apartmentSizeMax: z.number().min(0).max(100_000).nullable(),
  urgent: z.boolean(),
  video: zHttpUrl.nullable(),
  /** Assets uploaded with purpose attachment. */
  attachmentIds: z.array(zUuid).max(20),
  targeting: zTargeting,
  userRoles: zUserRoles,
  status: zContentStatus,
  publishAt: zIsoDateTime.nullable(),
  unpublishAt: zIsoDateTime.nullable(),
  isAdvertisement: z.boolean(),
  /**
   * Publishing a campaign or advertisement to more than BROAD_AUDIENCE_THRESHOLD housing companies
   * (a draft saved as published, or a published one whose targeting changes) needs this
   * (409 CNT_BROAD_AUDIENCE_CONFIRM with the reach as detail otherwise). Not stored.
   */
  confirmBroadAudience: z.boolean(),
};

/** POST /admin/campaigns: variants (with a title) are required; every other field is optional. */
export const zCampaignCreate = z.strictObject(campaignFields).partial().required({ variants: true });
export type CampaignCreate = z.infer<typeof zCampaignCreate>;

/** PUT /admin/campaigns/:id: the fields given replace the stored ones. */
export const zCampaignUpdate = z.strictObject(campaignFields).partial();
export type CampaignUpdate = z.infer<typeof zCampaignUpdate>;

export const zAdminCampaign = zAdminItemMeta.extend({
  isAdvertisement: z.boolean(),
  title: z.string(),
  defaultLanguage: zContentLanguage,
  variants: z.partialRecord(zContentLanguage, zCampaignTexts),
  link: z.string().nullable(),
  ctaUrl: z.string().nullable(),
  imageId: zUuid.nullable(),
  image: zAssetRef.nullable(),
  shopPartnerId: zUuid.nullable(),
  partnerCompanyId: zUuid.nullable(),
  partnerGroupId: z.string().nullable(),
  partnerName: z.string().nullable(),
  startAt: zIsoDateTime.nullable(),
  endAt: zIsoDateTime.nullable(),
  sticky: z.boolean(),
  stickyUntil: zIsoDateTime.nullable(),
  discountPercentage: z.number().nullable(),
  categories: z.array(z.string()),
  buildingPhase: zBuildingPhase.nullable(),
  weeksBeforeCompletion: z.number().int().nullable(),
  weeksAfterCompletion: z.number().int().nullable(),
  rooms: z.array(z.number().int()),
  apartmentSizeMin: z.number().nullable(),
  apartmentSizeMax: z.number().nullable(),
  urgent: z.boolean(),
  video: z.string().nullable(),
  attachmentIds: z.array(zUuid),
  attachments: z.array(zAssetRef),
  targeting: z.object({ housingCompanyIds: z.array(zUuid), buildingTaxonomies: z.array(z.string()) }),
  userRoles: z.array(z.string()),
  status: zContentStatus,
  publishAt: zIsoDateTime.nullable(),
  unpublishAt: zIsoDateTime.nullable(),
  copiedFrom: zUuid.nullable(),
});
export type AdminCampaign = z.infer<typeof zAdminCampaign>;
export const zAdminCampaignList = z.array(zAdminCampaign);

export const ADMIN_CAMPAIGN_SORT_FIELDS = [
  'startAt',
  'endAt',
  'title',
  'status',
  'createdAt',
  'updatedAt',
  'partnerName',
] as const;
/** Default order startAt descending, first page ADMIN_CAMPAIGN_DEFAULT rows. */
export const zAdminCampaignListQuery = zAdminListQuery(
  {
    /** Title, codename or partner name, case-insensitive. */
    q: z.string().trim().max(200).optional(),
    isAdvertisement: z.boolean().optional(),
    status: zContentStatus.optional(),
    shopPartnerId: zUuid.optional(),
    partnerCompanyId: zUuid.optional(),
    /** Campaigns targeting this housing company by id. */
    housingCompanyId: zUuid.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_CAMPAIGN_SORT_FIELDS,
);
export type AdminCampaignListQuery = z.infer<typeof zAdminCampaignListQuery>;

// --- Staff: the advertisement wizard ------------------------------------------------------------

/** Step 1 (POST /admin/advertisements): the basic details; stored as a draft advertisement. */
export const zAdvertisementDetails = z.strictObject({
  codename: campaignFields.codename.optional(),
  defaultLanguage: campaignFields.defaultLanguage.optional(),
  variants: campaignFields.variants,
  imageId: campaignFields.imageId.optional(),
  shopPartnerId: campaignFields.shopPartnerId.optional(),
  partnerCompanyId: campaignFields.partnerCompanyId.optional(),
  partnerName: campaignFields.partnerName.optional(),
  ctaUrl: campaignFields.ctaUrl.optional(),
  link: campaignFields.link.optional(),
  startAt: campaignFields.startAt.optional(),
  /** At most ADVERTISEMENT_MAX_VISIBLE_MONTHS after the start (400 CNT_ADVERTISEMENT_TOO_LONG). */
  endAt: campaignFields.endAt.optional(),
  urgent: campaignFields.urgent.optional(),
  discountPercentage: campaignFields.discountPercentage.optional(),
  categories: campaignFields.categories.optional(),
  attachmentIds: campaignFields.attachmentIds.optional(),
  video: campaignFields.video.optional(),
});
export type AdvertisementDetails = z.infer<typeof zAdvertisementDetails>;

/** Step 2 (and later edits, PUT /admin/advertisements/:id): details and targeting, any of them. */
export const zAdvertisementUpdate = zAdvertisementDetails.partial().extend({
  buildingPhase: campaignFields.buildingPhase.optional(),
  weeksBeforeCompletion: campaignFields.weeksBeforeCompletion.optional(),
  weeksAfterCompletion: campaignFields.weeksAfterCompletion.optional(),
  rooms: campaignFields.rooms.optional(),
  apartmentSizeMin: campaignFields.apartmentSizeMin.optional(),
  apartmentSizeMax: campaignFields.apartmentSizeMax.optional(),
  targeting: campaignFields.targeting.optional(),
  userRoles: campaignFields.userRoles.optional(),
});
export type AdvertisementUpdate = z.infer<typeof zAdvertisementUpdate>;

/** Step 3 (GET /admin/advertisements/:id/preview): as a resident of that housing company sees it. */
export const zAdvertisementPreviewQuery = z.strictObject({
  housingCompanyId: zUuid.optional(),
  lang: zContentLanguage.optional(),
});
export const zAdvertisementPreview = z.object({
  card: zCampaignCard,
  detail: zCampaignDetail,
  /**
   * Housing companies reached: those the targeting names whose phase and completion window match
   * when the advertisement starts (apartment size and rooms narrow it further per apartment).
   */
  reach: z.number().int(),
  /** Would residents of the given housing company see it once published (null without one). */
  matchesHousingCompany: z.boolean().nullable(),
});
export type AdvertisementPreview = z.infer<typeof zAdvertisementPreview>;

/** Step 4 (POST /admin/advertisements/:id/publish). */
export const zAdvertisementPublish = z.strictObject({ confirmBroadAudience: z.boolean().optional() });
export type AdvertisementPublish = z.infer<typeof zAdvertisementPublish>;
