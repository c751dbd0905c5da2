import { defineConfig } from 'vitest/config';
import { reporters, SOURCE_CONDITIONS } from './vitest.shared.js';

/**
 * Fault tests (`*.fault.ts`): the distributed mode on the real PostgreSQL, NATS and Redis while
 * connections drop, brokers and Redis stop and come back empty, and processes are killed. A test
 * that stops a server starts one of its own on a free port (service-kit/testing `startNatsServer`,
 * `startRedisServer`). The portal-wide ones (e2e/src/*.fault.ts) run the built processes: after
 * `npm run build`. One file at a time, each in its own process. `npm run test:faults`.
 */
export default defineConfig({
  resolve: { conditions: SOURCE_CONDITIONS },
  ssr: { resolve: { conditions: SOURCE_CONDITIONS } },
  test: {
    include: ['libs/**/src/**/*.fault.ts', 'services/**/src/**/*.fault.ts', 'e2e/src/**/*.fault.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: reporters('faults'),
  },
});
