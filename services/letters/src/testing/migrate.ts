import { type Database, loadConfig, MemoryBus, silentLogger } from '@porta/service-kit';
import { createLetters } from '../app.js';
import { zLettersConfig } from '../config.js';

/** Run the service's migrations on a database (nothing else of the service starts). */
export function migrateLetters(database: Database): Promise<void> {
  const bus = new MemoryBus();
  const service = createLetters({
    database,
    config: loadConfig(zLettersConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    logger: silentLogger,
    bus,
  });
  return service.migrate().finally(() => bus.close());
}
