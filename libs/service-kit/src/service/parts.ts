import { OutboxRelay, type OutboxTable } from '../bus/outbox.js';
import type { Bus, Logger } from '../bus/types.js';
import type { Database } from '../db/database.js';
import { migrateService } from '../db/migrate.js';
import { type ServicePluginOptions, servicePlugin } from '../http/service-plugin.js';
import type { HostedService } from './definition.js';
import { Running } from './running.js';

/** What a service adds to its common parts: its routes, its migrations and what it starts. */
export interface ServiceHostOptions {
  /** The OpenAPI document's title ("Porta content"). */
  title: string;
  routes: ServicePluginOptions['routes'];
  /** The folder of its drizzle migrations (bookkept per service name); none for a service without tables. */
  migrations?: string;
  /**
   * Its consumers, responders and repeating jobs, started after the relay; whatever it hands to
   * `running` is stopped with the service, the last started first.
   */
  start?(running: Running): Promise<void>;
}

export interface ServiceParts {
  /** Wakes the outbox relay after a commit that wrote events (does nothing without one). */
  kickEvents(): void;
  /** The service's plugin, migrations, start and stop around its own routes and parts. */
  host(options: ServiceHostOptions): Pick<HostedService, 'plugin' | 'migrate' | 'start' | 'stop'>;
}

/**
 * The parts every service's factory has: the relay that publishes its outbox (when it has a bus
 * and an outbox), what it runs between start and stop, its plugin under /api/<name> and its
 * migrations. Made first, so that the service's context can take `kickEvents`.
 */
export function serviceParts(options: {
  name: string;
  database: Database;
  bus?: Bus | null;
  outbox?: OutboxTable;
  logger?: Logger;
}): ServiceParts {
  const { name, database, bus, outbox, logger } = options;
  const relay =
    bus && outbox ? new OutboxRelay({ database, outbox, bus, ...(logger ? { logger } : {}) }) : null;
  return {
    kickEvents: () => relay?.kick(),
    host: (service) => {
      const running = new Running();
      return {
        plugin: servicePlugin({ name, title: service.title, routes: service.routes }),
        migrate: async () => {
          if (service.migrations) await migrateService(database, name, service.migrations);
        },
        async start() {
          if (relay) running.add(relay).start();
          await service.start?.(running);
        },
        stop: () => running.stop(),
      };
    },
  };
}
