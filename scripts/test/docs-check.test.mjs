// The docs check on a small repository of its own: every kind of name it recognises, true and false.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { anchorOf, checkDocs } from '../docs-check.mjs';

let root;

const write = (rel, text) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};

before(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'docs-check-'));
  write('.gitignore', 'dist/\n/releases/\n');
  write('package.json', JSON.stringify({ workspaces: ['api', 'mf-x'], scripts: { build: 'tsc', test: 'jest' } }));
  write('api/package.json', JSON.stringify({ name: '@demo/api', scripts: { seed: 'node seed.js' } }));
  write('mf-x/package.json', JSON.stringify({ name: 'mf-x', scripts: { dev: 'webpack serve' } }));
  write(
    'api/src/settings.ts',
    'export class Settings {\n  port = process.env.REAL_SETTING;\n  read() {}\n}\nexport function loadSettings() {\n  calledOnly(1);\n}\n',
  );
  write('mf-x/src/screens.json', JSON.stringify([{ path: '/dashboard/thing/:id' }, { path: '/dashboard/list' }]));
  write('docs/guide.md', '# Guide\n\n## Some Part\n\nText.\n');
  write('api/README.md', 'Run `npm run seed` here; the code is in `src/settings.ts`.\n');
  execFileSync('git', ['init', '-q'], { cwd: root });
  execFileSync('git', ['add', '-A'], { cwd: root });
});

after(() => rmSync(root, { recursive: true, force: true }));

/** The problems of a README with these lines, as `line kind name`. */
function problemsOf(lines) {
  write('README.md', lines.join('\n'));
  return checkDocs(root)
    .filter((p) => p.file === 'README.md')
    .map((p) => `${p.line} ${p.kind} ${p.name}`);
}

test('names that exist pass', () => {
  assert.deepEqual(
    problemsOf([
      'Paths: `api/src/settings.ts`, `src/settings.ts` (a package), `api/dist/main.js` (made by the build: ignored),',
      '`releases/<package>/<version>/`, `mf-x/src/*.json`, `docs/...`, `settings.ts`, [the guide](docs/guide.md#some-part).',
      'Not paths: `text/plain`, `America/New_York`, `https://example.com/a/b`.',
      'Scripts: `npm run build`, `npm test`, `npm run seed -w api`, `npm run seed -w @demo/api`, `npm run dev -w <remote>`.',
      'Settings: `REAL_SETTING`, `REAL_SETTING=1`; routes: `/dashboard/thing/42`, `/dashboard/thing/:id`, `/dashboard/list`.',
      '| `api/src/settings.ts` `loadSettings`, `read` | `Settings.read` |',
      '```bash',
      'REAL_SETTING=2 npm run build',
      '```',
    ]),
    [],
  );
  // A package README may name its own scripts and files relative to its folder.
  assert.deepEqual(
    checkDocs(root).filter((p) => p.file === 'api/README.md'),
    [],
  );
});

test('every kind of false name fails, with its line', () => {
  assert.deepEqual(
    problemsOf([
      'A planted false path: `api/src/nope.ts`, and `src/nope.ts`.',
      'Outside the repository: `../shared/spec.md`; a bare file name nobody has: `nope.ts`.',
      '[gone](docs/none.md), [no heading](docs/guide.md#missing-part).',
      'Scripts: `npm run nope`, `npm run build -w api`, `npm run seed -w nowhere`.',
      'A setting no code reads: `FAKE_SETTING`; a route no screen has: `/dashboard/nothing`.',
      '| `api/src/settings.ts` `loadSettings`, `vanished`, `calledOnly` | `Settings.gone` |',
      '```bash',
      'INVENTED_SETTING=1 npm run build',
      '```',
    ]),
    [
      '1 path api/src/nope.ts',
      '1 path src/nope.ts',
      '2 path ../shared/spec.md',
      '2 file nope.ts',
      '3 link docs/none.md',
      '3 link docs/guide.md#missing-part',
      '4 npm script npm run nope',
      '4 npm script npm run build -w api',
      '4 npm script npm run seed -w nowhere',
      '5 environment variable FAKE_SETTING',
      '5 screen route /dashboard/nothing',
      '6 name vanished',
      '6 name calledOnly',
      '6 name Settings.gone',
      '8 environment variable INVENTED_SETTING',
    ],
  );
});

test("a link's anchor is GitHub's", () => {
  assert.equal(anchorOf('Working on one remote against the live site'), 'working-on-one-remote-against-the-live-site');
  assert.equal(anchorOf('Payments: never losing money'), 'payments-never-losing-money');
  assert.equal(anchorOf("`npm test`'s time (2026-11-28)"), 'npm-tests-time-2026-11-28');
  assert.equal(anchorOf('Express or Fastify'), 'express-or-fastify');
});
