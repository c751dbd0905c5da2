/**
 * The operators' view of the dead-letter store of one database (ADR 0009):
 *
 *   npm run dead-letters                         the letters waiting, per durable
 *   npm run dead-letters -- list [--durable d]   each letter: subject, id, deliveries, last error
 *   npm run dead-letters -- replay [--durable d] [--id m]   due now: replayed within the interval
 *   npm run dead-letters -- discard --durable d [--id m]    removed for good
 *
 * against DATABASE_URL (a service's PostgreSQL database in the distributed mode), or the embedded
 * mode's PGlite under DATA_DIR while the portal is stopped (PGlite takes one process at a time).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DeadLetters } from './dead-letters.js';

const config = loadConfig(
  z.object({
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().default('./data'),
  }),
);
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { durable: { type: 'string' }, id: { type: 'string' }, limit: { type: 'string' } },
});
const command = positionals[0] ?? 'counts';
const filter = {
  ...(values.durable ? { durable: values.durable } : {}),
  ...(values.id ? { messageId: values.id } : {}),
};

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pglite') });
const store = new DeadLetters({ database });
const out = (line: string) => process.stdout.write(`${line}\n`);
try {
  switch (command) {
    case 'counts': {
      const counts = await store.counts();
      if (counts.length === 0) out('No dead letters.');
      for (const { durable, n } of counts) out(`${durable}\t${n}`);
      break;
    }
    case 'list':
      for (const letter of await store.list(filter, Number(values.limit ?? 100))) {
        out(
          [
            letter.durable,
            letter.subject,
            letter.messageId,
            `parked ${letter.parkedAt.toISOString()}`,
            `${letter.deliveries} deliveries, ${letter.replays} replays`,
            letter.lastError ?? '',
          ].join('\t'),
        );
      }
      break;
    case 'replay':
      out(
        `${await store.replayNow(filter)} letter(s) due now; the consuming service replays them within its interval.`,
      );
      break;
    case 'discard':
      out(`${await store.discard(filter)} letter(s) discarded.`);
      break;
    default:
      process.stderr.write(`Unknown command "${command}": counts, list, replay or discard.\n`);
      process.exitCode = 2;
  }
} finally {
  await store.close();
  await database.close();
}
