import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { zAssetRef } from './common.js';

/**
 * The picture of a housing company (03 §2 /admin/housing-company/{id} "with images"): one cover
 * image per company, shown on the resident dashboard's "Your housing company" card. Staff who edit
 * housing companies set, replace and remove it in the staff app; the company's residents read it
 * (another company's answers 404). The file is an image asset uploaded as any content image
 * (POST /admin/assets?purpose=image or article-image) and served from its `url`.
 */
export const zHousingCompanyImage = z.object({
  housingCompanyId: zUuid,
  /** The picture, or null: the resident app then shows its designed fallback (the monogram). */
  image: zAssetRef.nullable(),
  /** When the picture was last set (null without one). */
  updatedAt: zIsoDateTime.nullable(),
});
export type HousingCompanyImage = z.infer<typeof zHousingCompanyImage>;

/** Set or replace the picture: an uploaded image asset (purpose image or article-image). */
export const zHousingCompanyImageWrite = z.strictObject({ imageId: zUuid });
export type HousingCompanyImageWrite = z.infer<typeof zHousingCompanyImageWrite>;

/**
 * Apartment images (03 §5, 02 §5): images of a housing company matched to its apartments by file
 * name, split on a double underscore: the leading parts are apartment identifiers (matched
 * loosely, ignoring dots, spaces and case), the last part is the image's name. `A 12__B.3__floor-
 * plan.png` is the image `floor-plan.png` of apartments A12 and B3. The files are uploaded first
 * (POST /admin/assets?purpose=image, which keeps the original file name) and then posted by id.
 */
export const APARTMENT_IMAGES_PER_UPLOAD_MAX = 50;

/** One image of an apartment. */
export const zApartmentImage = z.object({
  id: zUuid,
  housingCompanyId: zUuid,
  apartmentId: zUuid,
  /** The apartment's number ("B 12"), as the directory knows it. */
  apartmentNo: z.string().nullable(),
  /** The file name's last part (`floor-plan.png`), cut to 50 characters. */
  name: z.string(),
  image: zAssetRef,
  createdAt: zIsoDateTime,
});
export type ApartmentImage = z.infer<typeof zApartmentImage>;

/** A housing company's apartment images in the staff app (by apartment number, then name). */
export const zApartmentImageList = z.object({ items: z.array(zApartmentImage) });
export type ApartmentImageList = z.infer<typeof zApartmentImageList>;

/** An apartment's images for its residents (by name). */
export const zApartmentImages = z.object({ apartmentId: zUuid, items: z.array(zApartmentImage) });
export type ApartmentImages = z.infer<typeof zApartmentImages>;

/** Add uploaded images (purpose image) to the company's apartments by their file names. */
export const zApartmentImagesWrite = z.strictObject({
  assetIds: z.array(zUuid).min(1).max(APARTMENT_IMAGES_PER_UPLOAD_MAX),
});
export type ApartmentImagesWrite = z.infer<typeof zApartmentImagesWrite>;

/**
 * Why a file was not (wholly) used: no double underscore in its name; an empty identifier or file
 * name; none of its identifiers is an apartment of the company (nothing stored); or some of them
 * are not (stored for the others).
 */
export const zApartmentImageProblem = z.enum([
  'no_separator',
  'empty_part',
  'no_apartment_matched',
  'unknown_identifiers',
]);
export type ApartmentImageProblem = z.infer<typeof zApartmentImageProblem>;

/** What became of one posted file. */
export const zApartmentImageUploadResult = z.object({
  assetId: zUuid,
  fileName: z.string(),
  /** The image's name (the file name's last part), or null when the name could not be split. */
  name: z.string().nullable(),
  /** The apartments it was stored for (none: nothing was stored). */
  apartments: z.array(z.object({ id: zUuid, no: z.string().nullable() })),
  problem: zApartmentImageProblem.optional(),
  /** The identifiers that named no apartment of the company, as written in the file name. */
  unmatchedIdentifiers: z.array(z.string()),
});
export type ApartmentImageUploadResult = z.infer<typeof zApartmentImageUploadResult>;

export const zApartmentImageUpload = z.object({ files: z.array(zApartmentImageUploadResult) });
export type ApartmentImageUpload = z.infer<typeof zApartmentImageUpload>;
