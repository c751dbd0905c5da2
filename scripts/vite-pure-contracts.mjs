// A Vite plugin for the web apps (ADR 0021): the contracts' top-level values are pure, so the
// bundler may drop the ones an app does not use. A contract module defines zod schemas next to the
// constants and helpers the apps import (a role list, a page size, a link builder); the bundler
// cannot know that `z.object({...})` has no side effect, so importing one constant kept every
// schema of its module, and those kept zod's whole classic build (27 kB gzip) in the first load.
// Each top-level `const` whose value is computed by a call is wrapped in an immediately called
// arrow marked `/* @__PURE__ */`: unused, it goes; used, it is the same value made at the same
// moment. The contracts have no top-level statement that acts (no registry, no I/O): a test in
// scripts/vite-pure-contracts.test.mjs keeps it so.
import MagicString from 'magic-string';

const CONTRACTS = /[\\/]libs[\\/]contracts[\\/]src[\\/].*\.ts$/;
const PURE = '/* @__PURE__ */ ';

/** Whether evaluating the expression calls something (calls inside functions do not count). */
export function callsWhenEvaluated(node) {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(callsWhenEvaluated);
  switch (node.type) {
    case 'CallExpression':
    case 'NewExpression':
    case 'TaggedTemplateExpression':
      return true;
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'ClassExpression':
      return false;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end' || key === 'range' || key === 'loc') continue;
    if (value && typeof value === 'object' && callsWhenEvaluated(value)) return true;
  }
  return false;
}

/** The top-level declarators of a module's program whose value is computed by a call. */
function computedDeclarators(program) {
  const found = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.init && callsWhenEvaluated(declarator.init)) found.push(declarator.init);
    }
  }
  return found;
}

/** The module's code with its computed top-level values made pure, or null when it has none. */
export function markPure(code, program) {
  const inits = computedDeclarators(program);
  if (inits.length === 0) return null;
  const out = new MagicString(code);
  for (const init of inits) {
    out.appendLeft(init.start, `${PURE}(() => (`);
    out.prependRight(init.end, '))()');
  }
  return out;
}

export function pureContracts() {
  return {
    name: 'porta:pure-contracts',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACTS.test(id.split('?')[0])) return null;
      const out = markPure(code, this.parse(code));
      return out ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) } : null;
    },
  };
}
