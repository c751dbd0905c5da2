import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { firstLoad, firstLoadScripts } from './check-bundle-size.mjs';

test('counts the entry scripts and module preloads of index.html, not the chunks loaded later', () => {
  const dir = mkdtempSync(join(tmpdir(), 'porta-bundle-'));
  try {
    mkdirSync(join(dir, 'assets'));
    const entry = 'import "./vendor-b.js";\n'.repeat(100);
    const vendor = 'export const v = 1;\n'.repeat(300);
    writeFileSync(join(dir, 'assets', 'index-a.js'), entry);
    writeFileSync(join(dir, 'assets', 'vendor-b.js'), vendor);
    writeFileSync(join(dir, 'assets', 'news-c.js'), 'later'.repeat(10_000));
    writeFileSync(
      join(dir, 'index.html'),
      [
        '<!doctype html><head>',
        '<script type="module" crossorigin src="/admin/assets/index-a.js"></script>',
        '<link rel="modulepreload" crossorigin href="/admin/assets/vendor-b.js">',
        '<link rel="stylesheet" crossorigin href="/admin/assets/index.css">',
        '</head>',
      ].join('\n'),
    );
    assert.deepEqual(firstLoadScripts(readHtml(dir)), [
      '/admin/assets/index-a.js',
      '/admin/assets/vendor-b.js',
    ]);
    const scripts = firstLoad(dir, '/admin/');
    assert.deepEqual(
      scripts.map((s) => [s.src, s.bytes, s.gzip]),
      [
        ['/admin/assets/index-a.js', entry.length, gzipSync(entry, { level: 9 }).length],
        ['/admin/assets/vendor-b.js', vendor.length, gzipSync(vendor, { level: 9 }).length],
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function readHtml(dir) {
  return readFileSync(join(dir, 'index.html'), 'utf8');
}
