import { z } from 'zod';
import { zAssetRef } from './common.js';

export const zAssetPurpose = z.enum(['image', 'article-image', 'partner-logo', 'attachment']);
export type AssetPurposeName = z.infer<typeof zAssetPurpose>;
export const zAssetUploadQuery = z.object({ purpose: zAssetPurpose });
export const zAssetUploadResponse = zAssetRef;
