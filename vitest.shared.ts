import { defineConfig } from 'vitest/config';

/**
 * One vitest setup for every package: workspace libraries resolve to their TypeScript sources
 * through the `@porta/source` export condition, so tests never need a prior build.
 */
export function portaVitestConfig(options: { include?: string[]; environment?: 'node' | 'jsdom' } = {}) {
  return defineConfig({
    resolve: { conditions: ['@porta/source', 'node', 'development|production'] },
    ssr: { resolve: { conditions: ['@porta/source', 'node', 'development|production'] } },
    test: {
      include: options.include ?? ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      environment: options.environment ?? 'node',
      testTimeout: 20_000,
      hookTimeout: 60_000,
      pool: 'forks',
    },
  });
}
