import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { integrationServiceUrls, requireService } from '../testing/services.js';
import { openDatabase } from './database.js';
import { keysetSuite } from './fixtures/keyset-suite.js';

const urls = integrationServiceUrls();
const postgresUp = await requireService('PostgreSQL', urls.DATABASE_URL);

describe.skipIf(!postgresUp)('PostgreSQL', () => {
  keysetSuite(
    'PostgreSQL',
    () => openDatabase({ url: urls.DATABASE_URL }),
    `it_keyset_${randomBytes(4).toString('hex')}`,
  );
});
