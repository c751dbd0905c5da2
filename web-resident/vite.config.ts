import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pureContracts } from '../scripts/vite-pure-contracts.mjs';
import { reporters } from '../vitest.shared.js';

/**
 * Workspace libraries are consumed as TypeScript sources through the `@porta/source` export
 * condition, so the app builds without building the libraries first.
 */
const conditions = ['@porta/source', 'module', 'browser', 'development|production'];

export default defineConfig({
  base: '/',
  plugins: [react(), pureContracts()],
  resolve: { conditions },
  // Tests marked `@vitest-environment node` load modules the server way: the same sources.
  ssr: { resolve: { conditions: ['@porta/source', 'node', 'development|production'] } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        // Lazy dictionaries get readable names: assets/locale-fi-common-<hash>.js
        chunkFileNames: (chunk) => {
          const locale = chunk.facadeModuleId?.match(/locales\/(\w+)\/(\w+)\.json$/);
          return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // One page for the package's files, one after another: react-admin, MUI and the app are
    // loaded once, not once per file (web-admin: 488 s → 245 s in CI's unit step). Each file starts
    // from a fresh page's state (src/testing/setup.ts).
    isolate: false,
    reporters: reporters('web-resident'),
  },
});
