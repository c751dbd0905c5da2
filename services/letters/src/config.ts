import { zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** The letters service's settings on top of the shared ones. */
export const zLettersSettings = z.object({
  /** Mails a second at most while a letter is sent (the mail server's limit; ADR 0032). */
  LETTERS_SEND_PER_SECOND: z.coerce.number().min(1).max(10_000).default(200),
  /** How often the log is brought up to date from the mail provider's reports (03 §9: 15 min). */
  LETTERS_LOG_RETRIEVAL_MINUTES: z.coerce.number().min(1).max(1440).default(15),
  /**
   * Plain SMTP reports no deliveries: a mail sent this long ago without a bounce counts as
   * delivered (0: at the next retrieval).
   */
  LETTERS_BOUNCE_WINDOW_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
  /**
   * The bounce endpoint's credential (`POST /api/letters/bounces` with `Authorization: Bearer
   * <token>`, from the mail server's bounce handler); unset: the endpoint answers 404.
   */
  LETTERS_BOUNCE_TOKEN: z.string().min(16).optional(),
  /** Seed the demo letters on first start (the embedded mode does). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const zLettersConfig = zBaseConfig.extend(zLettersSettings.shape);
export type LettersConfig = z.infer<typeof zLettersConfig>;
