import type {
  Bus,
  Database,
  Db,
  FeatureGate,
  HousingCompanyDirectory,
  Jobs,
  Logger,
  Mailer,
} from '@porta/service-kit';
import type { LettersConfig } from './config.js';
import type * as schema from './db/schema.js';
import type { DeliveryReports } from './domain/reports.js';

/** What the letters service's routes and jobs work with. */
export interface LettersContext {
  config: LettersConfig;
  database: Database;
  db: Db<typeof schema>;
  logger: Logger;
  /** Events out (through the outbox), identity's answers in. */
  bus: Bus;
  /** identity's feature decisions: email-letters (01 §6). */
  features: FeatureGate;
  /** identity's directory entries of housing companies. */
  directory: HousingCompanyDirectory;
  /** Mail out (SMTP, or the file outbox of the embedded mode); null: the process sends none. */
  mailer: Mailer | null;
  /** The job runner (BullMQ in the distributed mode); null: jobs run at once in the request. */
  jobs: Jobs | null;
  /** The mail provider's late results (bounces, deliveries) the log-retrieval job applies. */
  reports: DeliveryReports;
  /** Publish the outbox now (after a commit that wrote events). */
  kickEvents(): void;
}

export type LettersDb = Db<typeof schema>;
