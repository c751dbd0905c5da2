import { openDatabase } from './database.js';
import { keysetSuite } from './fixtures/keyset-suite.js';

keysetSuite('PGlite', () => openDatabase({ dataDir: 'memory://' }), 'keyset_test');
