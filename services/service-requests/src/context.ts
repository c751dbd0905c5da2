import type {
  Bus,
  Database,
  Db,
  FeatureGate,
  HousingCompanyDirectory,
  IdentityClient,
  Logger,
  Storage,
} from '@porta/service-kit';
import type { ServiceRequestsConfig } from './config.js';
import type * as schema from './db/schema.js';

import type { ManageLinks } from './domain/manage-links.js';

/** What the service-requests service's routes and jobs work with. */
export interface ServiceRequestsContext {
  config: ServiceRequestsConfig;
  database: Database;
  db: Db<typeof schema>;
  /** Attachments of requests and responses. */
  storage: Storage;
  logger: Logger;
  /** Events out (through the outbox), identity's answers in. */
  bus: Bus;
  /** identity's feature decisions: service-requests (01 §6). */
  features: FeatureGate;
  /** identity's directory (partner companies of a housing company) and audience (recipients). */
  identity: IdentityClient;
  /** identity's directory entries of housing companies, kept for a while (read this, not identity). */
  directory: HousingCompanyDirectory;
  /** Signs the recipients' manage links and checks them (ADR 0018). */
  manageLinks: ManageLinks;
  /** Publish the outbox now (after a commit that wrote events). */
  kickEvents(): void;
}

export type ServiceRequestsDb = Db<typeof schema>;
