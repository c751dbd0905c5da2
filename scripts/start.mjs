#!/usr/bin/env node
// Starts Porta. `embedded` (npm start): one process, PGlite under ./data, demo data on the first
// start. `cluster` (npm run start:cluster): every service of the registry
// (services/gateway/src/services.ts) and the gateway as separate processes on DATABASE_URL, NATS_URL
// and REDIS_URL; a service's port is <NAME>_PORT (IDENTITY_PORT=3001, …). Builds whatever is missing
// or out of date first (Nx cache).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mode = process.argv[2] === 'cluster' ? 'cluster' : 'embedded';

function build() {
  if (process.env.PORTA_SKIP_BUILD === 'true') return;
  const nx = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NX_NO_CLOUD: 'true' },
  });
  if (nx.status !== 0) {
    console.error('Porta: the build failed; see above.');
    process.exit(nx.status ?? 1);
  }
}

const children = new Set();
let stopping = false;
/**
 * Start a process. In the cluster a service that dies is started again (after 1 s, doubling up to
 * 30 s), so that one crash does not take the whole portal down; one that dies five times within a
 * minute stops the rest, as a fault that restarts cannot mend. The embedded gateway is the whole
 * portal: when it stops, so does this.
 */
function run(name, script, env, { restart = false } = {}) {
  const deaths = [];
  const launch = () => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping) {
        if (children.size === 0) process.exit(0);
        return;
      }
      const now = Date.now();
      deaths.push(now);
      while (deaths.length && now - deaths[0] > 60_000) deaths.shift();
      if (!restart || deaths.length >= 5) {
        console.error(`Porta: ${name} stopped (${signal ?? code}); stopping the rest.`);
        stop(code ?? 1);
        return;
      }
      const delay = Math.min(1000 * 2 ** (deaths.length - 1), 30_000);
      console.error(`Porta: ${name} stopped (${signal ?? code}); starting it again in ${delay / 1000} s.`);
      setTimeout(() => {
        if (!stopping) launch();
      }, delay);
    });
  };
  launch();
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  if (children.size === 0) process.exit(code);
  setTimeout(() => process.exit(code), 15_000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

build();
const gatewayScript = 'services/gateway/dist/server.js';
if (!existsSync(`${root}/${gatewayScript}`)) {
  console.error('Porta: the gateway was not built.');
  process.exit(1);
}

if (mode === 'embedded') {
  run('gateway', gatewayScript, { MODE: 'embedded' });
} else {
  const missing = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'].filter((key) => !process.env[key]);
  if (missing.length) {
    console.error(`Porta: the cluster needs ${missing.join(', ')}. For the services on this machine:`);
    console.error(
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster',
    );
    process.exit(1);
  }
  // The processes come from the registry of services (services/gateway/src/services.ts).
  const manifest = spawnSync(process.execPath, ['services/gateway/dist/manifest.js'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (manifest.status !== 0) {
    console.error('Porta: could not read the list of services (services/gateway/dist/manifest.js).');
    process.exit(1);
  }
  const services = JSON.parse(manifest.stdout);
  const urlOf = (service) => `http://127.0.0.1:${process.env[service.portKey] ?? service.port}`;
  const identity = services.find((service) => service.name === 'identity');
  for (const service of services) {
    run(
      service.name,
      service.script,
      {
        PORT: process.env[service.portKey] ?? String(service.port),
        HOST: '127.0.0.1',
        TRUST_PROXY: 'loopback',
        SEED_DEMO: process.env.SEED_DEMO ?? 'true',
        IDENTITY_URL: urlOf(identity),
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`,
      },
      { restart: true },
    );
  }
  run(
    'gateway',
    gatewayScript,
    {
      MODE: 'distributed',
      ...Object.fromEntries(services.map((service) => [service.urlKey, urlOf(service)])),
    },
    { restart: true },
  );
}
