/**
 * The bench's entry: builds Porta into dist/ first, then loads the runner (run.ts), whose modules
 * import the built packages — so that a fresh clone can run `npm run bench` without a build of
 * its own.
 */
import { ensureBuilt } from './build.js';
import { readSettings } from './settings.js';

const settings = readSettings();
let build = 'source';
if (!settings.fromSource) {
  build = settings.skipBuild ? 'dist (build skipped)' : ensureBuilt().current ? 'dist' : 'dist (stale)';
}
process.env.BENCH_BUILD_NOTE = build;
await import('./run.js');
