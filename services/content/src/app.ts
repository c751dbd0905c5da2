import { fileURLToPath } from 'node:url';
import {
  type Bus,
  type Database,
  FeatureGate,
  type HostedService,
  type Jobs,
  type Logger,
  outboundFor,
  type Storage,
  serviceParts,
} from '@porta/service-kit';
import type { ContentConfig } from './config.js';
import type { ContentContext } from './context.js';
import * as schema from './db/schema.js';
import { answerArticleAttachments } from './domain/article-attachments.js';
import { answerArticleReaders } from './domain/article-readers.js';
import { type Clock, ShiftableClock } from './domain/clock.js';
import { consumeIdentityEvents, syncDirectoryOnce } from './domain/directory.js';
import { KeptReads } from './domain/kept-reads.js';
import { scheduleContentJobs } from './jobs/index.js';
import { apartmentImageRoutes } from './routes/apartment-images.routes.js';
import { articleRoutes } from './routes/articles.routes.js';
import { assetRoutes } from './routes/assets.routes.js';
import { calendarRoutes } from './routes/calendar.routes.js';
import { campaignRoutes } from './routes/campaigns.routes.js';
import { contactRoutes } from './routes/contacts.routes.js';
import { copyRoutes } from './routes/copy.routes.js';
import { faqRoutes } from './routes/faq.routes.js';
import { feedbackRoutes } from './routes/feedback.routes.js';
import { feedRoutes } from './routes/feeds.routes.js';
import { housingCompanyImageRoutes } from './routes/housing-company-images.routes.js';
import { pageRoutes } from './routes/pages.routes.js';
import { stepRoutes } from './routes/steps.routes.js';
import { testingRoutes } from './routes/testing.routes.js';
import { timelineRoutes } from './routes/timeline.routes.js';
import { seedContentDemo } from './seed.js';

export const CONTENT_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * The content service on the kit's parts (serviceParts): start() starts the directory read model (a
 * full pull from identity on the first start, then identity's events), the answers to whether a
 * reader may read an article (rpc.content.article.get.v1), the outbox relay and the repeat jobs
 * (call it before jobs.start()); seedDemo() seeds the demo content (needs the directory) unless it
 * is there and answers whether it seeded.
 */
export interface Content extends HostedService {
  context: ContentContext;
  seedDemo(): Promise<boolean>;
}

export function createContent(options: {
  database: Database;
  config: ContentConfig;
  storage: Storage;
  logger: Logger;
  jobs?: Jobs;
  /** Events go out through it and the directory comes in; without one, tests fill the directory. */
  bus?: Bus;
  clock?: Clock;
}): Content {
  const { database, config, storage, logger, jobs, bus } = options;
  const db = database.drizzle(schema);
  const parts = serviceParts({ name: 'content', database, bus, outbox: schema.outbox, logger });
  const clock = options.clock ?? new ShiftableClock();
  const context: ContentContext = {
    config,
    database,
    db,
    storage,
    clock,
    logger,
    bus: bus ?? null,
    features: bus ? new FeatureGate(bus) : null,
    outbound: outboundFor(config),
    kickEvents: parts.kickEvents,
    reads: new KeptReads(config.READS_KEPT_MS, () => clock.now().getTime()),
  };
  return {
    context,
    ...parts.host({
      title: 'Porta content',
      migrations: CONTENT_MIGRATIONS,
      routes: async (app) => {
        // Whatever a request other than a read did, the kept reads go: after its commit, before
        // its answer leaves, so that whoever hears of the change reads it.
        app.addHook('onSend', (request, _reply, payload, done) => {
          if (request.method !== 'GET' && request.method !== 'HEAD') context.reads.clear();
          done(null, payload);
        });
        await assetRoutes(app, context);
        await articleRoutes(app, context);
        await calendarRoutes(app, context);
        await stepRoutes(app, context);
        await housingCompanyImageRoutes(app, context);
        await apartmentImageRoutes(app, context);
        await contactRoutes(app, context);
        await faqRoutes(app, context);
        await pageRoutes(app, context);
        await feedbackRoutes(app, context);
        await campaignRoutes(app, context);
        await feedRoutes(app, context);
        await copyRoutes(app, context);
        await timelineRoutes(app, context);
        await testingRoutes(app, context);
      },
      async start(running) {
        if (bus) {
          running.add(await consumeIdentityEvents(context));
          running.add(await answerArticleReaders(context, bus));
          for (const answering of await answerArticleAttachments(context, bus)) running.add(answering);
          await syncDirectoryOnce(context);
        }
        if (jobs) await scheduleContentJobs(context, jobs);
      },
    }),
    seedDemo: () => seedContentDemo(context),
  };
}
