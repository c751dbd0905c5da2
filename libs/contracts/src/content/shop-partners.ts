import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zUuid } from '../common.js';
import { zCampaignCard, zShopPartnerSummary } from './campaigns.js';
import { zAssetRef, zContentLanguage, zResidentContentQuery } from './common.js';

/**
 * Service-shop partners (02 §3 Partner): the companies whose campaigns and advertisements the
 * service shop shows, each with a partner page (/service-shop/partner/:id, /partner/:id).
 */

// --- Resident -----------------------------------------------------------------------------------

/** GET /api/content/shop-partners: partners with at least one campaign visible to the reader. */
export const zShopPartnerListQuery = zResidentContentQuery.extend({ apartmentId: zUuid.optional() });
export type ShopPartnerListQuery = z.infer<typeof zShopPartnerListQuery>;
export const zShopPartnerListItem = zShopPartnerSummary.extend({
  /** Campaigns and advertisements of the partner the reader sees. */
  campaignCount: z.number().int(),
});
export const zShopPartnerList = z.array(zShopPartnerListItem);
export type ShopPartnerList = z.infer<typeof zShopPartnerList>;

/** GET /api/content/shop-partners/:id (id or external id): the partner page. */
export const zShopPartnerPageQuery = zShopPartnerListQuery;
export const zShopPartnerPage = zShopPartnerSummary.extend({
  /** In the reader's language (else the default, else any). */
  description: z.string(),
  businessId: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mappedTo: z.string().nullable(),
  /** Its campaigns and advertisements the reader sees (sticky first, then newest start). */
  campaigns: z.array(zCampaignCard),
});
export type ShopPartnerPage = z.infer<typeof zShopPartnerPage>;

// --- Staff: /admin/shop-partners ----------------------------------------------------------------

const shopPartnerFields = {
  name: z.string().trim().min(1, 'This field is required').max(200),
  /** Plain text per language. */
  description: z.partialRecord(zContentLanguage, z.string().trim().max(5000)),
  /** An asset uploaded with purpose partner-logo (square png, at least 500 px). */
  logoId: zUuid.nullable(),
  /** An asset uploaded with purpose image or article-image. */
  imageId: zUuid.nullable(),
  rating: z.number().min(0).max(5).nullable(),
  ratingsCount: z.number().int().min(0),
  businessId: z.string().trim().max(50).nullable(),
  /** Unique (409 CNT_SHOP_PARTNER_EXTERNAL_ID_IN_USE). */
  externalId: z.string().trim().min(1).max(100).nullable(),
  country: z.string().trim().max(100).nullable(),
  email: z.email({ error: 'Email address is invalid' }).max(320).nullable(),
  phone: z.string().trim().max(50).nullable(),
  /** Where the partner comes from (default 'porta'). */
  source: z.string().trim().min(1).max(50),
  mappedTo: z.string().trim().max(200).nullable(),
  /** The identity partner company whose users manage this partner's campaigns. */
  partnerCompanyId: zUuid.nullable(),
};

export const zShopPartnerCreate = z.strictObject(shopPartnerFields).partial().required({ name: true });
export type ShopPartnerCreate = z.infer<typeof zShopPartnerCreate>;
export const zShopPartnerUpdate = z.strictObject(shopPartnerFields).partial();
export type ShopPartnerUpdate = z.infer<typeof zShopPartnerUpdate>;

export const zAdminShopPartner = z.object({
  id: zUuid,
  name: z.string(),
  description: z.partialRecord(zContentLanguage, z.string()),
  logoId: zUuid.nullable(),
  logo: zAssetRef.nullable(),
  imageId: zUuid.nullable(),
  image: zAssetRef.nullable(),
  rating: z.number().nullable(),
  ratingsCount: z.number().int(),
  businessId: z.string().nullable(),
  externalId: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.string(),
  mappedTo: z.string().nullable(),
  partnerCompanyId: zUuid.nullable(),
  createdAt: zIsoDateTime,
  updatedAt: zIsoDateTime,
});
export type AdminShopPartner = z.infer<typeof zAdminShopPartner>;
export const zAdminShopPartnerList = z.array(zAdminShopPartner);

export const ADMIN_SHOP_PARTNER_SORT_FIELDS = [
  'name',
  'rating',
  'country',
  'createdAt',
  'updatedAt',
] as const;
export const zAdminShopPartnerListQuery = zAdminListQuery(
  {
    /** Name, business id or external id, case-insensitive. */
    q: z.string().trim().max(200).optional(),
    country: z.string().trim().max(100).optional(),
    source: z.string().trim().max(50).optional(),
    partnerCompanyId: zUuid.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_SHOP_PARTNER_SORT_FIELDS,
);
export type AdminShopPartnerListQuery = z.infer<typeof zAdminShopPartnerListQuery>;
