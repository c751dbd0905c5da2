import { createStorage, type Database, loadConfig, MemoryBus, silentLogger } from '@porta/service-kit';
import { createServiceRequests } from '../app.js';
import { zServiceRequestsConfig } from '../config.js';

/** Run the service's migrations on a database (nothing else of the service starts). */
export function migrateServiceRequests(database: Database): Promise<void> {
  const bus = new MemoryBus();
  const service = createServiceRequests({
    database,
    config: loadConfig(zServiceRequestsConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    storage: createStorage({ DATA_DIR: '/nonexistent' }),
    logger: silentLogger,
    bus,
  });
  return service.migrate().finally(() => bus.close());
}
