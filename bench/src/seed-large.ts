/**
 * `npm run seed:large`: write the large data set (1,000 housing companies, 50,000 apartments,
 * 100,000 users at scale 1) into identity's schema and its content (200,000 articles, 100,000
 * calendar entries, steps, contacts, campaigns, feed items, the directory read model) into the
 * content service's, and on request service requests into the service-requests service's, on
 * PGlite (DATA_DIR, as `npm start`) or on PostgreSQL (DATABASE_URL). Refuses when the data set is
 * there; `--reset` replaces it.
 *
 *   npm run seed:large -- [--scale 0.05] [--content 0.5] [--service-requests 500000] [--reset]
 *                         [--data-dir ./data] [--database-url postgres://…]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { seedLargeContent } from './large/content.js';
import { describeTarget, LARGE_PASSWORD, LargeDataExists, seedLarge } from './large/seed.js';
import { SRQ_BUSY_SHARE, seedServiceRequests } from './large/service-requests.js';

const USAGE = `Usage: npm run seed:large -- [options]

  --scale <n>            fraction of the full size (1 = 1,000 housing companies, 50,000 apartments,
                         100,000 users); default 1, or SEED_SCALE
  --content <f>          fraction of the content's articles and calendar entries (1 = 200,000 and
                         100,000 at scale 1); 0 for none; default 1
  --service-requests <n> service requests to write (10 % in the largest Finnish company, the rest
                         spread by residents; see docs/performance.md); default 0, none
  --reset                replace the large data set when it is there (otherwise the run refuses)
  --data-dir <dir>       PGlite: the Porta data folder (its pglite/ subfolder holds the database);
                         default DATA_DIR or ./data, the folder \`npm start\` uses
  --database-url <url>   PostgreSQL instead of PGlite; default DATABASE_URL
  --help                 this text

Stop Porta first when it runs on the same PGlite folder (one process at a time can open it).`;

const { values } = parseArgs({
  options: {
    scale: { type: 'string' },
    content: { type: 'string' },
    'service-requests': { type: 'string' },
    reset: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const scale = Number(values.scale ?? (process.env.SEED_SCALE || '1'));
if (!Number.isFinite(scale) || scale <= 0 || scale > 10) {
  console.error(`--scale must be a number above 0 and at most 10, got "${values.scale}"`);
  process.exit(2);
}
const content = Number(values.content ?? '1');
if (!Number.isFinite(content) || content < 0 || content > 1) {
  console.error(`--content must be a number from 0 to 1, got "${values.content}"`);
  process.exit(2);
}
const serviceRequests = Number(values['service-requests'] ?? '0');
if (!Number.isInteger(serviceRequests) || serviceRequests < 0 || serviceRequests > 10_000_000) {
  console.error(
    `--service-requests must be a whole number from 0 to 10,000,000, got "${values['service-requests']}"`,
  );
  process.exit(2);
}
const url = values['database-url'] || process.env.DATABASE_URL || undefined;
const target = url
  ? { url }
  : { dataDir: resolve(values['data-dir'] || process.env.DATA_DIR || './data', 'pglite') };

console.log(`Seeding the large data set at scale ${scale} into ${describeTarget(target)}`);
try {
  const result = await seedLarge(target, {
    scale,
    password: LARGE_PASSWORD,
    reset: values.reset,
    log: (line) => console.log(line),
  });
  const counts = Object.entries(result.counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  console.log(`Identity done in ${(result.totalMs / 1000).toFixed(1)} s: ${counts}.`);
  if (content > 0) {
    const written = await seedLargeContent(target, {
      scale,
      fraction: content,
      reset: true,
      log: (line) => console.log(line),
    });
    const contentCounts = Object.entries(written.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    console.log(`Content done in ${(written.totalMs / 1000).toFixed(1)} s: ${contentCounts}.`);
  }
  if (serviceRequests > 0) {
    const written = await seedServiceRequests(target, {
      requests: serviceRequests,
      busyShare: SRQ_BUSY_SHARE,
      reset: true,
      log: (line) => console.log(line),
    });
    const srqCounts = Object.entries(written.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    console.log(`Service requests done in ${(written.totalMs / 1000).toFixed(1)} s: ${srqCounts}.`);
  }
  console.log(`Every user of the data set signs in with the password ${LARGE_PASSWORD}.`);
} catch (err) {
  if (err instanceof LargeDataExists) {
    console.error(err.message);
    process.exitCode = 3;
  } else {
    console.error(err);
    process.exitCode = 1;
  }
}
