// Tests of the offline dependency check (node --test scripts/check-dependencies.test.mjs; CI runs
// them before the check itself).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkLock, interpretAudit, satisfies } from './check-dependencies.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, 'check-dependencies.mjs');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const list = readJson(join(here, 'dependency-advisories.json'));

function run(...args) {
  const result = spawnSync(process.execPath, [script, '--no-audit', ...args], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('satisfies', () => {
  it('reads comparators joined by spaces and alternatives joined by ||', () => {
    assert.equal(satisfies('5.3.1', '>=5.0.0 <5.3.2 || =4.29.0'), true);
    assert.equal(satisfies('5.3.2', '>=5.0.0 <5.3.2 || =4.29.0'), false);
    assert.equal(satisfies('4.29.0', '>=5.0.0 <5.3.2 || =4.29.0'), true);
    assert.equal(satisfies('4.29.1', '>=5.0.0 <5.3.2 || =4.29.0'), false);
    assert.equal(satisfies('0.24.2', '<=0.24.2'), true);
    assert.equal(satisfies('0.25.0', '<=0.24.2'), false);
    assert.equal(satisfies('7.0.0', '7.0.0'), true);
  });

  it('orders prereleases below their release', () => {
    assert.equal(satisfies('5.3.2-rc.1', '<5.3.2'), true);
    assert.equal(satisfies('5.3.2-rc.2', '>5.3.2-rc.10'), false);
  });

  it('throws on a range it cannot read, so that a typing error in the list is not a silent pass', () => {
    assert.throws(() => satisfies('1.0.0', '~1.0.0'), /cannot read/);
    assert.throws(() => satisfies('1.0.0', '>=1.0.0 || '), /empty alternative/);
  });

  it('reads every range of the repository list', () => {
    for (const advisory of list.advisories) {
      assert.doesNotThrow(() => satisfies('1.0.0', advisory.vulnerable), advisory.id);
      assert.match(advisory.source, /^https:\/\//, advisory.id);
    }
  });
});

describe('checkLock', () => {
  it('finds the known-bad versions of a version 3 lock file, nested, aliased and development ones too', () => {
    const result = checkLock(readJson(join(here, 'fixtures', 'package-lock.bad.json')), list);
    const found = result.findings.map((f) => `${f.name}@${f.version} ${f.advisory.id}${f.dev ? ' dev' : ''}`);
    assert.deepEqual(found.sort(), [
      '@fastify/static@8.3.1 CVE-2026-6410',
      '@fastify/static@8.3.1 GHSA-x428-ghpx-8j92',
      'fastify@5.3.1 GHSA-444r-cwp2-x5xf',
      'fastify@5.3.1 GHSA-573f-x89g-hqp9',
      'fastify@5.3.1 GHSA-jx2c-rxcm-jvmq',
      'fastify@5.3.1 GHSA-mg2h-6x62-wpwc',
      'fastify@5.3.1 GHSA-mrq3-vjjr-p77c',
      'tmp@0.2.3 GHSA-52f5-9888-hmc6 dev',
      'undici@7.2.0 CVE-2026-22036',
      'undici@7.2.0 GHSA-c76h-2ccp-4975',
    ]);
    // An acceptance holds for its exact version, wherever it is installed: esbuild 0.18.20 is
    // accepted, @fastify/static 8.3.1 is checked afresh (8.3.0 is accepted). The workspace's own
    // package is not from a registry, and ws 8.18.0 is past its advisory.
    assert.deepEqual(
      result.accepted.map((a) => `${a.path}@${a.version} ${a.advisory.id}`),
      ['node_modules/tsx/node_modules/esbuild@0.18.20 GHSA-67mh-4wv8-2f99'],
    );
    assert.equal(result.checked, 6);
  });

  it('reads a version 1 lock file', () => {
    const result = checkLock(readJson(join(here, 'fixtures', 'package-lock.v1.json')), list);
    assert.deepEqual(result.findings.map((f) => `${f.path}@${f.version} ${f.advisory.id}`).sort(), [
      'node_modules/cookie@0.6.0 GHSA-pxg6-pf52-xh8x',
      'node_modules/express/node_modules/cross-spawn@7.0.3 GHSA-3xgq-45jj-v275',
    ]);
  });

  it('accepts a match listed with a reason for that version, and names acceptances that match nothing', () => {
    const lock = { packages: { 'node_modules/fastify': { version: '5.3.1' } } };
    const result = checkLock(lock, {
      advisories: [{ package: 'fastify', vulnerable: '<5.3.2', id: 'A-1', summary: '', source: 'https://x' }],
      accepted: [
        { package: 'fastify', version: '5.3.1', id: 'A-1', reason: 'not reachable' },
        { package: 'fastify', version: '5.3.0', id: 'A-1', reason: 'the version before' },
      ],
    });
    assert.equal(result.findings.length, 0);
    assert.deepEqual(
      result.accepted.map((a) => a.reason),
      ['not reachable'],
    );
    assert.deepEqual(
      result.unusedAcceptances.map((a) => a.version),
      ['5.3.0'],
    );
  });
});

describe('the command', () => {
  it('fails on a lock file with a known-bad version and names it with its advisory', () => {
    const { status, output } = run('--lockfile', join(here, 'fixtures', 'package-lock.bad.json'));
    assert.equal(status, 1);
    assert.match(output, /fastify@5\.3\.1 \(node_modules\/fastify\): GHSA-mg2h-6x62-wpwc/);
    assert.match(
      output,
      /https:\/\/github\.com\/fastify\/fastify\/security\/advisories\/GHSA-mg2h-6x62-wpwc/,
    );
  });

  it("passes the repository's own lock file", () => {
    const { status, output } = run();
    assert.equal(status, 0, output);
    assert.match(output, /none affected/);
  });
});

describe('interpretAudit', () => {
  it('skips the audit when the registry refuses it, saying why', () => {
    const refused = interpretAudit({
      status: 1,
      stdout: JSON.stringify({
        message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
        statusCode: 405,
        error: { summary: '', detail: '' },
      }),
      stderr: 'npm error audit endpoint returned an error\n',
    });
    assert.equal(refused.outcome, 'refused');
    assert.match(refused.lines.join('\n'), /405 Method Not Allowed/);
    const offline = interpretAudit({
      status: 1,
      stdout: '',
      stderr: 'npm error code ENOTFOUND\nnpm error request to https://registry.npmjs.org failed\n',
    });
    assert.equal(offline.outcome, 'refused');
  });

  it('fails on advisories the registry reports, and passes a clean report', () => {
    const report = {
      auditReportVersion: 2,
      vulnerabilities: {
        fastify: {
          name: 'fastify',
          severity: 'high',
          range: '<5.3.2',
          via: [{ title: 'Validation bypass', url: 'https://github.com/advisories/GHSA-mg2h-6x62-wpwc' }],
        },
      },
    };
    const failed = interpretAudit({ status: 1, stdout: JSON.stringify(report), stderr: '' });
    assert.equal(failed.outcome, 'failed');
    assert.match(failed.lines[0] ?? '', /fastify \(high, <5\.3\.2\): Validation bypass https:/);
    const clean = { auditReportVersion: 2, vulnerabilities: {} };
    assert.equal(interpretAudit({ status: 0, stdout: JSON.stringify(clean), stderr: '' }).outcome, 'passed');
  });

  it('fails when npm says nothing it can read, rather than taking it for a refusal', () => {
    assert.equal(interpretAudit({ status: 1, stdout: 'Segmentation fault', stderr: '' }).outcome, 'failed');
  });
});
