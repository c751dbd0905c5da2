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
  type Storage,
  serviceParts,
} from '@porta/service-kit';
import type { DocumentsConfig } from './config.js';
import type { DocumentsContext } from './context.js';
import * as schema from './db/schema.js';
import { announceUploadJob } from './domain/announce.js';
import { StandardFolders } from './domain/standard-folders.js';
import { thumbnailsJob } from './domain/thumbnails.js';
import { documentRoutes } from './routes/documents.routes.js';
import { folderRoutes } from './routes/folders.routes.js';
import { videoRoutes } from './routes/videos.routes.js';
import { seedDocumentsDemo } from './seed.js';

export const DOCUMENTS_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/** identity's events that bring a housing company or an apartment, which get the standard folders. */
const NEW_PLACES = new Set(['identity.housing-company.created.v1', 'identity.apartment.changed.v1']);

/**
 * The documents service on the kit's parts (serviceParts): start() starts the outbox relay and
 * hears identity's changes (a new housing company or apartment gets its standard folders at once;
 * features and directory entries are forgotten) and registers the announcement and thumbnail jobs
 * (call it before jobs.start()); seedDemo() seeds the demo files.
 */
export interface Documents extends HostedService {
  context: DocumentsContext;
  /** Seeds the demo files (needs identity's demo) unless they are there; answers whether it seeded. */
  seedDemo(): Promise<boolean>;
}

export function createDocuments(options: {
  database: Database;
  config: DocumentsConfig;
  storage: Storage;
  logger: Logger;
  /** identity is asked over it (directory, features) and events go out through it. */
  bus: Bus;
  jobs?: Jobs;
}): Documents {
  const { database, config, storage, logger, bus } = options;
  const parts = serviceParts({ name: 'documents', database, bus, outbox: schema.outbox, logger });
  const identity = new IdentityClient(bus);
  const db = database.drizzle(schema);
  const context: DocumentsContext = {
    config,
    database,
    db,
    storage,
    logger,
    bus,
    features: new FeatureGate(bus),
    directory: new HousingCompanyDirectory(identity),
    standardFolders: new StandardFolders(db),
    jobs: options.jobs ?? null,
    kickEvents: parts.kickEvents,
  };
  return {
    context,
    ...parts.host({
      title: 'Porta documents',
      migrations: DOCUMENTS_MIGRATIONS,
      routes: async (app) => {
        await folderRoutes(app, context);
        await documentRoutes(app, context);
        await videoRoutes(app, context);
      },
      async start(running) {
        options.jobs?.register(announceUploadJob(context));
        options.jobs?.register(thumbnailsJob(context));
        const consumer = await forgetOnIdentityEvents(bus, {
          service: 'documents',
          durable: 'documents-identity',
          forget: (what) => {
            if (what.includes('features')) context.features.clear();
            if (what.includes('directory')) context.directory.clear();
          },
          also: async (message) => {
            const hc = message.data?.housingCompanyId;
            if (!NEW_PLACES.has(message.subject) || typeof hc !== 'string') return;
            const apartment = message.data?.apartmentId;
            await context.standardFolders.ensure(hc, typeof apartment === 'string' ? [apartment] : []);
          },
        });
        running.add(consumer);
      },
    }),
    seedDemo: () => seedDocumentsDemo(context),
  };
}
