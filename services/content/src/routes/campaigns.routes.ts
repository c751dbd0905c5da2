import {
  ADMIN_CAMPAIGN_DEFAULT,
  type AdminCampaign,
  type AssetRef,
  CAMPAIGN_FETCH_LIMIT,
  CAMPAIGN_RANDOM_LIMIT,
  type CampaignUpdate,
  DEFAULT_LANGUAGE,
  type Language,
  type Role,
  zAdminCampaign,
  zAdminCampaignList,
  zAdminCampaignListQuery,
  zAdminShopPartner,
  zAdminShopPartnerList,
  zAdminShopPartnerListQuery,
  zAdvertisementDetails,
  zAdvertisementPreview,
  zAdvertisementPreviewQuery,
  zAdvertisementPublish,
  zAdvertisementUpdate,
  zCampaignCreate,
  zCampaignDetail,
  zCampaignDetailQuery,
  zCampaignList,
  zCampaignListQuery,
  zCampaignUpdate,
  zIdOrCodenameParam,
  zIdParam,
  zShopPartnerCreate,
  zShopPartnerList,
  zShopPartnerListQuery,
  zShopPartnerPage,
  zShopPartnerPageQuery,
  zShopPartnerUpdate,
} from '@porta/contracts';
import {
  type App,
  AppError,
  listPage,
  type Principal,
  principalOf,
  sortBy,
  withTransaction,
} from '@porta/service-kit';
import { and, arrayContains, asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { ContentContext, ContentDb } from '../context.js';
import { type CampaignTexts, campaigns, directoryHousingCompanies, shopPartners } from '../db/schema.js';
import { byIdOrCodename, isUniqueViolation, itemWhere, likePattern } from '../domain/articles.js';
import { assetRefs, requireAssets } from '../domain/assets.js';
import {
  audienceMatches,
  checkAdvertisementWindow,
  checkCampaignRanges,
  completionWindowMatches,
  phaseAt,
  phaseMatches,
  randomSelection,
} from '../domain/campaigns.js';
import { startOfDay } from '../domain/clock.js';
import { directoryHousingCompany, housingCompaniesReached } from '../domain/directory.js';
import { sanitizeRichText } from '../domain/html.js';
import { readerKey } from '../domain/kept-reads.js';
import {
  checkTargeting,
  distinctTargeting,
  publishesTo,
  requireBroadAudienceConfirmation,
  resolvePublication,
} from '../domain/publication.js';
import { audienceOf } from '../domain/reader.js';
import {
  adminShopPartners,
  type CampaignRow,
  campaignCard,
  campaignDetail,
  campaignRules,
  campaignScopeWhere,
  campaignTargetingActor,
  canEditCampaign,
  findShopPartner,
  isCampaignEditor,
  partnerDescription,
  partnerSummary,
  type ShopPartnerRow,
  shopPartnersByIds,
  shopReaderFor,
  visibleCampaigns,
} from '../domain/shop-partners.js';
import { codenameFrom, htmlToText, languageOf } from '../domain/text.js';
import { CONTENT_POLICIES } from '../policies.js';

/**
 * Service shop (02 §2, §3, §5; 03 §2–§6): resident campaign lists and details, shop-partner pages,
 * the staff campaign list and editor, the advertisement wizard and the shop-partner register.
 *
 * Who manages which campaigns (03 §6): admin, marketing and business admin all of them; partners
 * create campaigns and manage those of their partner companies or written by them (others answer
 * 404); the developer's other staff (yitUser) read them all.
 */

export async function loadCampaign(
  db: ContentDb,
  p: Principal,
  id: string,
  mode: 'read' | 'write',
  options: { advertisement?: boolean } = {},
): Promise<CampaignRow> {
  return itemWhere(
    db,
    campaigns,
    id,
    and(campaignScopeWhere(p, mode), options.advertisement ? eq(campaigns.isAdvertisement, true) : undefined),
  );
}

// --- Staff answers ------------------------------------------------------------------------------

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toAdminCampaign(
  row: CampaignRow,
  p: Principal,
  refs: Map<string, AssetRef>,
  now: Date,
): AdminCampaign {
  return {
    ...storedFields(row),
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: { id: row.authorId, name: row.authorName, roles: row.authorRoles as Role[] },
    scheduled: row.status === 'published' && !!row.publishAt && row.publishAt > now,
    canEdit: canEditCampaign(p, row),
    title: row.title,
    codename: row.codename,
    variants: row.variants,
    image: (row.imageId && refs.get(row.imageId)) || null,
    sticky: row.stickyUntil !== null,
    attachments: row.attachmentIds.flatMap((id) => refs.get(id) ?? []),
    userRoles: row.userRoles,
    copiedFrom: row.copiedFrom,
  };
}

async function adminCampaigns(
  ctx: ContentContext,
  p: Principal,
  rows: CampaignRow[],
): Promise<AdminCampaign[]> {
  const ids = rows.flatMap((r) => [...(r.imageId ? [r.imageId] : []), ...r.attachmentIds]);
  const refs = new Map((await assetRefs(ctx.db, [...new Set(ids)])).map((a) => [a.id, a]));
  const now = ctx.clock.now();
  return rows.map((r) => toAdminCampaign(r, p, refs, now));
}

// --- Saving a campaign --------------------------------------------------------------------------

/** Every writable field, as the editor sends it (the stored state merged with the request). */
type CampaignState = Required<Omit<CampaignUpdate, 'confirmBroadAudience' | 'codename'>> & {
  codename: string | null;
};

function defaultState(variants: CampaignState['variants']): CampaignState {
  const languages = Object.keys(variants) as Language[];
  return {
    codename: null,
    defaultLanguage: languages.includes(DEFAULT_LANGUAGE)
      ? DEFAULT_LANGUAGE
      : (languages[0] ?? DEFAULT_LANGUAGE),
    variants,
    link: null,
    ctaUrl: null,
    imageId: null,
    shopPartnerId: null,
    partnerCompanyId: null,
    partnerGroupId: null,
    partnerName: null,
    startAt: null,
    endAt: null,
    sticky: false,
    stickyUntil: null,
    discountPercentage: null,
    categories: [],
    buildingPhase: null,
    weeksBeforeCompletion: null,
    weeksAfterCompletion: null,
    rooms: [],
    apartmentSizeMin: null,
    apartmentSizeMax: null,
    urgent: false,
    video: null,
    attachmentIds: [],
    targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
    userRoles: [],
    status: 'draft',
    publishAt: null,
    unpublishAt: null,
    isAdvertisement: false,
  };
}

function stateOf(row: CampaignRow, now: Date): CampaignState {
  return {
    ...storedFields(row),
    codename: row.codename,
    variants: row.variants as CampaignState['variants'],
    // An expired sticky flag is no longer sticky (and need not pass the expiry rule again).
    sticky: row.stickyUntil !== null && row.stickyUntil >= startOfDay(now),
    userRoles: row.userRoles as CampaignState['userRoles'],
  };
}

/** The fields the staff answer and the editor's state read alike from a stored campaign. */
function storedFields(row: CampaignRow) {
  return {
    isAdvertisement: row.isAdvertisement,
    defaultLanguage: languageOf(row.defaultLanguage),
    link: row.link,
    ctaUrl: row.ctaUrl,
    imageId: row.imageId,
    shopPartnerId: row.shopPartnerId,
    partnerCompanyId: row.partnerCompanyId,
    partnerGroupId: row.partnerGroupId,
    partnerName: row.partnerName,
    startAt: iso(row.startAt),
    endAt: iso(row.endAt),
    stickyUntil: iso(row.stickyUntil),
    discountPercentage: row.discountPercentage,
    categories: row.categories,
    buildingPhase: row.buildingPhase as AdminCampaign['buildingPhase'],
    weeksBeforeCompletion: row.weeksBeforeCompletion,
    weeksAfterCompletion: row.weeksAfterCompletion,
    rooms: row.rooms ?? [],
    apartmentSizeMin: row.apartmentSizeMin,
    apartmentSizeMax: row.apartmentSizeMax,
    urgent: row.urgent,
    video: row.video,
    attachmentIds: row.attachmentIds,
    targeting: { housingCompanyIds: row.housingCompanyIds, buildingTaxonomies: row.buildingTaxonomies },
    status: row.status as AdminCampaign['status'],
    publishAt: iso(row.publishAt),
    unpublishAt: iso(row.unpublishAt),
  };
}

/** The request's fields over a state (undefined: keep). */
function merge(state: CampaignState, input: Partial<CampaignUpdate>): CampaignState {
  const out = { ...state } as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && key !== 'confirmBroadAudience') out[key] = value;
  }
  return out as CampaignState;
}

