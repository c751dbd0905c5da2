import { LINK_SECRET_MIN_CHARS, zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** The service-requests service's settings on top of the shared ones. */
export const zServiceRequestsSettings = z.object({
  /** Attachments uploaded but never put on a request or a response are removed after this many hours. */
  UNATTACHED_ATTACHMENT_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /**
   * The secret of the manage links (ADR 0018). Without it, production gives and accepts none;
   * development and test use a stable default derived from the setting's name.
   */
  MANAGE_LINK_SECRET: z.string().min(LINK_SECRET_MIN_CHARS).optional(),
  /** A manage link works for this many days from the notice that carried it. */
  MANAGE_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** Seed the demo requests on first start (the embedded mode does). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const zServiceRequestsConfig = zBaseConfig.extend(zServiceRequestsSettings.shape);
export type ServiceRequestsConfig = z.infer<typeof zServiceRequestsConfig>;
