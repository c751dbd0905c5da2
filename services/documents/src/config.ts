import { DOCUMENT_MAX_BYTES } from '@porta/contracts';
import { zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** The documents service's settings on top of the shared ones. */
export const zDocumentsSettings = z.object({
  /**
   * A file at most, in bytes (ADR 0030: 36,700,160 by default; a deployment keeping blueprints or
   * videos may raise it, up to 5 GiB). Uploads stream to storage, so memory does not grow with it.
   */
  DOCUMENTS_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(5 * 1024 ** 3)
    .default(DOCUMENT_MAX_BYTES),
  /** A download link works this many minutes (02 §9: the zip download's 10 minutes). */
  DOCUMENTS_DOWNLOAD_LINK_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /**
   * "Notify users": a batch is announced this many seconds after its first file, so that the files
   * of one upload make one notice (ADR 0030).
   */
  DOCUMENTS_ANNOUNCE_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Seed the demo folders and files on first start (the embedded mode does). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const zDocumentsConfig = zBaseConfig.extend(zDocumentsSettings.shape);
export type DocumentsConfig = z.infer<typeof zDocumentsConfig>;
