import type {
  Bus,
  Database,
  Db,
  FeatureGate,
  HousingCompanyDirectory,
  Jobs,
  Logger,
  Storage,
} from '@porta/service-kit';
import type { DocumentsConfig } from './config.js';
import type * as schema from './db/schema.js';
import type { StandardFolders } from './domain/standard-folders.js';

/** What the documents service's routes and jobs work with. */
export interface DocumentsContext {
  config: DocumentsConfig;
  database: Database;
  db: Db<typeof schema>;
  /** The files' bytes. */
  storage: Storage;
  logger: Logger;
  /** Events out (through the outbox), identity's answers in. */
  bus: Bus;
  /** identity's feature decisions: documents, documentsv2 (01 §6). */
  features: FeatureGate;
  /** identity's directory entries of housing companies (apartments, partner companies). */
  directory: HousingCompanyDirectory;
  /** Makes the standard folders of a housing company and its apartments (03 §3). */
  standardFolders: StandardFolders;
  /** The job runner (BullMQ in the distributed mode); null: jobs run at once in the request. */
  jobs: Jobs | null;
  /** Publish the outbox now (after a commit that wrote events). */
  kickEvents(): void;
}

export type DocumentsDb = Db<typeof schema>;
