import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pureContracts } from '../scripts/vite-pure-contracts.mjs';
import { reporters } from '../vitest.shared.js';

/**
 * The staff app. The gateway serves it under /admin/, so assets are built for that base and the
 * router runs there too (see src/App.tsx). In development the API is proxied to the gateway.
 */
const conditions = ['@porta/source', 'module', 'browser', 'development|production'];

/** The rich-text editor: its packages and our module that is loaded with them. */
const EDITOR_MODULES =
  /\/node_modules\/(@tiptap\/|prosemirror-|ra-input-rich-text\/)|\/src\/content\/(RichTextEditor\.tsx|rich-text-extensions\.ts)$/;

/**
 * MUI components only the editor uses (its toolbars' toggle buttons, select and list items). MUI's index
 * imports every component; that import does not make them the app's. Should a screen use one of
 * them, the first load would take the editor's chunk, which `npm run check:size` would catch.
 */
const EDITOR_ONLY_MUI =
  /\/node_modules\/@mui\/material\/(esm\/)?(ToggleButton|ToggleButtonGroup|NativeSelect|ListItem|ListItemButton|ListItemSecondaryAction)\//;
const MUI_INDEX = /\/node_modules\/@mui\/material\/(esm\/)?index\.js$/;

type ModuleInfoOf = (
  id: string,
) => { importers: readonly string[]; dynamicImporters: readonly string[]; isEntry: boolean } | null;

/** A part of the app loaded later, whose own libraries (imported by it alone) load with it. */
interface LazyPart {
  chunk: string;
  /** Its modules (ours and the libraries that are its alone by name). */
  modules: RegExp;
  /** MUI components only it uses (MUI's index imports every one). */
  mui: RegExp | null;
}

/**
 * The document library's screens (src/resources/documents, loaded when first opened): the icons
 * only they use load with them.
 */
const DOCUMENTS_MODULES = /\/src\/resources\/documents\//;

/**
 * Whether a library module is there only for one lazy part: every module importing it is the
 * part's (the rich-text editor's: icons of its buttons, ProseMirror's helpers…). Such modules go
 * to the part's chunk, so that the first load does not carry them.
 */
function onlyFor(
  part: LazyPart,
  id: string,
  moduleInfo: ModuleInfoOf,
  known: Map<string, boolean>,
  visiting = new Set<string>(),
): boolean {
  if (part.modules.test(id)) return true;
  if (!id.includes('/node_modules/')) return false;
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  // An import cycle: decided by the cycle's other importers.
  if (visiting.has(id)) return true;
  const info = moduleInfo(id);
  if (!info || info.isEntry || info.dynamicImporters.length > 0 || info.importers.length === 0) return false;
  visiting.add(id);
  const only = info.importers.every(
    (importer) =>
      (MUI_INDEX.test(importer) && !!part.mui?.test(id)) ||
      onlyFor(part, importer, moduleInfo, known, visiting),
  );
  visiting.delete(id);
  // Not only for the editor holds whatever the cycles; only for it, once the walk is done.
  if (!only || visiting.size === 0) known.set(id, only);
  return only;
}
const LAZY_PARTS: (LazyPart & { known: Map<string, boolean> })[] = [
  { chunk: 'editor', modules: EDITOR_MODULES, mui: EDITOR_ONLY_MUI, known: new Map() },
  { chunk: 'documents', modules: DOCUMENTS_MODULES, mui: null, known: new Map() },
];

export default defineConfig({
  base: '/admin/',
  plugins: [react(), pureContracts()],
  // One react-admin UI package for react-admin and the rich-text input (npm installs two copies).
  resolve: { conditions, dedupe: ['ra-ui-materialui'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Libraries in one chunk: split along the lazy screens, react-admin's internal import
        // cycles would become cycles between chunks. The screens' chunks hold only our code.
        // The rich-text editor (TipTap, ProseMirror) is a chunk of its own, loaded with the forms
        // that have an HTML field (src/content/RichTextInput.tsx), not with the first page; so are
        // the libraries only the document library's screens use.
        manualChunks: (id, { getModuleInfo }) => {
          if (!id.includes('/node_modules/')) return undefined;
          const part = LAZY_PARTS.find((p) => onlyFor(p, id, getModuleInfo, p.known));
          return part?.chunk ?? 'vendor';
        },
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
    // A whole form filled and saved in jsdom takes 20–50 s on CI's two cores, and the machine's
    // speed moves by half between days: one generous budget for every test (it only stops a hung
    // test; what a test asserts does not depend on it) instead of a hand-tuned timeout per test.
    testTimeout: 90_000,
    pool: 'forks',
    // One page for the package's files, one after another: react-admin, MUI and the app are
    // loaded once, not once per file (web-admin: 488 s → 245 s in CI's unit step). Each file starts
    // from a fresh page's state (src/testing/setup.ts).
    isolate: false,
    // Two workers, each with its own page for its share of the files: Nx starts this package last
    // in CI's unit step, where it ran alone on one of the two cores for five minutes (alone here:
    // 352 s on one worker, 179 s on two).
    maxWorkers: 2,
    reporters: reporters('web-admin'),
  },
});
