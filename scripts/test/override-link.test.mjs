// `npm run override-link`'s command line: a mistyped option or a missing argument is refused with the usage, never a
// stack trace. Run by `npm run test:scripts` (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../lib/stack.mjs';

const overrideLink = (...args) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'scripts/override-link.mjs'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });

test('an unknown option is refused with the usage', () => {
  const r = overrideLink('mf-public', 'http://localhost:4101/mf-manifest.json', '--hour', '2');
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^Unknown option '--hour'/);
  assert.match(r.stderr, /usage: npm run override-link -- <package> <manifest URL> \[--hours 8\]/);
  assert.doesNotMatch(r.stderr, /\bat .*\.mjs:\d+/);
});

test('a missing manifest URL is refused with the usage', () => {
  const r = overrideLink('mf-public');
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^usage: npm run override-link/);
});
