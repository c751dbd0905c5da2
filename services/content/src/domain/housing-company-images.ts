import type { HousingCompanyImage } from '@porta/contracts';
import { AppError, type Principal, scopeIncludes } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { assets, housingCompanyImages } from '../db/schema.js';
import { contentScope } from '../policies.js';
import { type AssetPurpose, assetRef } from './assets.js';
import { directoryHousingCompany } from './directory.js';

/**
 * The picture of a housing company (one each): an image asset uploaded as any content image
 * (purpose image or article-image), kept by the company's id. Residents read their companies'
 * (readerFor's rule: a member, or the developer's staff), staff the companies of their content
 * scope; the global housing-company editors set, replace and remove it. Out of reach, or a company
 * the directory does not know: 404 CNT_HOUSING_COMPANY_NOT_FOUND. The file itself is served by
 * GET /assets/:id like every content image (public by its unguessable id). A replaced or removed
 * picture's asset stays, as removed images of other items do (assets may be shared by copies).
 */

/** The purposes an asset may have been checked for to become a housing company's picture. */
const PICTURE_PURPOSES: readonly AssetPurpose[] = ['image', 'article-image'];

/** The company's picture, or none. */
export async function housingCompanyImageOf(
  ctx: ContentContext,
  housingCompanyId: string,
): Promise<HousingCompanyImage> {
  const [row] = await ctx.db
    .select({ asset: assets, updatedAt: housingCompanyImages.updatedAt })
    .from(housingCompanyImages)
    .innerJoin(assets, eq(assets.id, housingCompanyImages.assetId))
    .where(eq(housingCompanyImages.housingCompanyId, housingCompanyId));
  return {
    housingCompanyId,
    image: row ? assetRef(row.asset) : null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** The housing company, for staff: in their content scope and known to the directory, else 404. */
export async function staffHousingCompany(ctx: ContentContext, p: Principal, housingCompanyId: string) {
  if (!scopeIncludes(contentScope(p), housingCompanyId)) throw new AppError('CNT_HOUSING_COMPANY_NOT_FOUND');
  const hc = await directoryHousingCompany(ctx, housingCompanyId);
  if (!hc) throw new AppError('CNT_HOUSING_COMPANY_NOT_FOUND');
  return hc;
}

/** Set or replace the picture with an uploaded image (an unknown id, or not an image: 400). */
export async function setHousingCompanyImage(
  ctx: ContentContext,
  p: Principal,
  housingCompanyId: string,
  imageId: string,
): Promise<HousingCompanyImage> {
  const [asset] = await ctx.db.select().from(assets).where(eq(assets.id, imageId));
  if (!asset || !PICTURE_PURPOSES.includes(asset.purpose as AssetPurpose)) {
    throw new AppError('CNT_ASSET_NOT_FOUND');
  }
  const now = ctx.clock.now();
  await ctx.db
    .insert(housingCompanyImages)
    .values({ housingCompanyId, assetId: asset.id, updatedBy: p.userId, updatedAt: now })
    .onConflictDoUpdate({
      target: housingCompanyImages.housingCompanyId,
      set: { assetId: asset.id, updatedBy: p.userId, updatedAt: now },
    });
  return { housingCompanyId, image: assetRef(asset), updatedAt: now.toISOString() };
}

/** Remove the picture (nothing to remove is no error). */
export async function removeHousingCompanyImage(
  ctx: ContentContext,
  housingCompanyId: string,
): Promise<void> {
  await ctx.db
    .delete(housingCompanyImages)
    .where(eq(housingCompanyImages.housingCompanyId, housingCompanyId));
}
