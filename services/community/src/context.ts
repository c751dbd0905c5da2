import type { Bus, Database, Db, FeatureGate, IdentityClient, Logger, Storage } from '@porta/service-kit';
import type { CommunityConfig } from './config.js';
import type * as schema from './db/schema.js';

/** What the community service's routes, consumers and jobs work with. */
export interface CommunityContext {
  config: CommunityConfig;
  database: Database;
  db: Db<typeof schema>;
  /** Comment images. */
  storage: Storage;
  logger: Logger;
  /** Events out (through the outbox), identity's answers in. */
  bus: Bus;
  /** identity's feature decisions: public-discussion, neighbours or area-discussion (01 §6). */
  features: FeatureGate;
  /** identity's bans, directory (apartment numbers), first names, neighbours and areas. */
  identity: IdentityClient;
  /** Publish the outbox now (after a commit that wrote events). */
  kickEvents(): void;
}

export type CommunityDb = Db<typeof schema>;
