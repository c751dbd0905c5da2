import { fileURLToPath } from 'node:url';
import {
  type Bus,
  type Database,
  FeatureGate,
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

export interface Community {
  context: CommunityContext;
  /** The Fastify plugin with the routes under /api/community. */
  plugin: FastifyPluginAsync;
  migrate(): Promise<void>;
  /**
   * Seed the demo discussions, conversations and a report unless they are there (needs identity's
   * demo, asked over the bus); answers whether it seeded.
   */
  seedDemo(): Promise<boolean>;
  /**
   * Start the outbox relay, hearing identity's events and the image purge (call before
   * jobs.start()).
   */
  start(): Promise<void>;
  /** Stop the consumer and the relay (part of shutdown, before the bus and database close). */
  stop(): Promise<void>;
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
  const relay = new OutboxRelay({ database, outbox: schema.outbox, bus, logger });
  const running = new Running();
  const context: CommunityContext = {
    config,
    database,
    db: database.drizzle(schema),
    storage,
    logger,
    bus,
    features: new FeatureGate(bus),
    identity: new IdentityClient(bus, { banCacheSeconds: config.BAN_CACHE_SECONDS }),
    kickEvents: () => relay.kick(),
  };
  return {
    context,
    plugin: servicePlugin({
      name: 'community',
      title: 'Porta community',
      routes: async (app) => {
        await discussionRoutes(app, context);
        await commentRoutes(app, context);
        await imageRoutes(app, context);
        await reportRoutes(app, context);
        await conversationRoutes(app, context);
        await neighbourRoutes(app, context);
      },
    }),
    migrate: () => migrateService(database, 'community', COMMUNITY_MIGRATIONS),
    seedDemo: () => seedCommunityDemo(context),
    async start() {
      running.add(relay).start();
      running.add(await consumeIdentityEvents(context));
      await repeatEvery(jobs, purgeImagesJob(context), PURGE_IMAGES_EVERY_MS);
    },
    stop: () => running.stop(),
  };
}
