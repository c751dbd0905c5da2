import { fileURLToPath } from 'node:url';
import {
  type Bus,
  type Database,
  type Jobs,
  type Logger,
  type Mailer,
  migrateService,
  Running,
  repeatEvery,
  servicePlugin,
} from '@porta/service-kit';
import type { FastifyPluginAsync } from 'fastify';
import type { NotificationsConfig } from './config.js';
import type { NotificationsContext } from './context.js';
import * as schema from './db/schema.js';
import {
  consumeCommunityEvents,
  consumeContentEvents,
  consumeServiceRequestEvents,
} from './domain/consumers.js';
import { LiveHub } from './domain/live.js';
import { sendMailsJob, sweepMailsJob } from './domain/mail.js';
import { inboxRoutes } from './routes/inbox.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { streamRoutes } from './routes/stream.routes.js';
import { seedNotificationsDemo } from './seed.js';

export const NOTIFICATIONS_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface Notifications {
  context: NotificationsContext;
  /** The Fastify plugin with the routes under /api/notifications. */
  plugin: FastifyPluginAsync;
  migrate(): Promise<void>;
  /** Seed the demo users' notices unless they are there (needs identity's demo); answers whether it seeded. */
  seedDemo(): Promise<boolean>;
  /** Start consuming content's, community's and service requests' events and listening for live updates (call before jobs.start()). */
  start(): Promise<void>;
  /** Stop consuming, close the live streams (part of shutdown, before the bus closes). */
  stop(): Promise<void>;
}

export function createNotifications(options: {
  database: Database;
  config: NotificationsConfig;
  logger: Logger;
  bus: Bus;
  jobs?: Jobs;
  mailer?: Mailer;
}): Notifications {
  const { database, config, logger, bus } = options;
  const context: NotificationsContext = {
    config,
    database,
    db: database.drizzle(schema),
    logger,
    bus,
    jobs: options.jobs ?? null,
    mailer: options.mailer ?? null,
    live: new LiveHub(bus, logger),
  };
  const running = new Running();
  return {
    context,
    plugin: servicePlugin({
      name: 'notifications',
      title: 'Porta notifications',
      routes: async (app) => {
        await inboxRoutes(app, context);
        await settingsRoutes(app, context);
        await streamRoutes(app, context);
      },
    }),
    migrate: () => migrateService(database, 'notifications', NOTIFICATIONS_MIGRATIONS),
    seedDemo: () => seedNotificationsDemo(context),
    async start() {
      await running.add(context.live).start();
      options.jobs?.register(sendMailsJob(context));
      await repeatEvery(options.jobs, sweepMailsJob(context), config.MAIL_SWEEP_SECONDS * 1000);
      running.add(await consumeContentEvents(context));
      running.add(await consumeCommunityEvents(context));
      running.add(await consumeServiceRequestEvents(context));
    },
    stop: () => running.stop(),
  };
}
