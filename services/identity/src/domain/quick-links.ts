import { randomUUID } from 'node:crypto';
import {
  availableQuickLinkModules,
  type Language,
  type MeQuickLinks,
  QUICK_LINK_MODULES,
  QUICK_LINKS_MAX,
  type QuickLink,
  type QuickLinkModuleId,
  type QuickLinksResponse,
} from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { and, eq } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import { quickLinks } from '../db/schema.js';
import { userFeatures } from './features.js';
import { assertMemberOf } from './self-service.js';

/**
 * A user's dashboard quick links per housing company (01 §3–§5): at most five, each module once,
 * only modules whose feature is on in the company (v2 documents instead of v1 when both are on).
 * Stored as [{_id, moduleId}]; label key, address and icon come from QUICK_LINK_MODULES.
 */

interface StoredLink {
  _id: string;
  moduleId: QuickLinkModuleId;
}

const MODULES = new Map(QUICK_LINK_MODULES.map((m) => [m.moduleId, m]));

function parseStored(value: unknown): StoredLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const link = item as Partial<StoredLink> | null;
    if (!link || typeof link._id !== 'string' || !MODULES.has(link.moduleId as QuickLinkModuleId)) return [];
    return [{ _id: link._id, moduleId: link.moduleId as QuickLinkModuleId }];
  });
}

function toQuickLink(link: StoredLink): QuickLink {
  const m = MODULES.get(link.moduleId)!;
  return {
    _id: link._id,
    moduleId: m.moduleId,
    translationKey: m.translationKey,
    href: m.href,
    icon: m.icon,
  };
}

/** The modules the user may choose in the housing company, from its features. */
export async function availableModules(
  ctx: IdentityContext,
  housingCompanyId: string,
  language: Language,
): Promise<QuickLinkModuleId[]> {
  // The company's building-taxonomy toggles and the global ones (the nearest scope decides).
  const { features } = await userFeatures(ctx.features, { language, housingCompanyId });
  return availableQuickLinkModules(Object.keys(features));
}

async function storedLinks(ctx: IdentityContext, userId: string, housingCompanyId: string) {
  const [row] = await ctx.db
    .select({ links: quickLinks.links })
    .from(quickLinks)
    .where(and(eq(quickLinks.userId, userId), eq(quickLinks.housingCompanyId, housingCompanyId)))
    .limit(1);
  return parseStored(row?.links);
}

/** The links shown: stored links whose module is still offered, in the stored order. */
function visible(links: StoredLink[], available: readonly QuickLinkModuleId[]): QuickLink[] {
  return links.filter((l) => available.includes(l.moduleId)).map(toQuickLink);
}

/** GET /me/quick-links: 404 unless the user holds a valid role in the housing company. */
export async function getQuickLinks(
  ctx: IdentityContext,
  userId: string,
  housingCompanyId: string,
  language: Language,
): Promise<QuickLinksResponse> {
  await assertMemberOf(ctx.db, userId, housingCompanyId);
  const [links, available] = await Promise.all([
    storedLinks(ctx, userId, housingCompanyId),
    availableModules(ctx, housingCompanyId, language),
  ]);
  return { projectId: housingCompanyId, links: visible(links, available), available };
}

/**
 * The links of the selected housing company for GET /me (no company: none), from the links stored
 * for it (read with the rest of the page by loadSignedIn; null when none are stored).
 */
export async function meQuickLinks(
  ctx: IdentityContext,
  housingCompanyId: string | null,
  language: Language,
  stored: unknown,
): Promise<MeQuickLinks> {
  if (!housingCompanyId) return { projectId: null, links: [] };
  const available = await availableModules(ctx, housingCompanyId, language);
  return { projectId: housingCompanyId, links: visible(parseStored(stored), available) };
}

/**
 * PUT /me/quick-links: replace the links of the housing company, in the given order. A link keeps
 * its _id when its module was chosen before. Nothing is stored when any rule fails.
 */
export async function saveQuickLinks(
  ctx: IdentityContext,
  userId: string,
  housingCompanyId: string,
  moduleIds: readonly QuickLinkModuleId[],
  language: Language,
): Promise<QuickLinksResponse> {
  await assertMemberOf(ctx.db, userId, housingCompanyId);
  if (moduleIds.length > QUICK_LINKS_MAX) throw new AppError('IDN_QUICK_LINKS_TOO_MANY');
  const duplicate = moduleIds.find((id, i) => moduleIds.indexOf(id) !== i);
  if (duplicate) throw new AppError('IDN_QUICK_LINK_DUPLICATE', { detail: duplicate });
  const available = await availableModules(ctx, housingCompanyId, language);
  const unavailable = moduleIds.find((id) => !available.includes(id));
  if (unavailable) throw new AppError('IDN_QUICK_LINK_UNAVAILABLE', { detail: unavailable });
  const before = await storedLinks(ctx, userId, housingCompanyId);
  const links: StoredLink[] = moduleIds.map((moduleId) => ({
    _id: before.find((l) => l.moduleId === moduleId)?._id ?? randomUUID(),
    moduleId,
  }));
  await ctx.db
    .insert(quickLinks)
    .values({ userId, housingCompanyId, links })
    .onConflictDoUpdate({
      target: [quickLinks.userId, quickLinks.housingCompanyId],
      set: { links, updatedAt: new Date() },
    });
  return { projectId: housingCompanyId, links: links.map(toQuickLink), available };
}
