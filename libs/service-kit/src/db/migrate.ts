import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './database.js';

/**
 * Apply a service's committed drizzle-kit migrations under an advisory lock, so that several
 * processes starting at once migrate once. The bookkeeping table of each service is
 * `drizzle.<service>_migrations`.
 */
export async function migrateService(database: Database, service: string, migrationsFolder: string) {
  const db = database.drizzle({});
  const config = {
    migrationsFolder,
    migrationsSchema: 'drizzle',
    migrationsTable: `${service.replaceAll('-', '_')}_migrations`,
  };
  await database.withAdvisoryLock(`porta:migrate:${service}`, async () => {
    if (database.kind === 'pglite') {
      await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], config);
    } else {
      await migratePg(db as unknown as Parameters<typeof migratePg>[0], config);
    }
  });
}
