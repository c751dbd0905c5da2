import { zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** The letters service's settings on top of the shared ones. */
export const zLettersSettings = z.object({
  /** Mails a second at most while a letter is sent (the mail server's limit; ADR 0032). */
  LETTERS_SEND_PER_SECOND: z.coerce.number().min(1).max(10_000).default(200),
});

export const zLettersConfig = zBaseConfig.extend(zLettersSettings.shape);
export type LettersConfig = z.infer<typeof zLettersConfig>;
