import type { Bus, Database, Db, FeatureGate, Logger, Outbound, Storage } from '@porta/service-kit';
import type { ContentConfig } from './config.js';
import type * as schema from './db/schema.js';
import type { Clock } from './domain/clock.js';
import type { KeptReads } from './domain/kept-reads.js';

/** What the content service's routes, jobs and consumers work with. */
export interface ContentContext {
  config: ContentConfig;
  database: Database;
  db: Db<typeof schema>;
  storage: Storage;
  clock: Clock;
  logger: Logger;
  /** The bus for directory requests to identity; null in tests that fill the directory directly. */
  bus: Bus | null;
  /**
   * identity's feature decisions for the feature policies of 01 §6 (campaigns, feeds, FAQ); null
   * without a bus, in tests that fill the directory directly.
   */
  features: FeatureGate | null;
  /**
   * Requests to addresses staff chose (the external feeds): through the service kit's guard, which
   * refuses internal addresses unless the operator allowed them (OUTBOUND_ALLOW_HOSTS, _CIDRS).
   */
  outbound: Outbound;
  /** The residents' hot reads kept for a moment; cleared by every write (ADR 0028). */
  reads: KeptReads;
  /** Publish the outbox now (after a commit that wrote events); a no-op without a bus. */
  kickEvents(): void;
}

export type ContentDb = Db<typeof schema>;
