#!/usr/bin/env node
// The JavaScript a browser loads before a web app's first page can show (issue 17): the entry
// scripts and module preloads named by the built index.html, measured gzip-compressed (level 9,
// as the gateway sends them to a browser without brotli; brotli is smaller). Fails when an app is
// over its budget, so that the first load cannot grow unnoticed; pages loaded later (each
// section's own chunk, the other languages' dictionaries) do not count.
//
//   node scripts/check-bundle-size.mjs            check both apps after `npm run build`
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Budgets in bytes, gzip. The resident app's goal was 170 kB (issue 17), met at 144 kB once the
 * browser stopped checking answers with zod (ADR 0021); the budgets are what the apps weigh now
 * plus a little, and come down as the first loads do (docs/performance.md). The staff app's went
 * from 455 to 460 kB with the document library (issue 20): its screens and the libraries only they
 * use load later, but its menu entry, upload sender and English texts (the staff app's dictionary
 * is in the first load) add 1.9 kB.
 */
export const BUDGETS = {
  'web-resident': { dir: 'web-resident/dist', prefix: '/', budget: 152_000 },
  'web-admin': { dir: 'web-admin/dist', prefix: '/admin/', budget: 460_000 },
};

/** The scripts index.html makes the browser load at once: module entries and module preloads. */
export function firstLoadScripts(html) {
  const found = new Set();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) found.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0]);
    if (href) found.add(href[1]);
  }
  return [...found];
}

/** The first load of one built app: each script with its size as is and gzip-compressed. */
export function firstLoad(dir, prefix = '/') {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  return firstLoadScripts(html).map((src) => {
    const path = src.startsWith(prefix) ? src.slice(prefix.length) : src.replace(/^\//, '');
    const data = readFileSync(join(dir, path));
    return { src, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let failed = false;
  for (const [app, { dir, prefix, budget }] of Object.entries(BUDGETS)) {
    const scripts = firstLoad(join(root, dir), prefix);
    const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const bytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
    const over = gzip > budget;
    failed ||= over;
    console.log(
      `${app}: first load ${scripts.length} script(s), ${(bytes / 1000).toFixed(1)} kB, gzip ${(gzip / 1000).toFixed(1)} kB; budget ${(budget / 1000).toFixed(0)} kB${over ? ' — OVER BUDGET' : ''}`,
    );
    if (over) for (const s of scripts) console.log(`  ${s.src}: gzip ${(s.gzip / 1000).toFixed(1)} kB`);
  }
  process.exit(failed ? 1 : 0);
}
