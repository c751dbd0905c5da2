import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './settings.js';

const BUILT = [
  'services/gateway/dist/server.js',
  'services/identity/dist/server.js',
  'services/content/dist/server.js',
  'services/service-requests/dist/server.js',
];

/**
 * Build the gateway and what it depends on (identity, content, service-requests, service-kit, contracts…) into dist/. Nx
 * answers from its cache when nothing changed. Without the Nx daemon, so that nothing is left
 * running. Answers whether the build is current; a failed build with an older dist still
 * present is reported and measured.
 */
export function ensureBuilt(): { current: boolean } {
  console.log('Building @porta/gateway and its dependencies (Nx cache)…');
  const nx = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', '-p', '@porta/gateway', '--outputStyle=static'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    },
  );
  if (nx.status !== 0) console.error(`${nx.stdout}${nx.stderr}`);
  const present = BUILT.every((file) => existsSync(join(ROOT, file)));
  if (nx.status === 0 && present) return { current: true };
  if (!present) throw new Error('The build failed and there is no dist/ to measure: run `npm run build`.');
  console.warn('WARNING: the build failed; measuring the dist/ left by an earlier build.');
  return { current: false };
}
