import {
  type AdminShopPartner,
  type AssetRef,
  type CampaignCard,
  type CampaignDetail,
  EXCERPT_MAX_CHARS,
  type Language,
  passes,
  type ShopPartnerSummary,
  STAFF_ACCESS,
} from '@porta/contracts';
import type { Principal } from '@porta/service-kit';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { ContentContext, ContentDb } from '../context.js';
import { type CampaignTexts, campaigns, directoryApartments, shopPartners } from '../db/schema.js';
import { type EditorActor, isPartner } from '../policies.js';
import { isUuid } from './articles.js';
import { assetRefs } from './assets.js';
import {
  type CampaignAudience,
  type CampaignRules,
  campaignVisible,
  compareCampaigns,
  discountBadge,
  isSticky,
} from './campaigns.js';
import { addDays, startOfDay } from './clock.js';
import { featureReaderFor, type Reader, visibleTo } from './reader.js';
import { cutText, htmlToText, pickVariant } from './text.js';

/**
 * The service shop as residents read it: the campaigns and advertisements visible to a reader
 * (02 §5) and the shop partners behind them.
 */

export type CampaignRow = typeof campaigns.$inferSelect;
export type ShopPartnerRow = typeof shopPartners.$inferSelect;

/** How many candidate rows one resident query looks at (the rules then narrow them). */
const CANDIDATES_MAX = 2000;

export const assetUrl = (id: string | null) => (id ? `/api/content/assets/${id}` : null);

// --- Who may reach which campaigns in the staff area (03 §6) ------------------------------------

/** The developer's staff and admin manage every campaign (03 §2 /admin/campaigns: yitUser; ADR 0022). */
export const isCampaignEditor = (p: Principal) => passes(STAFF_ACCESS.campaignsGlobal, p.holding);

/**
 * Campaigns a caller reaches in the staff area: every one for campaign editors (and, to read, the
 * developer's staff); else those of their partner companies and their own.
 */
export function campaignScopeWhere(p: Principal, mode: 'read' | 'write'): SQL | undefined {
  if (isCampaignEditor(p) || (mode === 'read' && p.hasRole('yitUser'))) return undefined;
  const pcs = [...p.partnerCompanies];
  return or(
    eq(campaigns.authorId, p.userId),
    pcs.length ? inArray(campaigns.partnerCompanyId, pcs) : undefined,
  ) as SQL;
}

export function canEditCampaign(
  p: Principal,
  row: Pick<CampaignRow, 'authorId' | 'partnerCompanyId'>,
): boolean {
  if (isCampaignEditor(p)) return true;
  if (!isPartner(p)) return false;
  return (
    row.authorId === p.userId || (!!row.partnerCompanyId && p.partnerCompanies.has(row.partnerCompanyId))
  );
}

/**
 * Campaign targeting: campaign editors and partners advertise to any housing company or taxonomy
 * term (the service shop is a marketplace; broad advertisements ask for a confirmation). Only that
 * the named housing companies exist is checked.
 */
export function campaignTargetingActor(p: Principal): EditorActor {
  return { userId: p.userId, name: p.name, roles: [...p.roles], global: true, authorIn: [], moderatorIn: [] };
}

/** A reader of the shop: the housing company's reader plus the apartment whose size applies. */
export interface ShopReader {
  reader: Reader;
  apartment: CampaignAudience['apartment'];
}

/**
 * The reader for a shop request. The apartment counts only when it is one of the user's apartments
 * in that housing company; any other apartment id is ignored.
 */
export async function shopReaderFor(
  ctx: ContentContext,
  p: Principal,
  query: { housingCompanyId: string; lang?: Language | undefined; apartmentId?: string | undefined },
): Promise<ShopReader> {
  const reader = await featureReaderFor(ctx, p, query, 'service-lounge');
  let apartment: ShopReader['apartment'] = null;
  const held = query.apartmentId ? p.apartments.get(query.apartmentId) : undefined;
  const apartmentId = query.apartmentId;
  if (apartmentId && held && held.housingCompanyId === reader.housingCompany.id) {
    const hcId = reader.housingCompany.id;
    const [row] = await ctx.reads.get(['directory-apartment', hcId, apartmentId], () =>
      ctx.db
        .select({ size: directoryApartments.size, rooms: directoryApartments.rooms })
        .from(directoryApartments)
        .where(and(eq(directoryApartments.id, apartmentId), eq(directoryApartments.housingCompanyId, hcId)))
        .execute(),
    );
    if (row) apartment = { size: row.size, rooms: row.rooms };
  }
  return { reader, apartment };
}

export function campaignRules(row: CampaignRow): CampaignRules {
  return {
    buildingPhase: row.buildingPhase,
    weeksBeforeCompletion: row.weeksBeforeCompletion,
    weeksAfterCompletion: row.weeksAfterCompletion,
    rooms: row.rooms ?? [],
    apartmentSizeMin: row.apartmentSizeMin,
    apartmentSizeMax: row.apartmentSizeMax,
    startAt: row.startAt,
    endAt: row.endAt,
    stickyUntil: row.stickyUntil,
  };
}

export function audienceOfReader(shop: ShopReader): CampaignAudience {
  return {
    now: shop.reader.now,
    phase: shop.reader.phase,
    completionDate: shop.reader.housingCompany.completionDate,
    apartment: shop.apartment,
  };
}

/**
 * The campaigns and advertisements the reader sees, sticky first then newest start first. SQL
 * narrows by publication, audience, roles, phase and listing window; the rules of
 * domain/campaigns.ts decide.
 */
