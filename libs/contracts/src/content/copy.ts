import { z } from 'zod';
import { zUuid } from '../common.js';

/**
 * Copying content to other housing companies (03 §2 /admin/content/copy/{entity}, §5: at most
 * CONTENT_COPY_TARGETS_MAX housing companies at once). Each source item is copied once per target
 * housing company, targeted only at that company, with its images and attachments copied too.
 */
export const COPY_ENTITIES = ['articles', 'calendar-entries', 'contacts', 'campaigns', 'steps'] as const;
export const zCopyEntity = z.enum(COPY_ENTITIES);
export type CopyEntity = z.infer<typeof zCopyEntity>;

export const zCopyParams = z.strictObject({ entity: zCopyEntity });

/** Items copied in one request at most. */
export const CONTENT_COPY_ITEMS_MAX = 50;

export const zCopyRequest = z.strictObject({
  ids: z.array(zUuid).min(1).max(CONTENT_COPY_ITEMS_MAX),
  /** More than CONTENT_COPY_TARGETS_MAX answers 400 CNT_COPY_TOO_MANY_TARGETS (nothing stored). */
  housingCompanyIds: z.array(zUuid).min(1).max(100),
  /**
   * draft (default): the copies are drafts. same: each copy keeps its source's status and
   * publication times (a published source gives a published copy).
   */
  status: z.enum(['draft', 'same']).default('draft'),
});
export type CopyRequest = z.infer<typeof zCopyRequest>;

export const zCopyResponse = z.object({
  copies: z.array(z.object({ sourceId: zUuid, housingCompanyId: zUuid, id: zUuid })),
});
export type CopyResponse = z.infer<typeof zCopyResponse>;
