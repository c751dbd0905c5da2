import { fileURLToPath } from 'node:url';
import {
  type Bus,
  type Database,
  FeatureGate,
  type HostedService,
  IdentityClient,
  type Jobs,
  type Logger,
  repeatEvery,
  type Storage,
  serviceParts,
} from '@porta/service-kit';
import type { CommunityConfig } from './config.js';
import type { CommunityContext } from './context.js';
import * as schema from './db/schema.js';
import { consumeIdentityEvents } from './domain/identity-events.js';
import { PURGE_IMAGES_EVERY_MS, purgeImagesJob } from './jobs/purge-images.job.js';
import { commentRoutes } from './routes/comments.routes.js';
import { conversationRoutes } from './routes/conversations.routes.js';
import { discussionRoutes } from './routes/discussions.routes.js';
import { imageRoutes } from './routes/images.routes.js';
import { neighbourRoutes } from './routes/neighbours.routes.js';
import { reportRoutes } from './routes/reports.routes.js';
import { seedCommunityDemo } from './seed.js';

export const COMMUNITY_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * The community service on the kit's parts (serviceParts): start() starts the outbox relay, hearing
 * identity's events and the image purge (call it before jobs.start()); seedDemo() seeds the demo
 * discussions, conversations and a report (needs identity's demo, asked over the bus) unless it is
 * there and answers whether it seeded.
 */
export interface Community extends HostedService {
  context: CommunityContext;
  seedDemo(): Promise<boolean>;
}

export function createCommunity(options: {
  database: Database;
  config: CommunityConfig;
  storage: Storage;
  logger: Logger;
  /** identity is asked over it (bans, directory, features, neighbours, areas) and events go out through it. */
  bus: Bus;
  jobs?: Jobs;
}): Community {
  const { database, config, storage, logger, bus, jobs } = options;
  const parts = serviceParts({ name: 'community', database, bus, outbox: schema.outbox, logger });
  const context: CommunityContext = {
    config,
    database,
    db: database.drizzle(schema),
    storage,
    logger,
    bus,
    features: new FeatureGate(bus),
    identity: new IdentityClient(bus, { banCacheSeconds: config.BAN_CACHE_SECONDS }),
    kickEvents: parts.kickEvents,
  };
  return {
    context,
    ...parts.host({
      title: 'Porta community',
      migrations: COMMUNITY_MIGRATIONS,
      routes: async (app) => {
        await discussionRoutes(app, context);
        await commentRoutes(app, context);
        await imageRoutes(app, context);
        await reportRoutes(app, context);
        await conversationRoutes(app, context);
        await neighbourRoutes(app, context);
      },
      async start(running) {
        running.add(await consumeIdentityEvents(context));
        await repeatEvery(jobs, purgeImagesJob(context), PURGE_IMAGES_EVERY_MS);
      },
    }),
    seedDemo: () => seedCommunityDemo(context),
  };
}
