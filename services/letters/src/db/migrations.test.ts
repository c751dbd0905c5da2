import { checkMigrations } from '@porta/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { LETTERS_MIGRATIONS } from '../app.js';
import { migrateLetters } from '../testing/migrate.js';
import * as schema from './schema.js';

/**
 * The committed migrations (services/letters/drizzle, made by drizzle-kit generate) on PGlite:
 * they apply, a second run changes nothing, and they build exactly the tables and columns that
 * src/db/schema.ts declares, so a schema change without a new migration fails here.
 */

describe('letters migrations', () => {
  it('apply once, a second run changes nothing, and build exactly the columns of schema.ts', async () => {
    const result = await checkMigrations({
      service: 'letters',
      pgSchema: 'letters',
      folder: LETTERS_MIGRATIONS,
      schema,
      migrate: migrateLetters,
    });
    expect(result.journal[0]!.tag).toBe('0000_letters');
    expect(result.appliedFirst).toBe(result.journal.length);
    expect(result.appliedAgain).toBe(result.journal.length);
    expect(result.built).toEqual(result.declared);
  });
});
