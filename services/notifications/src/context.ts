import type { Bus, Database, Db, Jobs, Logger, Mailer } from '@porta/service-kit';
import type { NotificationsConfig } from './config.js';
import type * as schema from './db/schema.js';
import type { LiveHub } from './domain/live.js';

/** What the notifications service's routes, consumers and jobs work with. */
export interface NotificationsContext {
  config: NotificationsConfig;
  database: Database;
  db: Db<typeof schema>;
  logger: Logger;
  /** Events in, identity's audience asked, live updates broadcast to every instance. */
  bus: Bus;
  jobs: Jobs | null;
  mailer: Mailer | null;
  live: LiveHub;
}

export type NotificationsDb = Db<typeof schema>;
