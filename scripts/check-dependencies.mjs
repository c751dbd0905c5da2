#!/usr/bin/env node
// The dependency check of CI, which works without an advisory service. First `npm audit
// --omit=dev`: when the registry answers, its findings fail the check; when the registry refuses
// or cannot be reached (this machine's registry answers the audit endpoint 405), the audit is
// skipped with a message saying so. Then, always, every package of package-lock.json is checked
// against the advisories kept in scripts/dependency-advisories.json; a match that is not accepted
// there with a reason fails the check.
//
//   node scripts/check-dependencies.mjs [--lockfile <path>] [--advisories <path>] [--no-audit]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A version as [major, minor, patch, prerelease] ('' when there is none), or null. */
export function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3]), match[4] ?? ''] : null;
}

function comparePrerelease(a, b) {
  if (a === b) return 0;
  // A release is higher than any of its prereleases.
  if (a === '') return 1;
  if (b === '') return -1;
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i] === undefined) return -1;
    if (right[i] === undefined) return 1;
    const numeric = /^\d+$/.test(left[i]) && /^\d+$/.test(right[i]);
    const order = numeric ? Number(left[i]) - Number(right[i]) : left[i].localeCompare(right[i]);
    if (order !== 0) return Math.sign(order);
  }
  return 0;
}

export function compareVersions(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return Math.sign(a[i] - b[i]);
  return comparePrerelease(a[3], b[3]);
}

/**
 * Whether version lies in range: comparators (>=, >, <=, <, = or a bare version) joined by spaces
 * all hold, for at least one of the alternatives joined by ||. A range it cannot read throws, so
 * that a typing error in the list fails loudly instead of matching nothing.
 */
export function satisfies(version, range) {
  const alternatives = range.split('||').map((alternative) => {
    const comparators = alternative.trim().split(/\s+/).filter(Boolean);
    if (comparators.length === 0) throw new Error(`empty alternative in range "${range}"`);
    return comparators.map((comparator) => {
      const match = /^(>=|<=|>|<|=)?(.+)$/.exec(comparator);
      const bound = match ? parseVersion(match[2]) : null;
      if (!match || !bound) throw new Error(`cannot read "${comparator}" in range "${range}"`);
      return { operator: match[1] ?? '=', bound };
    });
  });
  const parsed = parseVersion(version);
  if (!parsed) return false;
  return alternatives.some((comparators) =>
    comparators.every(({ operator, bound }) => {
      const order = compareVersions(parsed, bound);
      switch (operator) {
        case '>=':
          return order >= 0;
        case '>':
          return order > 0;
        case '<=':
          return order <= 0;
        case '<':
          return order < 0;
        default:
          return order === 0;
      }
    }),
  );
}

/**
 * Every installed package of a lock file: name, version, where it is installed and whether only
 * development needs it. Lock files of version 2 and 3 list them under `packages`; version 1 nests
 * them under `dependencies`. The workspace's own packages (links) are not installed from a registry
 * and are left out.
 */
export function installedPackages(lock) {
  const found = [];
  if (lock.packages) {
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.includes('node_modules/') || entry.link || !entry.version) continue;
      const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      found.push({ name, version: entry.version, path, dev: entry.dev === true });
    }
    return found;
  }
  const walk = (dependencies, prefix) => {
    for (const [name, entry] of Object.entries(dependencies ?? {})) {
      const path = `${prefix}node_modules/${name}`;
      if (entry.version && !entry.version.startsWith('file:')) {
        found.push({ name, version: entry.version, path, dev: entry.dev === true });
      }
      walk(entry.dependencies, `${path}/`);
    }
  };
  walk(lock.dependencies, '');
  return found;
}

/**
 * The lock file's packages that match an advisory: `findings` fail the check, `accepted` are
 * matches the list accepts for that exact version, `unusedAcceptances` accept nothing any more
 * (the version changed) and can go.
 */
export function checkLock(lock, list) {
  const packages = installedPackages(lock);
  const findings = [];
  const accepted = [];
  const used = new Set();
  for (const advisory of list.advisories) {
    for (const installed of packages) {
      if (installed.name !== advisory.package || !satisfies(installed.version, advisory.vulnerable)) continue;
      const acceptance = (list.accepted ?? []).find(
        (a) => a.package === installed.name && a.version === installed.version && a.id === advisory.id,
      );
      if (acceptance) {
        used.add(acceptance);
        accepted.push({ ...installed, advisory, reason: acceptance.reason });
      } else {
        findings.push({ ...installed, advisory });
      }
    }
  }
  const unusedAcceptances = (list.accepted ?? []).filter((a) => !used.has(a));
  return { checked: packages.length, findings, accepted, unusedAcceptances };
}

