import { fileURLToPath } from 'node:url';
import {
  type Bus,
  type Database,
  type HostedService,
  type Jobs,
  type KeySource,
  type Logger,
  type Mailer,
  repeatEvery,
  serviceParts,
} from '@porta/service-kit';
import type { IdentityConfig } from './config.js';
import type { IdentityContext } from './context.js';
import * as schema from './db/schema.js';
import { serveAudience } from './domain/audience.js';
import { serveBanCheck } from './domain/ban-check.js';
import { LoginThrottle } from './domain/brute-force.js';
import { serveDirectory } from './domain/directory.js';
import { FeatureCache, serveHousingCompanyFeatures } from './domain/features.js';
import { KeyStore } from './domain/keys.js';
import { serveAreas, serveNeighbours } from './domain/neighbours.js';
import { B2cLogin } from './domain/oidc.js';
import { serveRevocations } from './domain/revocations.js';
import { serveSignatures } from './domain/self-service.js';
import { SessionService } from './domain/sessions.js';
import { PURGE_SESSIONS_EVERY_MS, purgeSessionsJob } from './jobs/purge-sessions.job.js';
import { adminApartmentRoutes } from './routes/admin-apartments.routes.js';
import { adminHousingCompanyRoutes } from './routes/admin-housing-companies.routes.js';
import { adminRoleRoutes } from './routes/admin-roles.routes.js';
import { adminUserRoutes } from './routes/admin-users.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { banRoutes } from './routes/bans.routes.js';
import { featureToggleRoutes } from './routes/feature-toggles.routes.js';
import { gdprRoutes } from './routes/gdpr.routes.js';
import { invitationRoutes } from './routes/invitations.routes.js';
import { meRoutes } from './routes/me.routes.js';
import { mySettingsRoutes } from './routes/my-settings.routes.js';
import { oidcRoutes } from './routes/oidc.routes.js';
import { partnerRoutes } from './routes/partners.routes.js';
import { quickLinkRoutes } from './routes/quick-links.routes.js';
import { taxonomyRoutes } from './routes/taxonomy.routes.js';
import { seedDemo } from './seed.js';

export const IDENTITY_MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * identity on the kit's parts (serviceParts): start() schedules its background jobs (call it
 * before jobs.start()), starts the outbox relay and answers directory, feature, audience, ban,
 * neighbour, area and revocation requests from other services.
 */
export interface Identity extends HostedService {
  context: IdentityContext;
  /** Where other code in this process verifies access tokens from. */
  keySource: KeySource;
  /** Seed the demo data unless it is there; answers whether it seeded. */
  seedDemo(options?: { features?: boolean }): Promise<boolean>;
}

export function createIdentity(options: {
  database: Database;
  config: IdentityConfig;
  jobs?: Jobs;
  /** Where identity's events go; without one they stay in the outbox (tests read them there). */
  bus?: Bus;
  mailer?: Mailer;
  logger?: Logger;
}): Identity {
  const { database, config, jobs, bus, mailer, logger } = options;
  const db = database.drizzle(schema);
  const keys = new KeyStore(database, db);
  const sessions = new SessionService({ db, database, keys, config });
  const features = new FeatureCache(db);
  const oidc =
    config.B2C_ISSUER_URL && config.B2C_CLIENT_ID && config.B2C_CLIENT_SECRET
      ? new B2cLogin(db, sessions, {
          B2C_ISSUER_URL: config.B2C_ISSUER_URL,
          B2C_CLIENT_ID: config.B2C_CLIENT_ID,
          B2C_CLIENT_SECRET: config.B2C_CLIENT_SECRET,
          B2C_REDIRECT_URI: config.B2C_REDIRECT_URI,
          PUBLIC_URL: config.PUBLIC_URL,
          PORT: config.PORT,
        })
      : null;
  const parts = serviceParts({ name: 'identity', database, bus, outbox: schema.outbox, logger });
  const context: IdentityContext = {
    config,
    database,
    db,
    keys,
    sessions,
    features,
    throttle: new LoginThrottle(db, { lock: (key, fn) => database.withAdvisoryLock(key, fn) }),
    oidc,
    mailer: mailer ?? null,
    kickEvents: parts.kickEvents,
  };
  return {
    context,
    ...parts.host({
      title: 'Porta identity',
      migrations: IDENTITY_MIGRATIONS,
      routes: async (app) => {
        await authRoutes(app, context);
        await oidcRoutes(app, context);
        await meRoutes(app, context);
        await mySettingsRoutes(app, context);
        await invitationRoutes(app, context);
        await gdprRoutes(app, context);
        await quickLinkRoutes(app, context);
        await adminUserRoutes(app, context);
        await adminRoleRoutes(app, context);
        await banRoutes(app, context);
        await featureToggleRoutes(app, context);
        await adminHousingCompanyRoutes(app, context);
        await adminApartmentRoutes(app, context);
        await partnerRoutes(app, context);
        await taxonomyRoutes(app, context);
      },
      async start(running) {
        if (bus)
          for (const responder of [
            await features.forgetOnChanges(bus),
            await serveDirectory(db, bus),
            await serveHousingCompanyFeatures(features, bus),
            await serveAudience(db, bus),
            await serveBanCheck(db, bus),
            await serveNeighbours(db, bus),
            await serveAreas(db, bus),
            await serveSignatures(db, bus),
            await serveRevocations(db, bus, {
              tokenTtlMs: config.ACCESS_TOKEN_TTL_SECONDS * 1000,
              ...(database.listen ? { listen: database.listen } : {}),
              ...(logger ? { logger } : {}),
            }),
          ])
            running.add(responder);
        await repeatEvery(jobs, purgeSessionsJob(sessions), PURGE_SESSIONS_EVERY_MS);
      },
    }),
    keySource: { kind: 'local', keys: () => keys.jwks() },
    seedDemo: (options) => seedDemo(db, options),
  };
}
