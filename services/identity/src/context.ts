import type { Database, Db, Mailer } from '@porta/service-kit';
import type { IdentityConfig } from './config.js';
import type * as schema from './db/schema.js';
import type { LoginThrottle } from './domain/brute-force.js';
import type { FeatureCache } from './domain/features.js';
import type { KeyStore } from './domain/keys.js';
import type { B2cLogin } from './domain/oidc.js';
import type { SessionService } from './domain/sessions.js';

/** What identity's routes work with. */
export interface IdentityContext {
  config: IdentityConfig;
  database: Database;
  db: Db<typeof schema>;
  keys: KeyStore;
  sessions: SessionService;
  /** The feature toggles and the companies' scopes, kept in memory; `clear()` after writing them. */
  features: FeatureCache;
  throttle: LoginThrottle;
  oidc: B2cLogin | null;
  /** Sends confirmation and invitation e-mails; null in tests that do not send mail. */
  mailer: Mailer | null;
  /** Publish the outbox now (after a commit that wrote events); a no-op without a bus. */
  kickEvents(): void;
}
