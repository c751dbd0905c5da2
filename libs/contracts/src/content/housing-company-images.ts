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