export async function visibleCampaigns(
  ctx: ContentContext,
  shop: ShopReader,
  extra?: SQL,
): Promise<CampaignRow[]> {
  const { reader } = shop;
  const today = startOfDay(reader.now);
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(
      and(
        visibleTo(campaigns, reader),
        or(isNull(campaigns.buildingPhase), eq(campaigns.buildingPhase, reader.phase)),
        or(isNull(campaigns.startAt), lt(campaigns.startAt, addDays(today, 1))),
        or(isNull(campaigns.endAt), gte(campaigns.endAt, today)),
        extra,
      ),
    )
    .orderBy(
      sql`(${campaigns.stickyUntil} is not null and ${campaigns.stickyUntil} > ${reader.now}) desc`,
      desc(campaigns.startAt),
      asc(campaigns.id),
    )
    .limit(CANDIDATES_MAX);
  const audience = audienceOfReader(shop);
  return rows.filter((row) => campaignVisible(campaignRules(row), audience)).sort(compareRows(reader.now));
}

function compareRows(now: Date) {
  const compare = compareCampaigns<CampaignRules & { id: string }>(now);
  return (a: CampaignRow, b: CampaignRow) =>
    compare({ id: a.id, ...campaignRules(a) }, { id: b.id, ...campaignRules(b) });
}

/** The card of a campaign in a language, at a time. */
export function campaignCard(row: CampaignRow, language: Language, now: Date): CampaignCard {
  const { variant, language: shown } = pickVariant<CampaignTexts>(
    row.variants,
    language,
    row.defaultLanguage,
  );
  return {
    id: row.id,
    codename: row.codename,
    isAdvertisement: row.isAdvertisement,
    title: variant.title,
    excerpt: cutText(htmlToText(variant.content ?? ''), EXCERPT_MAX_CHARS),
    imageUrl: assetUrl(row.imageId),
    partnerName: row.partnerName,
    shopPartnerId: row.shopPartnerId,
    start: row.startAt?.toISOString() ?? null,
    end: row.endAt?.toISOString() ?? null,
    discountBadge: discountBadge(row.discountPercentage),
    sticky: isSticky(row, now),
    urgent: row.urgent,
    categories: row.categories,
    link: row.link,
    linkText: variant.linkText || null,
    ctaUrl: row.ctaUrl,
    ctaText: variant.ctaText || null,
    language: shown,
  };
}

/** The detail page of a campaign: the card plus texts, image, attachments and the partner. */
export async function campaignDetail(
  db: ContentDb,
  row: CampaignRow,
  language: Language,
  now: Date,
): Promise<CampaignDetail> {
  const card = campaignCard(row, language, now);
  const { variant } = pickVariant<CampaignTexts>(row.variants, language, row.defaultLanguage);
  const [image] = row.imageId ? await assetRefs(db, [row.imageId]) : [];
  const attachments = await assetRefs(db, row.attachmentIds);
  const [partner] = row.shopPartnerId
    ? await db.select().from(shopPartners).where(eq(shopPartners.id, row.shopPartnerId))
    : [];
  return {
    ...card,
    content: variant.content ?? '',
    extendedContent: variant.extendedContent ?? '',
    image: image ?? null,
    attachments,
    video: row.video,
    partner: partner ? partnerSummary(partner) : null,
  };
}

export function partnerSummary(row: ShopPartnerRow): ShopPartnerSummary {
  return {
    id: row.id,
    name: row.name,
    logoUrl: assetUrl(row.logoId),
    imageUrl: assetUrl(row.imageId),
    rating: row.rating,
    ratingsCount: row.ratingsCount,
    externalId: row.externalId,
    source: row.source,
  };
}

/** The partner's description in the reader's language, else English, else any. */
export function partnerDescription(row: ShopPartnerRow, language: Language): string {
  const texts = row.description;
  if (!Object.values(texts).some(Boolean)) return '';
  return pickVariant<string>(texts, language, 'en').variant;
}

/** A shop partner by id or external id (the partner page is reached by either). */
export async function findShopPartner(db: ContentDb, idOrExternalId: string): Promise<ShopPartnerRow | null> {
  const [row] = await db
    .select()
    .from(shopPartners)
    .where(
      isUuid(idOrExternalId)
        ? or(eq(shopPartners.id, idOrExternalId), eq(shopPartners.externalId, idOrExternalId))
        : eq(shopPartners.externalId, idOrExternalId),
    )
    .orderBy(sql`${shopPartners.id}::text = ${idOrExternalId} desc`)
    .limit(1);
  return row ?? null;
}

export async function shopPartnersByIds(db: ContentDb, ids: string[]): Promise<ShopPartnerRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(shopPartners).where(inArray(shopPartners.id, ids));
}

export function toAdminShopPartner(row: ShopPartnerRow, refs: Map<string, AssetRef>): AdminShopPartner {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoId: row.logoId,
    logo: (row.logoId && refs.get(row.logoId)) || null,
    imageId: row.imageId,
    image: (row.imageId && refs.get(row.imageId)) || null,
    rating: row.rating,
    ratingsCount: row.ratingsCount,
    businessId: row.businessId,
    externalId: row.externalId,
    country: row.country,
    email: row.email,
    phone: row.phone,
    source: row.source,
    mappedTo: row.mappedTo,
    partnerCompanyId: row.partnerCompanyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Staff answers for shop partners, with their logo and image references (one asset query). */
export async function adminShopPartners(db: ContentDb, rows: ShopPartnerRow[]): Promise<AdminShopPartner[]> {
  const ids = rows.flatMap((r) => [r.logoId, r.imageId].filter((id): id is string => !!id));
  const refs = new Map((await assetRefs(db, [...new Set(ids)])).map((a) => [a.id, a]));
  return rows.map((r) => toAdminShopPartner(r, refs));
}
