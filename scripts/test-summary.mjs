#!/usr/bin/env node
// Adds up the vitest JSON reports of a CI run and prints one closing line: "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
for (const file of files) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(
    `${file.replace(/\.json$/, '').padEnd(32)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
}
if (files.length === 0) {
  console.error('No test reports found: no test ran.');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
