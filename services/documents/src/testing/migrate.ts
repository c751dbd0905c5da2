import { createStorage, type Database, loadConfig, MemoryBus, silentLogger } from '@porta/service-kit';
import { createDocuments } from '../app.js';
import { zDocumentsConfig } from '../config.js';

/** Run the service's migrations on a database (nothing else of the service starts). */
export function migrateDocuments(database: Database): Promise<void> {
  const bus = new MemoryBus();
  const service = createDocuments({
    database,
    config: loadConfig(zDocumentsConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    storage: createStorage({ DATA_DIR: '/nonexistent' }),
    logger: silentLogger,
    bus,
  });
  return service.migrate().finally(() => bus.close());
}
