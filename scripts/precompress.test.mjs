import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from './precompress.mjs';

function builtApp() {
  const dir = mkdtempSync(join(tmpdir(), 'porta-precompress-'));
  mkdirSync(join(dir, 'assets'));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 17}`))};\n`;
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Porta</title>${'<p>hello</p>'.repeat(200)}`);
  writeFileSync(join(dir, 'assets', 'small.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'assets', 'app-1a2b.js.map'), script);
  writeFileSync(join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
  return { dir, script };
}

test('writes brotli and gzip copies that decompress to the file, beside every text file worth it', async () => {
  const { dir, script } = builtApp();
  try {
    const written = await precompress(dir);
    assert.deepEqual(
      written.map((file) => file.path.slice(dir.length + 1)),
      ['assets/app-1a2b.js', 'index.html'],
    );
    const js = join(dir, 'assets', 'app-1a2b.js');
    assert.equal(brotliDecompressSync(readFileSync(`${js}.br`)).toString(), script);
    assert.equal(gunzipSync(readFileSync(`${js}.gz`)).toString(), script);
    assert.ok(readFileSync(`${js}.br`).length < script.length / 4);
    // Too small, not text, or not served: left as they are.
    for (const name of ['assets/small.css', 'assets/app-1a2b.js.map', 'assets/photo.png']) {
      assert.equal(existsSync(join(dir, `${name}.br`)), false, name);
      assert.equal(existsSync(join(dir, `${name}.gz`)), false, name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a rebuild replaces changed copies and removes those whose file is gone', async () => {
  const { dir } = builtApp();
  try {
    await precompress(dir);
    const index = join(dir, 'index.html');
    const changed = `<!doctype html><title>Porta 2</title>${'<p>again</p>'.repeat(200)}`;
    writeFileSync(index, changed);
    rmSync(join(dir, 'assets', 'app-1a2b.js'));
    await precompress(dir);
    assert.equal(brotliDecompressSync(readFileSync(`${index}.br`)).toString(), changed);
    assert.equal(existsSync(join(dir, 'assets', 'app-1a2b.js.br')), false);
    assert.equal(existsSync(join(dir, 'assets', 'app-1a2b.js.gz')), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
