import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';

/** Workspace libraries resolve to their TypeScript sources, so tests never need a prior build. */
export const SOURCE_CONDITIONS = ['@porta/source', 'node', 'development|production'];

/**
 * JSON reports for CI's summary line when PORTA_TEST_REPORT names a folder (set by .ci/run).
 * `name` tells the reports apart.
 */
export function reporters(name: string): (string | [string, Record<string, unknown>])[] {
  const dir = process.env.PORTA_TEST_REPORT;
  return dir ? ['default', ['json', { outputFile: `${dir}/${name}.json` }]] : ['default'];
}

/** One vitest setup for every package. */
export function portaVitestConfig(options: { include?: string[]; environment?: 'node' | 'jsdom' } = {}) {
  const name = basename(process.cwd());
  return defineConfig({
    resolve: { conditions: SOURCE_CONDITIONS },
    ssr: { resolve: { conditions: SOURCE_CONDITIONS } },
    test: {
      include: options.include ?? ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      environment: options.environment ?? 'node',
      testTimeout: 20_000,
      hookTimeout: 60_000,
      pool: 'forks',
      // One process runs the package's files one after another: the workspace's modules are
      // loaded and PGlite's WebAssembly compiled once, not once per file (identity: 90 s → 51 s).
      // The files share no state: each builds its own apps and databases.
      isolate: false,
      reporters: reporters(name),
    },
  });
}
