#!/usr/bin/env node
// Compresses a built web app once, at build, so that the gateway sends each text file as brotli
// or gzip without compressing it per request (issue 17, ADR 0005). Beside every file worth it
// (scripts, styles, HTML, SVG, JSON, text; COMPRESS_MIN_BYTES or more) it writes `<file>.br`
// (brotli, quality 11) and `<file>.gz` (gzip, level 9), and leaves out a copy that would not be
// smaller. Source maps are not served and not compressed.
//
//   node scripts/precompress.mjs <dir> [<dir> ...]
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files smaller than this are sent as they are (the gateway's own threshold). */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/i;

async function* filesOf(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes the compressed copies in dir; answers what was written, file by file, with the sizes.
 * Copies left by an earlier build of a file that is gone or changed are replaced or removed.
 */
export async function precompress(dir) {
  const written = [];
  const files = [];
  for await (const path of filesOf(dir)) files.push(path);
  const present = new Set(files);
  for (const path of files) {
    // A copy whose file is gone (an earlier build's hashed asset) is removed.
    if (/\.(?:br|gz)$/.test(path) && !present.has(path.slice(0, -3))) await rm(path);
  }
  await Promise.all(
    files
      .filter((path) => COMPRESSIBLE.test(path))
      .map(async (path) => {
        if ((await stat(path)).size < COMPRESS_MIN_BYTES) {
          await Promise.all([rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })]);
          return;
        }
        const data = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gz(data, { level: 9 }),
        ]);
        const sizes = { path, size: data.length, br: null, gzip: null };
        for (const [ext, copy, key] of [
          ['.br', br, 'br'],
          ['.gz', gzipped, 'gzip'],
        ]) {
          if (copy.length < data.length) {
            await writeFile(`${path}${ext}`, copy);
            sizes[key] = copy.length;
          } else {
            await rm(`${path}${ext}`, { force: true });
          }
        }
        written.push(sizes);
      }),
  );
  return written.sort((a, b) => a.path.localeCompare(b.path));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/precompress.mjs <dir> [<dir> ...]');
    process.exit(2);
  }
  for (const dir of dirs) {
    const written = await precompress(dir);
    const total = (key) => written.reduce((sum, file) => sum + (file[key] ?? file.size), 0);
    console.log(
      `precompressed ${written.length} files in ${dir}: ${total('size')} bytes, brotli ${total('br')}, gzip ${total('gzip')}`,
    );
  }
}
