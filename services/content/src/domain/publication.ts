import { BROAD_AUDIENCE_THRESHOLD } from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { inArray } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { directoryHousingCompanies } from '../db/schema.js';
import { type EditorActor, targetingAllowed } from '../policies.js';
import { startOfDay } from './clock.js';
import { housingCompaniesReached, refreshHousingCompanies } from './directory.js';

export interface PublicationInput {
  status: 'draft' | 'published';
  publishAt: string | null;
  unpublishAt: string | null;
  archiveAt?: string | null;
  sticky?: boolean;
  stickyUntil?: string | null;
}

export interface ResolvedPublication {
  status: 'draft' | 'published';
  /** Published without a time: now. Drafts keep the chosen time (used when published later). */
  publishAt: Date | null;
  unpublishAt: Date | null;
  archiveAt: Date | null;
  stickyUntil: Date | null;
}

/**
 * The publication rules of 03 §4–§5: the archive date cannot be in the past; a sticky item needs
 * an expiry that is not before today; the unpublish time comes after the publish time. A
 * published item without a publish time is published now; one with a future time is scheduled.
 */
export function resolvePublication(input: PublicationInput, now: Date): ResolvedPublication {
  const publishAt = input.publishAt ? new Date(input.publishAt) : input.status === 'published' ? now : null;
  const unpublishAt = input.unpublishAt ? new Date(input.unpublishAt) : null;
  const archiveAt = input.archiveAt ? new Date(input.archiveAt) : null;
  if (archiveAt && archiveAt < now) throw new AppError('CNT_ARCHIVE_DATE_IN_PAST');
  let stickyUntil: Date | null = null;
  if (input.sticky) {
    stickyUntil = input.stickyUntil ? new Date(input.stickyUntil) : null;
    if (!stickyUntil || stickyUntil < startOfDay(now)) throw new AppError('CNT_STICKY_EXPIRY_REQUIRED');
  }
  if (unpublishAt && publishAt && unpublishAt <= publishAt)
    throw new AppError('CNT_UNPUBLISH_BEFORE_PUBLISH');
  return { status: input.status, publishAt, unpublishAt, archiveAt, stickyUntil };
}

/**
 * Check a targeting against what the actor may reach (CNT_TARGET_OUT_OF_SCOPE) and that every
 * named housing company exists (CNT_HOUSING_COMPANY_NOT_FOUND).
 */
export async function checkTargeting(
  ctx: ContentContext,
  actor: EditorActor,
  targeting: { housingCompanyIds: readonly string[]; buildingTaxonomies: readonly string[] },
): Promise<void> {
  if (!targetingAllowed(actor, targeting)) throw new AppError('CNT_TARGET_OUT_OF_SCOPE');
  const ids = [...new Set(targeting.housingCompanyIds)];
  if (ids.length === 0) return;
  const known = async () =>
    new Set(
      (
        await ctx.db
          .select({ id: directoryHousingCompanies.id })
          .from(directoryHousingCompanies)
          .where(inArray(directoryHousingCompanies.id, ids))
      ).map((r) => r.id),
    );
  let found = await known();
  if (found.size < ids.length) {
    await refreshHousingCompanies(
      ctx,
      ids.filter((id) => !found.has(id)),
    );
    found = await known();
  }
  if (found.size < ids.length) throw new AppError('CNT_HOUSING_COMPANY_NOT_FOUND');
}

export interface Targeting {
  housingCompanyIds: readonly string[];
  buildingTaxonomies: readonly string[];
}

/** A targeting as stored: each housing company and term once, in the order given. */
export function distinctTargeting(targeting: Targeting): {
  housingCompanyIds: string[];
  buildingTaxonomies: string[];
} {
  return {
    housingCompanyIds: [...new Set(targeting.housingCompanyIds)],
    buildingTaxonomies: [...new Set(targeting.buildingTaxonomies)],
  };
}

/** Do two targetings name the same housing companies and terms (in any order)? */
export function sameTargeting(a: Targeting, b: Targeting): boolean {
  const same = (x: readonly string[], y: readonly string[]) => {
    const left = new Set(x);
    const right = new Set(y);
    return left.size === right.size && [...left].every((v) => right.has(v));
  };
  return same(a.housingCompanyIds, b.housingCompanyIds) && same(a.buildingTaxonomies, b.buildingTaxonomies);
}

/**
 * Is this save a publication the broad-audience rule asks about (03 §4)? A draft (or a new item)
 * saved as published or scheduled, or a published item whose targeting changes. Drafts never ask.
 */
export function publishesTo(
  status: 'draft' | 'published',
  existing: ({ status: string } & Targeting) | null,
  targeting: Targeting,
): boolean {
  if (status !== 'published') return false;
  if (existing?.status !== 'published') return true;
  return !sameTargeting(existing, targeting);
}

/**
 * 03 §4 "Publishing to many housing companies asks for a broad-audience confirmation": unless
 * confirmed, a publication that reaches more than BROAD_AUDIENCE_THRESHOLD housing companies
 * answers 409 CNT_BROAD_AUDIENCE_CONFIRM with the reach as the problem's detail. `reach` counts
 * the companies (by default: those the targeting resolves to, everyone for an empty one).
 */
export async function requireBroadAudienceConfirmation(
  ctx: ContentContext,
  targeting: Targeting,
  confirmed: boolean | undefined,
  reach: () => Promise<number> = async () => (await housingCompaniesReached(ctx.db, targeting)).length,
): Promise<void> {
  if (confirmed) return;
  const reached = await reach();
  if (reached > BROAD_AUDIENCE_THRESHOLD)
    throw new AppError('CNT_BROAD_AUDIENCE_CONFIRM', { detail: String(reached) });
}