function cleanVariants(variants: CampaignState['variants']): Record<string, CampaignTexts> {
  const out: Record<string, CampaignTexts> = {};
  for (const [lang, v] of Object.entries(variants)) {
    if (!v) continue;
    const title = htmlToText(v.title);
    if (!title) {
      throw new AppError('VALIDATION_FAILED', {
        errors: [{ path: `variants.${lang}.title`, message: 'This field is required' }],
      });
    }
    out[lang] = {
      title,
      ...(v.content ? { content: sanitizeRichText(v.content) } : {}),
      ...(v.extendedContent ? { extendedContent: sanitizeRichText(v.extendedContent) } : {}),
      ...(v.linkText ? { linkText: htmlToText(v.linkText) } : {}),
      ...(v.ctaText ? { ctaText: htmlToText(v.ctaText) } : {}),
    };
  }
  return out;
}

/**
 * The housing companies a campaign or advertisement reaches: those its targeting names whose
 * phase and completion window match when it starts (its start, or now when that is later).
 */
export async function campaignReach(ctx: ContentContext, state: CampaignState): Promise<number> {
  const ids = await housingCompaniesReached(ctx.db, state.targeting);
  if (ids.length === 0) return 0;
  const now = ctx.clock.now();
  const at = new Date(Math.max(state.startAt ? Date.parse(state.startAt) : 0, now.getTime()));
  const rules = {
    buildingPhase: state.buildingPhase,
    weeksBeforeCompletion: state.weeksBeforeCompletion,
    weeksAfterCompletion: state.weeksAfterCompletion,
  };
  let reach = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await ctx.db
      .select({ completionDate: directoryHousingCompanies.completionDate })
      .from(directoryHousingCompanies)
      .where(inArray(directoryHousingCompanies.id, ids.slice(i, i + 5000)));
    for (const { completionDate } of rows) {
      if (
        phaseMatches(rules, phaseAt(completionDate, at)) &&
        completionWindowMatches(rules, completionDate, at)
      )
        reach++;
    }
  }
  return reach;
}

