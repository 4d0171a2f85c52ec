// `npm run typecheck:remotes` on the repository's remote builds (run after `npm run build`), on a live release, and
// on candidates that break the shell's contract: a Home that needs props, a Home without types, a build without
// any. Run by `npm run test:scripts` (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { repoRoot } from '../releases/store.mjs';

const work = mkdtempSync(path.join(os.tmpdir(), 'sportify-remote-types-'));
const releases = path.join(work, 'releases');
mkdirSync(releases);
test.after(() => rmSync(work, { recursive: true, force: true }));

/** `node scripts/remote-types.mjs ...args` with the test's releases folder (nothing live unless a test makes it so). */
function check(...args) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/remote-types.mjs'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, SPORTIFY_RELEASES_DIR: releases },
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

/** A copy of mf-public's build whose types archive is changed by `edit` (the archive's entries by name). */
function candidate(name, edit) {
  const dir = path.join(work, name);
  cpSync(path.join(repoRoot, 'mf-public/dist'), dir, { recursive: true });
  const zipFile = path.join(dir, '@mf-types.zip');
  const zip = new AdmZip(zipFile);
  edit(zip);
  zip.writeZip(zipFile);
  return dir;
}

test('every remote build of the repository fits the shell', () => {
  const { code, out } = check();
  assert.equal(code, 0, out);
  assert.match(out, /mf-public \(build in mf-public\/dist\): Home, Instructors, Classes/);
  assert.match(
    out,
    /mf-student \(build in mf-student\/dist\): SelectedClasses, EnrolledClasses, Family, Messages, Account, Payment, Balance, Profile/,
  );
  assert.match(out, /mf-instructor \(build in mf-instructor\/dist\): AddClass, MyClasses, UpdateClass, Roster/);
  assert.match(
    out,
    /mf-admin \(build in mf-admin\/dist\): ManageUsers, ManageClasses, Payments, Discounts, Waivers, Feedback, PlatformStatus/,
  );
  // The check that ran is the one written for these screens.
  const written = readFileSync(path.join(repoRoot, 'shell/@mf-types/screens.check.ts'), 'utf8');
  assert.match(written, /Renders<typeof import\('mf_student\/Payment'\)>/);
});

test('a live release is checked instead of the build in the repository', (t) => {
  const version = '0.1.0-abcdef0.1';
  const dir = path.join(releases, 'mf-public', version);
  cpSync(path.join(repoRoot, 'mf-public/dist'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ package: 'mf-public', version }));
  writeFileSync(path.join(releases, 'registry.json'), JSON.stringify({ 'mf-public': { live: { version } } }));
  t.after(() => rmSync(path.join(releases, 'registry.json')));
  const { code, out } = check();
  assert.equal(code, 0, out);
  assert.match(out, new RegExp(`mf-public ${version.replace(/\./g, '\\.')}: Home, Instructors, Classes`));
});

test('a screen whose component needs props is refused, naming the remote, the screen and the prop', () => {
  const dir = candidate('needs-props', (zip) =>
    zip.updateFile(
      'compiled-types/Home/index.d.ts',
      Buffer.from('declare function Home(props: { season: string }): null;\nexport default Home;\n'),
    ),
  );
  const { code, out } = check('--from', `mf-public=${dir}`);
  assert.equal(code, 1, out);
  assert.match(out, /does not fit the types these remotes publish/);
  assert.match(out, new RegExp(`mf-public \\(build in ${dir}\\): mf_public/Home \\(/\\): error TS2344`));
  assert.match(out, /Property 'season' is missing/);
  // The other screens of the same build fit, and are not named.
  assert.doesNotMatch(out, /mf_public\/Classes/);
});

test('a declared screen the build publishes no types for is refused', () => {
  const dir = candidate('no-home-types', (zip) => zip.deleteFile('Home.d.ts'));
  const { code, out } = check('--from', `mf-public=${dir}`);
  assert.equal(code, 1, out);
  assert.match(out, /mf_public\/Home \(\/\): error TS2307: Cannot find module 'mf_public\/Home'/);
});

test('a build without a types archive, and a --from that is not a remote, are refused', () => {
  const dir = path.join(work, 'no-types');
  cpSync(path.join(repoRoot, 'mf-public/dist'), dir, { recursive: true });
  rmSync(path.join(dir, '@mf-types.zip'));
  let { code, out } = check('--from', `mf-public=${dir}`);
  assert.equal(code, 1, out);
  assert.match(out, /publishes no types/);

  ({ code, out } = check('--from', `shell=${dir}`));
  assert.equal(code, 1, out);
  assert.match(out, /"shell" is not a remote \(mf-public, mf-student, mf-instructor, mf-admin\)/);
});
