import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pureContracts } from '../scripts/vite-pure-contracts.mjs';
import { reporters } from '../vitest.shared.js';

/**
 * The staff app. The gateway serves it under /admin/, so assets are built for that base and the
 * router runs there too (see src/App.tsx). In development the API is proxied to the gateway.
 */
const conditions = ['@porta/source', 'module', 'browser', 'development|production'];

export default defineConfig({
  base: '/admin/',
  plugins: [react(), pureContracts()],
  resolve: { conditions },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Libraries in one chunk: split along the lazy screens, react-admin's internal import
        // cycles would become cycles between chunks. The screens' chunks hold only our code.
        manualChunks: (id) => (id.includes('/node_modules/') ? 'vendor' : undefined),
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    reporters: reporters('web-admin'),
  },
});
