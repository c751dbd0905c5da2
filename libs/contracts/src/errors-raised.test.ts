import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CONTRACTS = join(ROOT, 'libs/contracts/src');

/** Tests, fault drills and test helpers do not raise anything users see. */
function isSource(path: string): boolean {
  return (
    /\.tsx?$/.test(path) &&
    !/\.d\.ts$/.test(path) &&
    !/\.(test|itest|fault)\.tsx?$/.test(path) &&
    !path.split(/[\\/]/).includes('testing')
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter(isSource);
}

/** The catalogue itself: errors.ts and each service's errors.ts merged into it. */
function isCatalogue(path: string): boolean {
  return /(^|[\\/])errors\.ts$/.test(relative(CONTRACTS, path));
}

/** Comments name codes without raising them: only code counts. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/**
 * Every code of the catalogue is raised somewhere: the services' sources, the service kit, or
 * the contracts outside the catalogue name it. A code no code path mentions is one users never
 * see: raise it where the specification calls for it, or remove it (with its translations).
 */
describe('the error catalogue', () => {
  it('has no code that no service, the service kit or the contracts raise', () => {
    const servicesDir = join(ROOT, 'services');
    const files = [
      ...readdirSync(servicesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) => sourceFiles(join(servicesDir, entry.name, 'src'))),
      ...sourceFiles(join(ROOT, 'libs/service-kit/src')),
      ...sourceFiles(CONTRACTS).filter((path) => !isCatalogue(path)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const code = files.map((path) => withoutComments(readFileSync(path, 'utf8'))).join('\n');
    const unraised = Object.keys(ERRORS).filter((name) => !new RegExp(`\\b${name}\\b`).test(code));
    expect(unraised).toEqual([]);
  });
});
