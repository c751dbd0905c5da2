import { fileURLToPath } from 'node:url';
import {
  type Bus,
  type Database,
  type HostedService,
  type Jobs,
  type Logger,
  type Mailer,
  repeatEvery,
  serviceParts,
} from '@porta/service-kit';
import type { NotificationsConfig } from './config.js';
import type { NotificationsContext } from './context.js';
import * as schema from './db/schema.js';
import {
  consumeCommunityEvents,
  consumeContentEvents,
  consumeDocumentEvents,
  consumeServiceRequestEvents,
} from './domain/consumers.js';
import { LiveHub } from './domain/live.js';
import { sendMailsJob, sweepMailsJob } from './domain/mail.js';
import { answerEmailOptOuts } from './domain/settings.js';
import { inboxRoutes } from './routes/inbox.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { streamRoutes } from './routes/stream.routes.js';
import { seedNotificationsDemo } from './seed.js';

export const NOTIFICATIONS_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * The notifications service on the kit's parts (serviceParts): start() starts consuming content's,
 * community's and service requests' events and listening for live updates (call it before
 * jobs.start()); seedDemo() seeds the demo users' notices (needs identity's demo) unless it is
 * there and answers whether it seeded.
 */
export interface Notifications extends HostedService {
  context: NotificationsContext;
  seedDemo(): Promise<boolean>;
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
  return {
    context,
    // Notifications publish no events of their own: no outbox, no relay.
    ...serviceParts({ name: 'notifications', database, logger }).host({
      title: 'Porta notifications',
      migrations: NOTIFICATIONS_MIGRATIONS,
      routes: async (app) => {
        await inboxRoutes(app, context);
        await settingsRoutes(app, context);
        await streamRoutes(app, context);
      },
      async start(running) {
        await running.add(context.live).start();
        options.jobs?.register(sendMailsJob(context));
        await repeatEvery(options.jobs, sweepMailsJob(context), config.MAIL_SWEEP_SECONDS * 1000);
        running.add(await consumeContentEvents(context));
        running.add(await consumeCommunityEvents(context));
        running.add(await consumeServiceRequestEvents(context));
        running.add(await consumeDocumentEvents(context));
        running.add(await answerEmailOptOuts(context));
      },
    }),
    seedDemo: () => seedNotificationsDemo(context),
  };
}
