import { zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** The service-requests service's settings on top of the shared ones. */
export const zServiceRequestsSettings = z.object({
  /** Attachments uploaded but never put on a request or a response are removed after this many hours. */
  UNATTACHED_ATTACHMENT_HOURS: z.coerce.number().int().min(1).max(720).default(24),
});

export const zServiceRequestsConfig = zBaseConfig.extend(zServiceRequestsSettings.shape);
export type ServiceRequestsConfig = z.infer<typeof zServiceRequestsConfig>;
