import { fileURLToPath } from 'node:url';
import {
  type Bus,
  type Database,
  FeatureGate,
  forgetOnIdentityEvents,
  type HostedService,
  HousingCompanyDirectory,
  IdentityClient,
  type Jobs,
  type Logger,
  repeatEvery,
  type Storage,
  serviceParts,
} from '@porta/service-kit';
import type { ServiceRequestsConfig } from './config.js';
import type { ServiceRequestsContext } from './context.js';
import * as schema from './db/schema.js';
import { ManageLinks } from './domain/manage-links.js';
import { PURGE_ATTACHMENTS_EVERY_MS, purgeAttachmentsJob } from './jobs/purge-attachments.job.js';
import { attachmentRoutes } from './routes/attachments.routes.js';
import { manageRoutes } from './routes/manage.routes.js';
import { requestRoutes } from './routes/requests.routes.js';
import { staffRoutes } from './routes/staff.routes.js';
import { typeRoutes } from './routes/types.routes.js';
import { seedServiceRequestsDemo } from './seed.js';

export const SERVICE_REQUESTS_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * The service-requests service on the kit's parts (serviceParts): start() starts the outbox relay,
 * hearing identity's changes and the purge of attachments never used (call it before jobs.start());
 * seedDemo() seeds the demo requests (needs identity's demo) unless it is there and answers whether
 * it seeded.
 */
export interface ServiceRequests extends HostedService {
  context: ServiceRequestsContext;
  seedDemo(): Promise<boolean>;
}

export function createServiceRequests(options: {
  database: Database;
  config: ServiceRequestsConfig;
  storage: Storage;
  logger: Logger;
  /** identity is asked over it (directory, audience, features) and events go out through it. */
  bus: Bus;
  jobs?: Jobs;
}): ServiceRequests {
  const { database, config, storage, logger, bus, jobs } = options;
  const parts = serviceParts({ name: 'service-requests', database, bus, outbox: schema.outbox, logger });
  const manageLinks = new ManageLinks(config);
  const identity = new IdentityClient(bus);
  const context: ServiceRequestsContext = {
    config,
    database,
    db: database.drizzle(schema),
    storage,
    logger,
    bus,
    features: new FeatureGate(bus),
    identity,
    directory: new HousingCompanyDirectory(identity),
    manageLinks,
    kickEvents: parts.kickEvents,
  };
  return {
    context,
    ...parts.host({
      title: 'Porta service requests',
      migrations: SERVICE_REQUESTS_MIGRATIONS,
      routes: async (app) => {
        await typeRoutes(app, context);
        await requestRoutes(app, context);
        await staffRoutes(app, context);
        await attachmentRoutes(app, context);
        await manageRoutes(app, context);
      },
      async start(running) {
        // identity's changes reach the kept feature decisions and directory entries of every instance at once.
        const consumer = await forgetOnIdentityEvents(bus, {
          service: 'service-requests',
          durable: 'service-requests-identity',
          forget: (what) => {
            if (what.includes('features')) context.features.clear();
            if (what.includes('directory')) context.directory.clear();
          },
        });
        running.add(consumer);
        await repeatEvery(jobs, purgeAttachmentsJob(context), PURGE_ATTACHMENTS_EVERY_MS);
      },
    }),
    seedDemo: () => seedServiceRequestsDemo(context),
  };
}
