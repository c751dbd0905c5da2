/**
 * One content process that migrates its database, for db/migrations.itest.ts: it opens the
 * database named by MIGRATE_DATABASE_URL, prints `ready`, waits for a line on stdin (so that the
 * test can release several processes at the same moment), migrates as server.ts does, and
 * prints `migrated <ms>`. Any failure exits with code 1.
 */
import { createInterface } from 'node:readline';
import { createStorage, loadConfig, openDatabase, silentLogger } from '@porta/service-kit';
import { createContent } from '../app.js';
import { zContentConfig } from '../config.js';

const url = process.env.MIGRATE_DATABASE_URL;
if (!url) throw new Error('MIGRATE_DATABASE_URL is not set');
const config = loadConfig(zContentConfig, { LOG_LEVEL: 'silent', DATABASE_URL: url });
const database = await openDatabase({ url, poolSize: 2 });
try {
  const content = createContent({ database, config, storage: createStorage(config), logger: silentLogger });
  await database.ping();
  const lines = createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.once('line', () => resolve()));
  process.stdout.write('ready\n');
  await go;
  lines.close();
  const start = performance.now();
  await content.migrate();
  process.stdout.write(`migrated ${Math.round(performance.now() - start)}\n`);
} finally {
  await database.close();
}
