import { defineConfig } from 'vitest/config';
import { reporters, SOURCE_CONDITIONS } from '../vitest.shared.js';

export default defineConfig({
  resolve: { conditions: SOURCE_CONDITIONS },
  ssr: { resolve: { conditions: SOURCE_CONDITIONS } },
  test: {
    include: ['src/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    reporters: reporters('e2e'),
  },
});
