import { zBaseConfig } from '@porta/service-kit';
import { z } from 'zod';

/** Identity's settings on top of the shared ones. */
export const zIdentitySettings = z.object({
  /** Lifetime of access tokens. The web apps refresh when fewer than 900 s remain. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(960).max(86_400).default(1800),
  /** A session (refresh-token family) ends this long after sign-in at the latest. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The consumer (b2c) OpenID Connect provider; the login is offered only when set. */
  B2C_ISSUER_URL: z.url().optional(),
  B2C_CLIENT_ID: z.string().optional(),
  B2C_CLIENT_SECRET: z.string().optional(),
  /** Where the provider sends the browser back; defaults to PUBLIC_URL + /login. */
  B2C_REDIRECT_URI: z.url().optional(),
  /** Seed the demo data on first start (the embedded mode does). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const zIdentityConfig = zBaseConfig.extend(zIdentitySettings.shape).superRefine((c, ctx) => {
  const b2c = [c.B2C_ISSUER_URL, c.B2C_CLIENT_ID, c.B2C_CLIENT_SECRET];
  if (b2c.some(Boolean) && !b2c.every(Boolean)) {
    for (const key of ['B2C_ISSUER_URL', 'B2C_CLIENT_ID', 'B2C_CLIENT_SECRET'] as const) {
      if (!c[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'required when any B2C_ setting is set' });
    }
  }
});
export type IdentityConfig = z.infer<typeof zIdentityConfig>;