/**
 * Check and store a campaign (create when `existing` is null). The rules: a title in every
 * variant, HTML sanitised, end not before start, size range, the publication rules, the
 * advertisement window and broad-audience confirmation, assets of the right purpose, the shop
 * partner (partners: only their own), targeting of existing housing companies.
 */
async function saveCampaign(
  ctx: ContentContext,
  p: Principal,
  existing: CampaignRow | null,
  state: CampaignState,
  options: {
    confirmBroadAudience?: boolean | undefined;
    /** A published campaign whose targeting changes asks again (routes that take the flag). */
    askOnRetarget?: boolean;
  },
): Promise<CampaignRow> {
  const now = ctx.clock.now();
  const variants = cleanVariants(state.variants);
  if (!variants[state.defaultLanguage]) {
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'defaultLanguage', message: 'The default language needs a variant' }],
    });
  }
  const startAt = state.startAt ? new Date(state.startAt) : null;
  const endAt = state.endAt ? new Date(state.endAt) : null;
  checkCampaignRanges({
    startAt,
    endAt,
    apartmentSizeMin: state.apartmentSizeMin,
    apartmentSizeMax: state.apartmentSizeMax,
  });
  const publication = resolvePublication(
    {
      status: state.status,
      publishAt: state.publishAt,
      unpublishAt: state.unpublishAt,
      sticky: state.sticky,
      stickyUntil: state.stickyUntil,
    },
    now,
  );
  if (state.isAdvertisement) {
    checkAdvertisementWindow({ startAt, endAt, publishAt: publication.publishAt }, now, {
      requireEnd: state.status === 'published',
    });
  }
  if (state.imageId) await requireAssets(ctx.db, [state.imageId], ['image', 'article-image']);
  await requireAssets(ctx.db, state.attachmentIds, ['attachment']);

  // The owner: partners always their own partner company (the one sent if it is theirs).
  let partnerCompanyId = state.partnerCompanyId;
  if (!isCampaignEditor(p)) {
    const own = [...p.partnerCompanies].sort();
    if (!partnerCompanyId || !p.partnerCompanies.has(partnerCompanyId)) {
      partnerCompanyId =
        existing?.partnerCompanyId && p.partnerCompanies.has(existing.partnerCompanyId)
          ? existing.partnerCompanyId
          : (own[0] ?? null);
    }
  }
  let shopPartner: ShopPartnerRow | null = null;
  if (state.shopPartnerId) {
    shopPartner = (await shopPartnersByIds(ctx.db, [state.shopPartnerId]))[0] ?? null;
    if (!shopPartner) throw new AppError('CNT_PARTNER_REQUIRED');
    const ownPartner = !!shopPartner.partnerCompanyId && p.partnerCompanies.has(shopPartner.partnerCompanyId);
    if (!isCampaignEditor(p) && !ownPartner && state.shopPartnerId !== existing?.shopPartnerId)
      throw new AppError('CNT_PARTNER_REQUIRED');
  }
  const partnerName = state.partnerName?.trim() || shopPartner?.name || null;
  if (state.isAdvertisement && state.status === 'published' && !shopPartner && !partnerName)
    throw new AppError('CNT_PARTNER_REQUIRED');

  const targeting = distinctTargeting(state.targeting);
  await checkTargeting(ctx, campaignTargetingActor(p), targeting);
  // 03 §4: publishing (or retargeting a published one, where the route can confirm) to many
  // housing companies asks for the broad-audience confirmation. A draft never asks.
  const publishing = options.askOnRetarget
    ? publishesTo(state.status, existing, targeting)
    : state.status === 'published' && existing?.status !== 'published';
  if (publishing) {
    await requireBroadAudienceConfirmation(ctx, targeting, options.confirmBroadAudience, () =>
      campaignReach(ctx, { ...state, targeting }),
    );
  }

  const title = variants[state.defaultLanguage]!.title;
  const codename =
    state.codename ?? existing?.codename ?? codenameFrom(title, crypto.randomUUID().slice(0, 6));
  const [taken] = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.codename, codename), existing ? ne(campaigns.id, existing.id) : undefined));
  if (taken) throw new AppError('CNT_CODENAME_IN_USE');

  const values = {
    codename,
    isAdvertisement: state.isAdvertisement,
    title,
    variants,
    defaultLanguage: state.defaultLanguage,
    imageId: state.imageId,
    link: state.link,
    ctaUrl: state.ctaUrl,
    shopPartnerId: state.shopPartnerId,
    partnerCompanyId,
    partnerGroupId: state.partnerGroupId,
    partnerName,
    startAt,
    endAt,
    stickyUntil: publication.stickyUntil,
    discountPercentage: state.discountPercentage,
    categories: [...new Set(state.categories)],
    buildingPhase: state.buildingPhase,
    weeksBeforeCompletion: state.weeksBeforeCompletion,
    weeksAfterCompletion: state.weeksAfterCompletion,
    rooms: [...new Set(state.rooms)].sort((a, b) => a - b),
    apartmentSizeMin: state.apartmentSizeMin,
    apartmentSizeMax: state.apartmentSizeMax,
    urgent: state.urgent,
    video: state.video,
    attachmentIds: state.attachmentIds,
    status: publication.status,
    publishAt: publication.publishAt,
    unpublishAt: publication.unpublishAt,
    housingCompanyIds: targeting.housingCompanyIds,
    buildingTaxonomies: targeting.buildingTaxonomies,
    audience: audienceOf(targeting),
    userRoles: state.userRoles,
    updatedAt: now,
  };
  try {
    if (existing) {
      const [row] = await ctx.db
        .update(campaigns)
        .set(values)
        .where(eq(campaigns.id, existing.id))
        .returning();
      return row!;
    }
    const [row] = await ctx.db
      .insert(campaigns)
      .values({
        ...values,
        authorId: p.userId,
        authorName: p.name,
        authorRoles: [...p.roles],
        createdAt: now,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CNT_CODENAME_IN_USE');
    throw error;
  }
}

// --- Routes -------------------------------------------------------------------------------------

const SORT_COLUMNS = {
  startAt: campaigns.startAt,
  endAt: campaigns.endAt,
  title: campaigns.title,
  status: campaigns.status,
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
  partnerName: campaigns.partnerName,
} as const;

const SHOP_PARTNER_SORT = {
  name: shopPartners.name,
  rating: shopPartners.rating,
  country: shopPartners.country,
  createdAt: shopPartners.createdAt,
  updatedAt: shopPartners.updatedAt,
} as const;

/** Plain text kept as typed (line breaks too), without any markup. */
const stripTags = (text: string) => text.replace(/<[^>]*>/g, '').trim();

export async function campaignRoutes(app: App, ctx: ContentContext) {
  // ---- Resident ----

  app.get(
    '/campaigns',
    {
      schema: {
        summary:
          'Service-shop campaigns and advertisements the reader sees (sticky first; or a random selection)',
        querystring: zCampaignListQuery,
        response: { 200: zCampaignList },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => {
      const shop = await shopReaderFor(ctx, principalOf(request), request.query);
      const rows = await ctx.reads.get(['campaigns', ...readerKey(shop.reader), shop.apartment], () =>
        visibleCampaigns(ctx, shop),
      );
      const { random, limit } = request.query;
      const chosen = random
        ? randomSelection(rows, Math.min(limit ?? CAMPAIGN_RANDOM_LIMIT, CAMPAIGN_RANDOM_LIMIT))
        : rows.slice(0, limit ?? CAMPAIGN_FETCH_LIMIT);
      return chosen.map((row) => campaignCard(row, shop.reader.language, shop.reader.now));
    },
  );

  app.get(
    '/campaigns/:id',
    {
      schema: {
        summary: 'A campaign or advertisement by id or codename, when the reader sees it',
        params: zIdOrCodenameParam,
        querystring: zCampaignDetailQuery,
        response: { 200: zCampaignDetail },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => {
      const shop = await shopReaderFor(ctx, principalOf(request), request.query);
      const [row] = await visibleCampaigns(ctx, shop, byIdOrCodename(campaigns, request.params.id));
      if (!row) throw new AppError('CNT_NOT_FOUND');
      return campaignDetail(ctx.db, row, shop.reader.language, shop.reader.now);
    },
  );

  app.get(
    '/shop-partners',
    {
      schema: {
        summary: 'Shop partners with campaigns the reader sees',
        querystring: zShopPartnerListQuery,
        response: { 200: zShopPartnerList },
      },
      config: { policy: CONTENT_POLICIES.shopPartnersRead },
    },
    async (request) => {
      const shop = await shopReaderFor(ctx, principalOf(request), request.query);
      const counts = new Map<string, number>();
      for (const row of await visibleCampaigns(ctx, shop)) {
        if (row.shopPartnerId) counts.set(row.shopPartnerId, (counts.get(row.shopPartnerId) ?? 0) + 1);
      }
      const partners = await shopPartnersByIds(ctx.db, [...counts.keys()]);
      return partners
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((partner) => ({ ...partnerSummary(partner), campaignCount: counts.get(partner.id) ?? 0 }));
    },
  );

  app.get(
    '/shop-partners/:id',
    {
      schema: {
        summary: 'A shop partner page (by id or external id) with its campaigns the reader sees',
        params: zIdOrCodenameParam,
        querystring: zShopPartnerPageQuery,
        response: { 200: zShopPartnerPage },
      },
      config: { policy: CONTENT_POLICIES.shopPartnersRead },
    },
    async (request) => {
      const shop = await shopReaderFor(ctx, principalOf(request), request.query);
      const partner = await findShopPartner(ctx.db, request.params.id);
      if (!partner) throw new AppError('CNT_NOT_FOUND');
      const rows = await visibleCampaigns(ctx, shop, eq(campaigns.shopPartnerId, partner.id));
      const { language, now } = shop.reader;
      return {
        ...partnerSummary(partner),
        description: partnerDescription(partner, language),
        businessId: partner.businessId,
        country: partner.country,
        email: partner.email,
        phone: partner.phone,
        mappedTo: partner.mappedTo,
        campaigns: rows.map((row) => campaignCard(row, language, now)),
      };
    },
  );

  // ---- Staff: campaigns ----

  app.get(
    '/admin/campaigns',
    {
      schema: {
        summary: 'List campaigns and advertisements (partners: their companies\u2019 and their own)',
        querystring: zAdminCampaignListQuery,
        response: { 200: zAdminCampaignList },
      },
      config: { policy: CONTENT_POLICIES.campaignsRead },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const { sort, range, filter } = request.query;
      const where: (SQL | undefined)[] = [campaignScopeWhere(p, 'read')];
      if (filter?.q) {
        const q = likePattern(filter.q);
        where.push(
          or(ilike(campaigns.title, q), ilike(campaigns.codename, q), ilike(campaigns.partnerName, q)),
        );
      }
      if (filter?.isAdvertisement !== undefined)
        where.push(eq(campaigns.isAdvertisement, filter.isAdvertisement));
      if (filter?.status) where.push(eq(campaigns.status, filter.status));
      if (filter?.shopPartnerId) where.push(eq(campaigns.shopPartnerId, filter.shopPartnerId));
      if (filter?.partnerCompanyId) where.push(eq(campaigns.partnerCompanyId, filter.partnerCompanyId));
      if (filter?.housingCompanyId)
        where.push(arrayContains(campaigns.housingCompanyIds, [filter.housingCompanyId]));
      if (filter?.id) where.push(filter.id.length ? inArray(campaigns.id, filter.id) : sql`false`);
      const [field, order] = sort ?? ['startAt', 'DESC'];
      const page = await listPage(ctx.db, campaigns, 'campaigns', {
        where: and(...where),
        orderBy: [sql`${sortBy(SORT_COLUMNS[field], order)} nulls last`, asc(campaigns.id)],
        range: range ?? [0, ADMIN_CAMPAIGN_DEFAULT - 1],
      });
      reply.header('content-range', page.contentRange);
      return adminCampaigns(ctx, p, page.rows);
    },
  );

  app.get(
    '/admin/campaigns/:id',
    {
      schema: {
        summary: 'One campaign or advertisement',
        params: zIdParam,
        response: { 200: zAdminCampaign },
      },
      config: { policy: CONTENT_POLICIES.campaignsRead },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await loadCampaign(ctx.db, p, request.params.id, 'read');
      return (await adminCampaigns(ctx, p, [row]))[0]!;
    },
  );

  app.post(
    '/admin/campaigns',
    {
      schema: { summary: 'Create a campaign', body: zCampaignCreate, response: { 201: zAdminCampaign } },
      config: { policy: CONTENT_POLICIES.campaignsWrite },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const { confirmBroadAudience, ...input } = request.body;
      const state = merge(defaultState(input.variants), input);
      const row = await saveCampaign(ctx, p, null, state, { confirmBroadAudience, askOnRetarget: true });
      return reply.status(201).send((await adminCampaigns(ctx, p, [row]))[0]!);
    },
  );

  app.put(
    '/admin/campaigns/:id',
    {
      schema: {
        summary: 'Update a campaign (the fields given replace the stored ones)',
        params: zIdParam,
        body: zCampaignUpdate,
        response: { 200: zAdminCampaign },
      },
      config: { policy: CONTENT_POLICIES.campaignsWrite },
    },
    async (request) => {
      const p = principalOf(request);
      const existing = await loadCampaign(ctx.db, p, request.params.id, 'write');
      const { confirmBroadAudience, ...input } = request.body;
      const state = merge(stateOf(existing, ctx.clock.now()), input);
      const row = await saveCampaign(ctx, p, existing, state, { confirmBroadAudience, askOnRetarget: true });
      return (await adminCampaigns(ctx, p, [row]))[0]!;
    },
  );

  app.delete(
    '/admin/campaigns/:id',
    {
      schema: { summary: 'Delete a campaign or advertisement', params: zIdParam },
      config: { policy: CONTENT_POLICIES.campaignsWrite },
    },
    async (request, reply) => {
      const row = await loadCampaign(ctx.db, principalOf(request), request.params.id, 'write');
      await ctx.db.delete(campaigns).where(eq(campaigns.id, row.id));
      return reply.status(204).send();
    },
  );

  // ---- Staff: the advertisement wizard ----

  app.post(
    '/admin/advertisements',
    {
      schema: {
        summary: 'Advertisement wizard step 1: create a draft advertisement from its basic details',
        body: zAdvertisementDetails,
        response: { 201: zAdminCampaign },
      },
      config: { policy: CONTENT_POLICIES.campaignsWrite },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const state = merge(defaultState(request.body.variants), { ...request.body, isAdvertisement: true });
      const row = await saveCampaign(ctx, p, null, state, {});
      return reply.status(201).send((await adminCampaigns(ctx, p, [row]))[0]!);
    },
  );

  app.put(
    '/admin/advertisements/:id',
    {
      schema: {
        summary: 'Advertisement wizard step 2: update the details or the targeting',
        params: zIdParam,
        body: zAdvertisementUpdate,
        response: { 200: zAdminCampaign },
      },
      config: { policy: CONTENT_POLICIES.campaignsWrite },
    },
    async (request) => {
      const p = principalOf(request);
      const existing = await loadCampaign(ctx.db, p, request.params.id, 'write', { advertisement: true });
      const state = merge(stateOf(existing, ctx.clock.now()), request.body);
      const row = await saveCampaign(ctx, p, existing, state, {});
      return (await adminCampaigns(ctx, p, [row]))[0]!;
    },
  );

  app.get(
    '/admin/advertisements/:id/preview',
    {
      schema: {
        summary:
          'Advertisement wizard step 3: the resident card and detail, and how many housing companies it reaches',
        params: zIdParam,
        querystring: zAdvertisementPreviewQuery,
        response: { 200: zAdvertisementPreview },
      },
      config: { policy: CONTENT_POLICIES.campaignsRead },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await loadCampaign(ctx.db, p, request.params.id, 'read', { advertisement: true });
      const now = ctx.clock.now();
      const language = languageOf(request.query.lang ?? row.defaultLanguage);
      const state = stateOf(row, now);
      let matchesHousingCompany: boolean | null = null;
      if (request.query.housingCompanyId) {
        const hc = await directoryHousingCompany(ctx, request.query.housingCompanyId);
        if (!hc) throw new AppError('CNT_HOUSING_COMPANY_NOT_FOUND');
        const at = row.startAt && row.startAt > now ? row.startAt : now;
        const keys = ['all', `hc:${hc.id}`, ...hc.taxonomyPath.map((t) => `term:${t}`)];
        matchesHousingCompany =
          row.audience.some((k) => keys.includes(k)) &&
          audienceMatches(campaignRules(row), {
            now: at,
            phase: phaseAt(hc.completionDate, at),
            completionDate: hc.completionDate,
            apartment: null,
          });
      }
      return {
        card: campaignCard(row, language, now),
        detail: await campaignDetail(ctx.db, row, language, now),
        reach: await campaignReach(ctx, state),
        matchesHousingCompany,
      };
    },
  );

  app.post(
    '/admin/advertisements/:id/publish',
    {
      schema: {
        summary: 'Advertisement wizard step 4: publish (a broad audience needs confirmBroadAudience)',
        params: zIdParam,
        body: zAdvertisementPublish,
        response: { 200: zAdminCampaign },
      },
      config: { policy: CONTENT_POLICIES.campaignsWrite },
    },
    async (request) => {
      const p = principalOf(request);
      const existing = await loadCampaign(ctx.db, p, request.params.id, 'write', { advertisement: true });
      const state = { ...stateOf(existing, ctx.clock.now()), status: 'published' as const };
      const row = await saveCampaign(ctx, p, existing, state, {
        confirmBroadAudience: request.body.confirmBroadAudience,
      });
      return (await adminCampaigns(ctx, p, [row]))[0]!;
    },
  );

  // ---- Staff: shop partners ----

  async function checkShopPartnerInput(
    input: { logoId?: string | null; imageId?: string | null; externalId?: string | null },
    selfId: string | null,
  ) {
    if (input.logoId) await requireAssets(ctx.db, [input.logoId], ['partner-logo']);
    if (input.imageId) await requireAssets(ctx.db, [input.imageId], ['image', 'article-image']);
    if (input.externalId) {
      const [taken] = await ctx.db
        .select({ id: shopPartners.id })
        .from(shopPartners)
        .where(
          and(
            eq(shopPartners.externalId, input.externalId),
            selfId ? ne(shopPartners.id, selfId) : undefined,
          ),
        );
      if (taken) throw new AppError('CNT_SHOP_PARTNER_EXTERNAL_ID_IN_USE');
    }
  }

  async function loadShopPartner(id: string): Promise<ShopPartnerRow> {
    const [row] = await ctx.db.select().from(shopPartners).where(eq(shopPartners.id, id));
    if (!row) throw new AppError('CNT_NOT_FOUND');
    return row;
  }

  const cleanPartnerTexts = <T extends { name?: string; description?: Partial<Record<string, string>> }>(
    input: T,
  ): T => ({
    ...input,
    ...(input.name !== undefined ? { name: htmlToText(input.name) } : {}),
    ...(input.description
      ? {
          description: Object.fromEntries(
            Object.entries(input.description).map(([lang, text]) => [lang, stripTags(text ?? '')]),
          ),
        }
      : {}),
  });

  app.get(
    '/admin/shop-partners',
    {
      schema: {
        summary: 'List shop partners',
        querystring: zAdminShopPartnerListQuery,
        response: { 200: zAdminShopPartnerList },
      },
      config: { policy: CONTENT_POLICIES.campaignsRead },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const where: (SQL | undefined)[] = [];
      if (filter?.q) {
        const q = likePattern(filter.q);
        where.push(
          or(
            ilike(shopPartners.name, q),
            ilike(shopPartners.businessId, q),
            ilike(shopPartners.externalId, q),
          ),
        );
      }
      if (filter?.country) where.push(eq(shopPartners.country, filter.country));
      if (filter?.source) where.push(eq(shopPartners.source, filter.source));
      if (filter?.partnerCompanyId) where.push(eq(shopPartners.partnerCompanyId, filter.partnerCompanyId));
      if (filter?.id) where.push(filter.id.length ? inArray(shopPartners.id, filter.id) : sql`false`);
      const [field, order] = sort ?? ['name', 'ASC'];
      const page = await listPage(ctx.db, shopPartners, 'shop-partners', {
        where: and(...where),
        orderBy: [sql`${sortBy(SHOP_PARTNER_SORT[field], order)} nulls last`, asc(shopPartners.id)],
        range,
      });
      reply.header('content-range', page.contentRange);
      return adminShopPartners(ctx.db, page.rows);
    },
  );

  app.get(
    '/admin/shop-partners/:id',
    {
      schema: { summary: 'One shop partner', params: zIdParam, response: { 200: zAdminShopPartner } },
      config: { policy: CONTENT_POLICIES.campaignsRead },
    },
    async (request) => (await adminShopPartners(ctx.db, [await loadShopPartner(request.params.id)]))[0]!,
  );

  app.post(
    '/admin/shop-partners',
    {
      schema: {
        summary: 'Create a shop partner',
        body: zShopPartnerCreate,
        response: { 201: zAdminShopPartner },
      },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request, reply) => {
      const input = cleanPartnerTexts(request.body);
      await checkShopPartnerInput(input, null);
      try {
        const [row] = await ctx.db.insert(shopPartners).values(input).returning();
        return reply.status(201).send((await adminShopPartners(ctx.db, [row!]))[0]!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CNT_SHOP_PARTNER_EXTERNAL_ID_IN_USE');
        throw error;
      }
    },
  );

  app.put(
    '/admin/shop-partners/:id',
    {
      schema: {
        summary: 'Update a shop partner (the fields given replace the stored ones)',
        params: zIdParam,
        body: zShopPartnerUpdate,
        response: { 200: zAdminShopPartner },
      },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request) => {
      const existing = await loadShopPartner(request.params.id);
      const input = cleanPartnerTexts(request.body);
      await checkShopPartnerInput(input, existing.id);
      try {
        const [row] = await ctx.db
          .update(shopPartners)
          .set({ ...input, updatedAt: ctx.clock.now() })
          .where(eq(shopPartners.id, existing.id))
          .returning();
        return (await adminShopPartners(ctx.db, [row!]))[0]!;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CNT_SHOP_PARTNER_EXTERNAL_ID_IN_USE');
        throw error;
      }
    },
  );

  app.delete(
    '/admin/shop-partners/:id',
    {
      schema: { summary: 'Delete a shop partner (its campaigns keep the partner name)', params: zIdParam },
      config: { policy: CONTENT_POLICIES.siteContentWrite },
    },
    async (request, reply) => {
      const existing = await loadShopPartner(request.params.id);
      await withTransaction(ctx.db, async (tx) => {
        await tx
          .update(campaigns)
          .set({ shopPartnerId: null })
          .where(eq(campaigns.shopPartnerId, existing.id));
        await tx.delete(shopPartners).where(eq(shopPartners.id, existing.id));
      });
      return reply.status(204).send();
    },
  );
}
