import { defineConfig } from 'vitest/config';
import { reporters, SOURCE_CONDITIONS } from './vitest.shared.js';

/**
 * Integration tests (`*.itest.ts`) against the real PostgreSQL, NATS and Redis (see
 * libs/service-kit/src/testing/services.ts): one file at a time, each in its own process, since
 * they share those services. Run with `npx vitest run --config vitest.integration.config.ts`.
 */
export default defineConfig({
  resolve: { conditions: SOURCE_CONDITIONS },
  ssr: { resolve: { conditions: SOURCE_CONDITIONS } },
  test: {
    include: ['libs/**/src/**/*.itest.ts', 'services/**/src/**/*.itest.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: reporters('integration'),
  },
});
