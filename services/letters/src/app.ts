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
  type Mailer,
  repeatEvery,
  serviceParts,
} from '@porta/service-kit';
import type { LettersConfig } from './config.js';
import type { LettersContext } from './context.js';
import * as schema from './db/schema.js';
import { retrieveLogsJob, smtpReports } from './domain/reports.js';
import { sendLetterJob } from './domain/sending.js';
import { letterRoutes } from './routes/letters.routes.js';
import { sendingRoutes } from './routes/sending.routes.js';
import { seedLettersDemo } from './seed.js';

export const LETTERS_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * The letters service on the kit's parts (serviceParts): start() starts the outbox relay and hears
 * identity's changes (features and directory entries are forgotten).
 */
export interface Letters extends HostedService {
  context: LettersContext;
  /** Seeds the demo letters (needs identity's demo) unless they are there; answers whether it seeded. */
  seedDemo(): Promise<boolean>;
}

export function createLetters(options: {
  database: Database;
  config: LettersConfig;
  logger: Logger;
  /** identity is asked over it (directory, features) and events go out through it. */
  bus: Bus;
  mailer?: Mailer;
  jobs?: Jobs;
}): Letters {
  const { database, config, logger, bus } = options;
  const parts = serviceParts({ name: 'letters', database, bus, outbox: schema.outbox, logger });
  const identity = new IdentityClient(bus);
  const db = database.drizzle(schema);
  const context: LettersContext = {
    config,
    database,
    db,
    reports: smtpReports(db),
    logger,
    bus,
    features: new FeatureGate(bus),
    directory: new HousingCompanyDirectory(identity),
    mailer: options.mailer ?? null,
    jobs: options.jobs ?? null,
    kickEvents: parts.kickEvents,
  };
  return {
    context,
    ...parts.host({
      title: 'Porta letters',
      migrations: LETTERS_MIGRATIONS,
      routes: async (app) => {
        await letterRoutes(app, context);
        await sendingRoutes(app, context);
      },
      async start(running) {
        options.jobs?.register(sendLetterJob(context));
        await repeatEvery(
          options.jobs,
          retrieveLogsJob(context, context.reports),
          config.LETTERS_LOG_RETRIEVAL_MINUTES * 60_000,
        );
        const consumer = await forgetOnIdentityEvents(bus, {
          service: 'letters',
          durable: 'letters-identity',
          forget: (what) => {
            if (what.includes('features')) context.features.clear();
            if (what.includes('directory')) context.directory.clear();
          },
        });
        running.add(consumer);
      },
    }),
    seedDemo: () => seedLettersDemo(context),
  };
}
