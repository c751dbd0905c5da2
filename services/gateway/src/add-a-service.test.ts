import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, defineService, loadConfig, openDatabase } from '@porta/service-kit';
import { freePort } from '@porta/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayConfigSchema } from './config.js';
import { processManifest, renderCompose } from './deploy.js';
import { buildGateway } from './gateway.js';
import { SERVICES } from './services.js';
import { exampleService } from './testing/example-service/service.js';

/*
 * docs/architecture.md, "Adding a service": a service is its declaration and one line in the
 * registry. Here the example service (testing/example-service: a declaration and the two-line
 * server.ts every service has) joins the registry, and nothing else is written: the embedded
 * gateway hosts it, the OpenAPI document lists it, the distributed gateway proxies to it, its own
 * process runs from the kit, and the cluster's manifest and docker-compose carry it.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const withExample = [...SERVICES, exampleService] as const;
const zConfig = gatewayConfigSchema(withExample);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'porta-example-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('a service added by its declaration alone', () => {
  it('is hosted by the embedded gateway with its settings, and is in the OpenAPI document', async () => {
    const database: Database = await openDatabase({ dataDir: 'memory://' });
    cleanups.push(() => database.close());
    const config = loadConfig(zConfig, {
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: tempDir(),
      EXAMPLE_GREETING: 'Moi',
    });
    const gateway = await buildGateway(config, { database, services: withExample });
    try {
      const greeting = await gateway.app.inject({ method: 'GET', url: '/api/example/greeting' });
      expect(greeting.statusCode).toBe(200);
      expect(greeting.json()).toEqual({ greeting: 'Moi' });
      const docs = (await gateway.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, unknown>;
      }>();
      expect(Object.keys(docs.paths)).toContain('/api/example/greeting');
      // The services before it are all there too.
      expect(Object.keys(docs.paths)).toContain('/api/identity/me');
    } finally {
      await gateway.close();
    }
  });

  // A process started from the TypeScript sources, then a gateway in front of it: not a speed test.
  it('runs as its own process from the kit, and the distributed gateway proxies to it', async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(
      process.execPath,
      [
        '--conditions=@porta/source',
        '--import',
        'tsx',
        'services/gateway/src/testing/example-service/server.ts',
      ],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          DATA_DIR: tempDir(),
          EXAMPLE_GREETING: 'Hej',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (d) => {
      output += String(d);
    });
    child.stderr?.on('data', (d) => {
      output += String(d);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const ready = await fetch(`${url}/readyz`).catch(() => null);
      if (ready?.ok) break;
      if (i > 200 || child.exitCode !== null)
        throw new Error(`the example process did not get ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const gateway = await buildGateway(
      loadConfig(zConfig, { LOG_LEVEL: 'silent', MODE: 'distributed', EXAMPLE_URL: url }),
      { services: [exampleService] },
    );
    try {
      const greeting = await gateway.app.inject({ method: 'GET', url: '/api/example/greeting' });
      expect(greeting.statusCode).toBe(200);
      expect(greeting.json()).toEqual({ greeting: 'Hej' });
      const ready = await gateway.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toMatchObject({ status: 'ok', checks: { example: 'ok' } });
      const docs = (await gateway.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, unknown>;
      }>();
      expect(Object.keys(docs.paths)).toEqual(['/api/example/greeting']);
    } finally {
      await gateway.close();
    }
    // The kit's graceful shutdown.
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('is in the manifest of `npm run start:cluster`, with its port, address setting and script', () => {
    expect(processManifest(withExample).at(-1)).toEqual({
      name: 'example',
      script: 'services/example/dist/server.js',
      port: 3099,
      portKey: 'EXAMPLE_PORT',
      urlKey: 'EXAMPLE_URL',
      storesFiles: false,
    });
    expect((zConfig.parse({}) as Record<string, unknown>).EXAMPLE_URL).toBe('http://127.0.0.1:3099');
  });

  it('gets its container in docker-compose, and the gateway waits for it', () => {
    const compose = renderCompose(withExample);
    expect(compose).toContain('    EXAMPLE_URL: http://example:3000\n');
    expect(compose).toContain(
      '  example:\n    <<: *porta\n    command: ["node", "services/example/dist/server.js"]\n',
    );
    const gateway = compose.slice(compose.indexOf('\n  gateway:\n'));
    expect(gateway).toContain('      example: { condition: service_healthy }\n');
  });
});

describe('the registry', () => {
  it('is what docker-compose.yml says (npm run compose writes it)', () => {
    expect(readFileSync(join(root, 'docker-compose.yml'), 'utf8')).toBe(renderCompose());
  });

  it('refuses a name twice, a name that is not lower-case words with dashes, and a reserved port', () => {
    expect(() => gatewayConfigSchema([...SERVICES, SERVICES[1]])).toThrow(
      'service content is declared twice',
    );
    expect(() => defineService({ ...exampleService, name: 'Example' })).toThrow(
      'lower-case words with dashes',
    );
    expect(() => defineService({ ...exampleService, name: 'service_requests' })).toThrow('lower-case');
    expect(() => defineService({ ...exampleService, port: 80 })).toThrow('not a free user port');
  });
});
