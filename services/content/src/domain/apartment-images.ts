import type {
  ApartmentImage,
  ApartmentImageList,
  ApartmentImages,
  ApartmentImageUpload,
  ApartmentImageUploadResult,
} from '@porta/contracts';
import { AppError, type Principal, scopeIncludes, withTransaction } from '@porta/service-kit';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { apartmentImages, assets, directoryApartments } from '../db/schema.js';
import { contentScope } from '../policies.js';
import { matchApartments, parseApartmentImageName } from './apartment-image-names.js';
import { type AssetPurpose, assetRef } from './assets.js';

/**
 * Apartment images (03 §5, 02 §5): a housing company's images matched to its apartments by file
 * name (see apartment-image-names.ts). Staff who edit housing companies post uploaded images; each
 * file is stored once per apartment it names, a file that names none is only reported. The same
 * name again for an apartment replaces its image. The apartment's residents (a role in force in the
 * apartment, from the token) and the staff who reach the company read them; others get 404.
 */

/** The purposes an uploaded asset may have been checked for to become an apartment image. */
const IMAGE_PURPOSES: readonly AssetPurpose[] = ['image', 'article-image'];

const selection = {
  row: apartmentImages,
  asset: assets,
  apartmentNo: directoryApartments.no,
};

function toApartmentImage(r: {
  row: typeof apartmentImages.$inferSelect;
  asset: typeof assets.$inferSelect;
  apartmentNo: string | null;
}): ApartmentImage {
  return {
    id: r.row.id,
    housingCompanyId: r.row.housingCompanyId,
    apartmentId: r.row.apartmentId,
    apartmentNo: r.apartmentNo,
    name: r.row.name,
    image: assetRef(r.asset),
    createdAt: r.row.createdAt.toISOString(),
  };
}

/** Match each uploaded image to the company's apartments by its file name and store what matched. */
export async function addApartmentImages(
  ctx: ContentContext,
  p: Principal,
  housingCompanyId: string,
  assetIds: readonly string[],
): Promise<ApartmentImageUpload> {
  const ids = [...new Set(assetIds)];
  const rows = await ctx.db.select().from(assets).where(inArray(assets.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const asset = byId.get(id);
    if (!asset || !IMAGE_PURPOSES.includes(asset.purpose as AssetPurpose)) {
      throw new AppError('CNT_ASSET_NOT_FOUND');
    }
  }
  const apartments = await ctx.db
    .select()
    .from(directoryApartments)
    .where(eq(directoryApartments.housingCompanyId, housingCompanyId));

  const files: ApartmentImageUploadResult[] = [];
  const stored: { apartmentId: string; assetId: string; name: string }[] = [];
  for (const id of ids) {
    const asset = byId.get(id)!;
    const parsed = parseApartmentImageName(asset.fileName);
    if (!parsed.ok) {
      files.push({
        assetId: id,
        fileName: asset.fileName,
        name: null,
        apartments: [],
        problem: parsed.problem,
        unmatchedIdentifiers: [],
      });
      continue;
    }
    const match = matchApartments(parsed.identifiers, apartments);
    const problem =
      match.apartments.length === 0
        ? ('no_apartment_matched' as const)
        : match.unmatched.length
          ? ('unknown_identifiers' as const)
          : undefined;
    files.push({
      assetId: id,
      fileName: asset.fileName,
      name: parsed.name,
      apartments: match.apartments.map((a) => ({ id: a.id, no: a.no })),
      ...(problem ? { problem } : {}),
      unmatchedIdentifiers: match.unmatched,
    });
    for (const a of match.apartments) stored.push({ apartmentId: a.id, assetId: id, name: parsed.name });
  }

  if (stored.length) {
    const now = ctx.clock.now();
    // One by one: a later file of the same name for the same apartment replaces an earlier one.
    await withTransaction(ctx.db, async (tx) => {
      for (const s of stored) {
        const values = { ...s, housingCompanyId, createdBy: p.userId, createdAt: now };
        await tx
          .insert(apartmentImages)
          .values(values)
          .onConflictDoUpdate({
            target: [apartmentImages.apartmentId, apartmentImages.name],
            set: { assetId: s.assetId, housingCompanyId, createdBy: p.userId, createdAt: now },
          });
      }
    });
  }
  return { files };
}

/** The company's apartment images for the staff app, by apartment number and name. */
export async function apartmentImagesOfCompany(
  ctx: ContentContext,
  housingCompanyId: string,
): Promise<ApartmentImageList> {
  const rows = await ctx.db
    .select(selection)
    .from(apartmentImages)
    .innerJoin(assets, eq(assets.id, apartmentImages.assetId))
    .leftJoin(directoryApartments, eq(directoryApartments.id, apartmentImages.apartmentId))
    .where(eq(apartmentImages.housingCompanyId, housingCompanyId))
    .orderBy(asc(directoryApartments.no), asc(apartmentImages.name), asc(apartmentImages.id));
  return { items: rows.map(toApartmentImage) };
}

/** Remove one of the company's apartment images (another company's or none: 404). */
export async function removeApartmentImage(
  ctx: ContentContext,
  housingCompanyId: string,
  imageId: string,
): Promise<void> {
  const removed = await ctx.db
    .delete(apartmentImages)
    .where(and(eq(apartmentImages.id, imageId), eq(apartmentImages.housingCompanyId, housingCompanyId)))
    .returning({ id: apartmentImages.id });
  if (removed.length === 0) throw new AppError('CNT_NOT_FOUND');
}

/**
 * An apartment's images for a reader: someone with a role in force in the apartment (the token's
 * apartments), or staff who reach its housing company (the developer's staff, the company's
 * staff-app roles: contentScope). Anyone else, or an apartment the directory does not know: 404.
 */
export async function apartmentImagesFor(
  ctx: ContentContext,
  p: Principal,
  apartmentId: string,
): Promise<ApartmentImages> {
  const [apartment] = await ctx.db
    .select({ id: directoryApartments.id, housingCompanyId: directoryApartments.housingCompanyId })
    .from(directoryApartments)
    .where(eq(directoryApartments.id, apartmentId));
  const resident = p.apartments.get(apartmentId);
  const reaches =
    !!apartment &&
    ((resident && resident.housingCompanyId === apartment.housingCompanyId) ||
      scopeIncludes(contentScope(p), apartment.housingCompanyId));
  if (!apartment || !reaches) throw new AppError('CNT_NOT_FOUND');
  const rows = await ctx.db
    .select(selection)
    .from(apartmentImages)
    .innerJoin(assets, eq(assets.id, apartmentImages.assetId))
    .leftJoin(directoryApartments, eq(directoryApartments.id, apartmentImages.apartmentId))
    .where(eq(apartmentImages.apartmentId, apartmentId))
    .orderBy(asc(apartmentImages.name), asc(apartmentImages.id));
  return { apartmentId, items: rows.map(toApartmentImage) };
}