/** Network and registry failures of npm: the audit could not be asked, which is not a finding. */
const REFUSALS =
  /audit endpoint returned an error|E(?:NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH|HOSTUNREACH)|\b(?:4\d\d|5\d\d) [A-Z][A-Za-z ]+ - (?:GET|POST)\b/;

/**
 * What `npm audit --json` said: `passed` (no advisories), `failed` (advisories, summarised in
 * lines), or `refused` (the registry refused the audit or could not be reached; the reason in
 * lines). Output that is none of these fails, so that a broken audit is not taken for a refusal.
 */
export function interpretAudit({ status, stdout, stderr }) {
  let report = null;
  try {
    report = JSON.parse(stdout);
  } catch {
    // not JSON: judged by what npm wrote on standard error below
  }
  if (report && typeof report.vulnerabilities === 'object' && report.vulnerabilities !== null) {
    const entries = Object.values(report.vulnerabilities);
    if (entries.length === 0 && status === 0) return { outcome: 'passed', lines: [] };
    const lines = entries.map((v) => {
      const via = (v.via ?? [])
        .map((item) => (typeof item === 'string' ? item : `${item.title ?? ''} ${item.url ?? ''}`.trim()))
        .join('; ');
      return `${v.name} (${v.severity}, ${v.range}): ${via}`;
    });
    return { outcome: entries.length ? 'failed' : 'passed', lines };
  }
  const reason = report?.message ?? report?.error?.summary ?? '';
  if (report?.error || REFUSALS.test(`${reason}\n${stderr}`)) {
    const said = [reason, ...stderr.split('\n').filter((line) => /error|warn/i.test(line))]
      .map((line) => line.trim())
      .filter(Boolean);
    return { outcome: 'refused', lines: [...new Set(said)] };
  }
  return {
    outcome: 'failed',
    lines: [`npm audit ended with ${status} and no report:`, stdout.trim(), stderr.trim()].filter(Boolean),
  };
}

function runAudit(cwd) {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    shell: process.platform === 'win32',
  });
  if (result.error) {
    return { outcome: 'refused', lines: [`npm audit could not run: ${result.error.message}`] };
  }
  return interpretAudit({ status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' });
}

function argument(args, name, fallback) {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
}

export function main(args = process.argv.slice(2)) {
  const lockfile = argument(args, '--lockfile', join(root, 'package-lock.json'));
  const advisories = argument(args, '--advisories', join(root, 'scripts', 'dependency-advisories.json'));
  let failed = false;

  if (args.includes('--no-audit')) {
    console.log('npm audit: not asked (--no-audit).');
  } else {
    const audit = runAudit(dirname(lockfile));
    if (audit.outcome === 'passed') console.log('npm audit --omit=dev: no advisories.');
    if (audit.outcome === 'refused') {
      console.log('npm audit --omit=dev: SKIPPED, the registry refused the audit or could not be reached:');
      for (const line of audit.lines) console.log(`  ${line}`);
      console.log('  Only the advisory list of the repository is checked below.');
    }
    if (audit.outcome === 'failed') {
      failed = true;
      console.log('npm audit --omit=dev: FAILED');
      for (const line of audit.lines) console.log(`  ${line}`);
    }
  }

  const lock = JSON.parse(readFileSync(lockfile, 'utf8'));
  const list = JSON.parse(readFileSync(advisories, 'utf8'));
  const result = checkLock(lock, list);
  for (const a of result.accepted) {
    console.log(`accepted: ${a.name}@${a.version} (${a.path}) ${a.advisory.id}: ${a.reason}`);
  }
  for (const a of result.unusedAcceptances) {
    console.log(
      `note: the acceptance of ${a.package}@${a.version} ${a.id} matches nothing any more; remove it.`,
    );
  }
  if (result.findings.length > 0) {
    failed = true;
    console.log(`Known-bad versions in ${lockfile}:`);
    for (const f of result.findings) {
      const dev = f.dev ? ', development only' : '';
      console.log(
        `  ${f.name}@${f.version} (${f.path}${dev}): ${f.advisory.id} ${f.advisory.summary}; affected ${f.advisory.vulnerable}; ${f.advisory.source}`,
      );
    }
  } else {
    console.log(
      `Advisory list: ${result.checked} packages checked against ${list.advisories.length} advisories, none affected.`,
    );
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main();
}
