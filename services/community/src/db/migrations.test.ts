import { createStorage, type Database, loadConfig, MemoryBus, silentLogger } from '@porta/service-kit';
import { checkMigrations } from '@porta/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_MIGRATIONS, createCommunity } from '../app.js';
import { zCommunityConfig } from '../config.js';
import * as schema from './schema.js';

/**
 * The committed migrations (services/community/drizzle, made by drizzle-kit generate) on PGlite:
 * they apply, a second run changes nothing, and they build exactly the tables and columns that
 * src/db/schema.ts declares, so a schema change without a new migration fails here.
 */

function migrate(database: Database) {
  const bus = new MemoryBus();
  const service = createCommunity({
    database,
    config: loadConfig(zCommunityConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    storage: createStorage({ DATA_DIR: '/nonexistent' }),
    logger: silentLogger,
    bus,
  });
  return service.migrate().finally(() => bus.close());
}

describe('community migrations', () => {
  it('apply once, a second run changes nothing, and build exactly the columns of schema.ts', async () => {
    const result = await checkMigrations({
      service: 'community',
      pgSchema: 'community',
      folder: COMMUNITY_MIGRATIONS,
      schema,
      migrate,
    });
    expect(result.journal[0]!.tag).toBe('0000_community');
    expect(result.appliedFirst).toBe(result.journal.length);
    expect(result.appliedAgain).toBe(result.journal.length);
    expect(result.built).toEqual(result.declared);
  });
});
