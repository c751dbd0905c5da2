import { processManifest, renderCompose } from './deploy.js';

/**
 * `node services/gateway/dist/manifest.js`: the processes of the distributed mode as JSON, read by
 * scripts/start.mjs (`npm run start:cluster`) and the e2e portal. With `--compose`: docker-compose.yml
 * (`npm run compose` writes it).
 */
process.stdout.write(
  process.argv.includes('--compose') ? renderCompose() : `${JSON.stringify(processManifest())}\n`,
);
