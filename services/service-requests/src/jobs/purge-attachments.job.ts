import { defineJob } from '@porta/service-kit';
import { z } from 'zod';
import type { ServiceRequestsContext } from '../context.js';
import { purgeUnattachedAttachments } from '../domain/attachments.js';

/** The purge runs every hour. */
export const PURGE_ATTACHMENTS_EVERY_MS = 3_600_000;

/**
 * Attachments uploaded but never put on a request or a response (a form left unsent) are removed
 * with their files after UNATTACHED_ATTACHMENT_HOURS.
 */
export function purgeAttachmentsJob(ctx: ServiceRequestsContext) {
  return defineJob({
    name: 'service-requests.purge-unattached-attachments',
    payload: z.object({}),
    attempts: 3,
    backoffMs: 60_000,
    handler: async () => {
      const cutoff = new Date(Date.now() - ctx.config.UNATTACHED_ATTACHMENT_HOURS * 3_600_000);
      await purgeUnattachedAttachments(ctx, cutoff);
    },
  });
}
