import { fileURLToPath } from 'node:url';
import {
  type Bus,
  type Database,
  FeatureGate,
  forgetOnIdentityEvents,
  IdentityClient,
  type Jobs,
  type Logger,
  migrateService,
  OutboxRelay,
  Running,
  repeatEvery,
  type Storage,
  servicePlugin,
} from '@porta/service-kit';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceRequestsConfig } from './config.js';
import type { ServiceRequestsContext } from './context.js';
import * as schema from './db/schema.js';
import { HousingCompanyDirectory } from './domain/directory.js';
import { ManageLinks } from './domain/manage-links.js';
import { PURGE_ATTACHMENTS_EVERY_MS, purgeAttachmentsJob } from './jobs/purge-attachments.job.js';
import { attachmentRoutes } from './routes/attachments.routes.js';
import { manageRoutes } from './routes/manage.routes.js';
import { requestRoutes } from './routes/requests.routes.js';
import { staffRoutes } from './routes/staff.routes.js';
import { typeRoutes } from './routes/types.routes.js';
import { seedServiceRequestsDemo } from './seed.js';

export const SERVICE_REQUESTS_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface ServiceRequests {
  context: ServiceRequestsContext;
  /** The Fastify plugin with the routes under /api/service-requests. */
  plugin: FastifyPluginAsync;
  migrate(): Promise<void>;
  /** Seed the demo requests unless they are there (needs identity's demo); answers whether it seeded. */
  seedDemo(): Promise<boolean>;
  /** Start the outbox relay and the purge of attachments never used (call before jobs.start()). */
  start(): Promise<void>;
  /** Stop the relay (part of shutdown, before the bus and database close). */
  stop(): Promise<void>;
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
  const relay = new OutboxRelay({ database, outbox: schema.outbox, bus, logger });
  const manageLinks = new ManageLinks(config);
  const identity = new IdentityClient(bus);
  const running = new Running();
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
    kickEvents: () => relay.kick(),
  };
  return {
    context,
    plugin: servicePlugin({
      name: 'service-requests',
      title: 'Porta service requests',
      routes: async (app) => {
        await typeRoutes(app, context);
        await requestRoutes(app, context);
        await staffRoutes(app, context);
        await attachmentRoutes(app, context);
        await manageRoutes(app, context);
      },
    }),
    migrate: () => migrateService(database, 'service-requests', SERVICE_REQUESTS_MIGRATIONS),
    seedDemo: () => seedServiceRequestsDemo(context),
    async start() {
      running.add(relay).start();
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
    stop: () => running.stop(),
  };
}
