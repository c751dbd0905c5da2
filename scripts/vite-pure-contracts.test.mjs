import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseAst } from 'vite';
import { markPure } from './vite-pure-contracts.mjs';

const pure = (code) => markPure(code, parseAst(code))?.toString() ?? null;

describe('pureContracts', () => {
  it('wraps each computed top-level value in a pure call, exported or not', () => {
    assert.equal(
      pure('export const zA = z.object({ a: z.string() }).min(1);\nconst b = make();'),
      'export const zA = /* @__PURE__ */ (() => (z.object({ a: z.string() }).min(1)))();\n' +
        'const b = /* @__PURE__ */ (() => (make()))();',
    );
  });

  it('finds calls inside objects and arrays, and keeps one value computed once', () => {
    assert.equal(
      pure('export const M = { a: z.string(), b: [new Set()] };'),
      'export const M = /* @__PURE__ */ (() => ({ a: z.string(), b: [new Set()] }))();',
    );
  });

  it('leaves literals, references and functions alone (calls inside functions run later)', () => {
    assert.equal(
      pure("export const A = ['x', 'y'];\nconst B = A;\nexport const f = () => z.string();"),
      null,
    );
  });

  it('gives the same values when run', async () => {
    const code =
      'const base = [1, 2].map((n) => n * 2);\nexport const total = base.reduce((a, b) => a + b, 0);';
    const out = pure(code);
    const mod = await import(`data:text/javascript,${encodeURIComponent(out)}`);
    assert.equal(mod.total, 6);
  });
});

/** Every TypeScript source file of the contracts, tests left out. */
function contractSources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return contractSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const DECLARATIONS = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'VariableDeclaration',
  'FunctionDeclaration',
  'TSTypeAliasDeclaration',
  'TSInterfaceDeclaration',
  'TSEnumDeclaration',
]);

describe('the contracts', () => {
  it('have no top-level statement that acts: only imports, exports and declarations', () => {
    const root = join(import.meta.dirname, '..', 'libs', 'contracts', 'src');
    const acting = contractSources(root).flatMap((file) =>
      parseAst(readFileSync(file, 'utf8'), { lang: 'ts' })
        .body.filter((statement) => !DECLARATIONS.has(statement.type))
        .map((statement) => `${file}: ${statement.type} at ${statement.start}`),
    );
    assert.deepEqual(acting, []);
  });
});
