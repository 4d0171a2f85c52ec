// The release commands end to end on a temporary releases folder: the guard's refusals (a planted remote built
// against a shared-ui export the live shell lacks, a singleton out of range), publish, promote, rollback, history
// and pruning. Run by `npm run test:scripts` (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import buildInfo from '@sportify/build/plugins/build-info.js';
import { repoRoot } from '../store.mjs';

const { BuildInfoPlugin } = buildInfo;
const work = mkdtempSync(path.join(os.tmpdir(), 'sportify-releases-'));
const releases = path.join(work, 'releases');
const commit = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
test.after(() => rmSync(work, { recursive: true, force: true }));

/** Runs one of the commands as an operator would; BUILD_ID fixes the version. */
function cli(script, args, buildId = '1', env = {}) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', script), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      SPORTIFY_RELEASES_DIR: releases,
      // Only what the tests release is live: the repository's own dist/ builds (present after npm run build) are not.
      SPORTIFY_BUILDS_ROOT: work,
      BUILD_ID: buildId,
      SPORTIFY_OPERATOR: 'ops-test',
      SPORTIFY_KEEP_RELEASES: '3',
      ...env,
    },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const shared = (name, version, requiredVersion) => ({
  id: `x:${name}`,
  name,
  version,
  singleton: true,
  requiredVersion,
});

/** One screen of a remote, as its screens.json declares it. */
const screen = (path, module, access = 'public') => ({ path, module, access, title: module });
const HOME = [screen('/', 'Home')];

/** A build folder as the builds write it: mf-manifest.json, sportify-build.json and (a remote's) screens.json. */
function buildFolder(name, { manifestName, sharedList, build, screens }) {
  const dir = path.join(work, 'builds', name);
  mkdirSync(dir, { recursive: true });
  const exposes = Array.isArray(screens) ? screens.map((s) => ({ name: s?.module, path: `./${s?.module}` })) : [];
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ name: manifestName, metaData: { publicPath: 'auto' }, shared: sharedList, exposes }),
  );
  if (build) writeFileSync(path.join(dir, 'sportify-build.json'), JSON.stringify(build));
  if (screens !== undefined && screens !== null) writeFileSync(path.join(dir, 'screens.json'), JSON.stringify(screens));
  return dir;
}

/** Compiles a tiny remote with the real BuildInfoPlugin: it imports NewBadge, which only a newer shared-ui has. */
async function compileRemoteUsingNewBadge() {
  const src = path.join(work, 'remote-src');
  mkdirSync(src, { recursive: true });
  writeFileSync(path.join(src, 'newer-shared-ui.js'), 'export const Button = 1; export const NewBadge = 2;\n');
  writeFileSync(path.join(src, 'router.js'), 'export const Link = 3;\n');
  writeFileSync(
    path.join(src, 'index.js'),
    [
      "import { Button, NewBadge } from '@sportify/shared-ui';",
      "import { Link } from '@sportify/shared-ui/router';",
      'console.log(Button, NewBadge, Link);',
    ].join('\n'),
  );
  const out = path.join(work, 'builds', 'mf-public-newbadge');
  const stats = await new Promise((resolve, reject) =>
    webpack(
      {
        mode: 'production',
        context: src,
        entry: './index.js',
        output: { path: out },
        resolve: {
          alias: {
            '@sportify/shared-ui/router$': path.join(src, 'router.js'),
            '@sportify/shared-ui$': path.join(src, 'newer-shared-ui.js'),
          },
        },
        plugins: [new BuildInfoPlugin()],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  writeFileSync(
    path.join(out, 'mf-manifest.json'),
    JSON.stringify({
      name: 'mf_public',
      metaData: { publicPath: 'auto' },
      shared: [shared('react', '19.3.1', '^19.2.0')],
      exposes: [{ name: 'Home', path: './Home' }],
    }),
  );
  writeFileSync(path.join(out, 'screens.json'), JSON.stringify(HOME));
  return out;
}

const shellBuild = buildFolder('shell', {
  manifestName: 'shell',
  sharedList: [shared('react', '19.3.1', '^19.2.0'), shared('@sportify/shared-ui', '0.1.0', '0.1.0')],
  build: {
    imports: {},
    provides: { '@sportify/shared-ui': ['Button', 'ClassCard'], '@sportify/shared-ui/router': ['Link'] },
  },
});
const fitting = (name, { manifestName = 'mf_public', screens = HOME } = {}) =>
  buildFolder(name, {
    manifestName,
    sharedList: [shared('react', '19.3.1', '^19.2.0')],
    build: { imports: { '@sportify/shared-ui': ['Button'], '@sportify/shared-ui/router': ['Link'] } },
    screens,
  });
const version = (id) => `0.1.0-${commit}.${id}`;
const registry = () => JSON.parse(readFileSync(path.join(releases, 'registry.json'), 'utf8'));
const published = (pkg) => (existsSync(path.join(releases, pkg)) ? readdirSync(path.join(releases, pkg)).sort() : []);

test('an unknown option is refused with the usage, before anything is built or published', () => {
  const r = cli('release.mjs', ['shell', '--skip-test'], 'typo');
  assert.equal(r.code, 2, r.err);
  assert.match(r.err, /^release refused: Unknown option '--skip-test'/);
  assert.match(r.err, /usage: node scripts\/release\.mjs \[package\] \[--skip-tests\]/);
  assert.doesNotMatch(r.err, /\bat .*\.mjs:\d+/);
  assert.equal(existsSync(path.join(releases, 'shell')), false);
});

test('the shell is released and promoted', () => {
  const made = cli('release.mjs', ['shell', '--skip-tests', '--from', shellBuild], 's1');
  assert.equal(made.code, 0, made.err);
  const r = cli('releases.mjs', ['promote', 'shell', version('s1')]);
  assert.equal(r.code, 0, r.err);
  assert.equal(registry().shell.live.version, version('s1'));
});

test('a planted remote built against a shared-ui export the live shell lacks is refused, naming it', async () => {
  const planted = await compileRemoteUsingNewBadge();
  const info = JSON.parse(readFileSync(path.join(planted, 'sportify-build.json'), 'utf8'));
  assert.deepEqual(info.imports, {
    '@sportify/shared-ui': ['Button', 'NewBadge'],
    '@sportify/shared-ui/router': ['Link'],
  });

  const r = cli('release.mjs', ['mf-public', '--skip-tests', '--from', planted], 'p1');
  assert.equal(r.code, 1);
  assert.match(r.err, /mf_public imports "NewBadge" from @sportify\/shared-ui, which the live shell does not export/);
  assert.deepEqual(published('mf-public'), [], 'nothing is published');
});

test('a remote needing a singleton version the live shell does not have is refused, naming it', () => {
  const newerReact = buildFolder('react20', {
    manifestName: 'mf_public',
    sharedList: [shared('react', '20.0.0', '^20.0.0')],
    build: { imports: { '@sportify/shared-ui': ['Button'] } },
    screens: HOME,
  });
  const r = cli('release.mjs', ['mf-public', '--skip-tests', '--from', newerReact], 'p2');
  assert.equal(r.code, 1);
  assert.match(r.err, /mf_public requires react@\^20\.0\.0, but the live shell provides 19\.3\.1/);
});

test('releases are promoted, rolled back and recorded; old ones are pruned but never the rollback targets', () => {
  const release = (id) => cli('release.mjs', ['mf-public', '--skip-tests', '--from', fitting(`v${id}`)], id).code;
  assert.equal(release('1'), 0);
  assert.equal(release('2'), 0);
  assert.equal(release('2'), 1, 'a version is never overwritten');

  assert.equal(cli('releases.mjs', ['promote', 'mf-public', version('1')]).code, 0);
  assert.equal(cli('releases.mjs', ['promote', 'mf-public', version('2')]).code, 0);
  assert.equal(registry()['mf-public'].live.version, version('2'));
  assert.equal(registry()['mf-public'].previous.version, version('1'));

  const back = cli('releases.mjs', ['rollback', 'mf-public']);
  assert.equal(back.code, 0, back.err);
  assert.equal(registry()['mf-public'].live.version, version('1'));
  assert.equal(registry()['mf-public'].previous, null);
  assert.match(cli('releases.mjs', ['rollback', 'mf-public']).err, /no earlier release to roll back to/);
  assert.match(
    cli('releases.mjs', ['promote', 'mf-public', '0.1.0-nothere.9']).err,
    /has no release 0\.1\.0-nothere\.9/,
  );

  const history = readFileSync(path.join(releases, 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const switches = history.filter((entry) => entry.package === 'mf-public' && entry.action !== 'release');
  assert.deepEqual(
    switches.map((entry) => [entry.action, entry.version, entry.commit, entry.who]),
    [
      ['promote', version('1'), commit, 'ops-test'],
      ['promote', version('2'), commit, 'ops-test'],
      ['rollback', version('1'), commit, 'ops-test'],
    ],
  );
  assert.ok(switches.every((entry) => !Number.isNaN(Date.parse(entry.time))));
  assert.ok(!JSON.stringify(registry()).includes('ops-test'), 'the registry names no operator');

  // Keep 3: newer releases remove the oldest ones not on the rollback stack (1 is live, so 2 goes).
  for (const id of ['3', '4', '5']) assert.equal(release(id), 0);
  assert.deepEqual(published('mf-public'), [version('1'), version('3'), version('4'), version('5')]);
});

test('a request is done once: the same promote again, even after a rollback, changes nothing', () => {
  const files = () => ['registry.json', 'history.jsonl'].map((f) => readFileSync(path.join(releases, f), 'utf8'));
  const promote = ['promote', 'mf-public', version('3'), '--request', 'ci-42-promote'];
  const first = cli('releases.mjs', promote);
  assert.equal(first.code, 0, first.err);
  assert.equal(registry()['mf-public'].live.version, version('3'));
  const promoted = files();
  const again = cli('releases.mjs', promote);
  assert.equal(again.code, 0, again.err);
  assert.match(
    again.out,
    new RegExp(`request ci-42-promote was done at \\S+ by ops-test \\(promote ${version('3')}\\); nothing changed`),
  );
  assert.deepEqual(files(), promoted, 'neither the registry nor the history changed');

  // Rolled back since: the same request, replayed (a Job created again), still changes nothing.
  assert.equal(cli('releases.mjs', ['rollback', 'mf-public', '--request', 'ci-43-rollback']).code, 0);
  assert.equal(registry()['mf-public'].live.version, version('1'));
  const rolledBack = files();
  assert.equal(cli('releases.mjs', promote).code, 0);
  assert.deepEqual(files(), rolledBack);
  assert.equal(registry()['mf-public'].live.version, version('1'));
  const requests = rolledBack[1]
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).request);
  assert.deepEqual(
    requests.filter(Boolean),
    ['ci-42-promote', 'ci-43-rollback'],
    'the history keeps each request once',
  );

  // An id names one request: reused for another command, it is refused.
  const reused = cli('releases.mjs', ['rollback', 'mf-public', '--request', 'ci-42-promote']);
  assert.equal(reused.code, 1);
  assert.match(reused.err, /request ci-42-promote was a promote of mf-public at .*: a new request needs a new id/);
});

test("a team's release command changes its own remote only", () => {
  const team = { SPORTIFY_ONLY_PACKAGE: 'mf-student' };
  const other = cli('releases.mjs', ['promote', 'mf-public', version('4'), '--request', 'student-ci-1'], '1', team);
  assert.equal(other.code, 1);
  assert.match(other.err, /this command may change mf-student only, not mf-public/);
  assert.equal(cli('releases.mjs', ['rollback', 'shell'], '1', team).code, 1);
  assert.equal(registry()['mf-public'].live.version, version('1'), 'nothing changed');
  assert.equal(cli('releases.mjs', ['status'], '1', team).code, 0, 'it may read what is live');
});

test("a remote's screens must be declared, valid and exposed by its build", () => {
  const refused = (name, screens, id) => {
    const r = cli(
      'release.mjs',
      ['mf-admin', '--skip-tests', '--from', fitting(name, { manifestName: 'mf_admin', screens })],
      id,
    );
    assert.equal(r.code, 1, r.out);
    return r.err;
  };
  // null: the build has no screens.json at all.
  assert.match(refused('admin-none', null, 'a1'), /mf_admin has no screens\.json/);
  assert.match(
    refused(
      'admin-invalid',
      [{ path: 'all-users', module: 'ManageUsers', access: 'root', title: 'Manage Users' }],
      'a2',
    ),
    /screens\.json: mf_admin screen 1: path must look like \/dashboard\/payment\/:id\n\s+- screens\.json: mf_admin screen 1: access must be one of public, signedIn, admin, instructor/,
  );
  // Declared, but the build exposes only the first screen.
  const unexposed = fitting('admin-unexposed', {
    manifestName: 'mf_admin',
    screens: [screen('/dashboard/all-users', 'ManageUsers', 'admin')],
  });
  writeFileSync(
    path.join(unexposed, 'screens.json'),
    JSON.stringify([
      screen('/dashboard/all-users', 'ManageUsers', 'admin'),
      screen('/dashboard/report', 'Report', 'admin'),
    ]),
  );
  const r = cli('release.mjs', ['mf-admin', '--skip-tests', '--from', unexposed], 'a3');
  assert.equal(r.code, 1);
  assert.match(r.err, /mf_admin screen 2 \(\/dashboard\/report\) names Report, which mf_admin does not expose/);
  assert.deepEqual(published('mf-admin'), [], 'nothing is published');
});

test('a remote whose screens say "instructor or admin" waits for a shell whose guards understand it', () => {
  const roster = fitting('instructor-roles', {
    manifestName: 'mf_instructor',
    screens: [screen('/dashboard/roster/:id', 'Roster', ['instructor', 'admin'])],
  });
  // The live shell's build lists no screens features: its guards would send everyone away from the Roster.
  const early = cli('release.mjs', ['mf-instructor', '--skip-tests', '--from', roster], 'r1');
  assert.equal(early.code, 1, early.out);
  assert.match(early.err, /mf_instructor's screens\.json uses "access-role-list".*release the shell first/);

  const shellWithRoles = buildFolder('shell-roles', {
    manifestName: 'shell',
    sharedList: [shared('react', '19.3.1', '^19.2.0'), shared('@sportify/shared-ui', '0.1.0', '0.1.0')],
    build: {
      ...JSON.parse(readFileSync(path.join(shellBuild, 'sportify-build.json'), 'utf8')),
      screens: ['access-role-list'],
    },
  });
  assert.equal(cli('release.mjs', ['shell', '--skip-tests', '--from', shellWithRoles], 'sr').code, 0);
  assert.equal(cli('releases.mjs', ['promote', 'shell', version('sr')]).code, 0);
  const later = cli('release.mjs', ['mf-instructor', '--skip-tests', '--from', roster], 'r2');
  assert.equal(later.code, 0, later.err);
});

test("a remote's path that another live remote or the shell serves is refused, at release and at promote", () => {
  const payment = [screen('/dashboard/payment/:id', 'Payment', 'signedIn')];
  assert.equal(
    cli(
      'release.mjs',
      ['mf-student', '--skip-tests', '--from', fitting('student', { manifestName: 'mf_student', screens: payment })],
      's1',
    ).code,
    0,
  );
  // mf-student is published, not live: a release claiming its path is still accepted now...
  const admin = fitting('admin-clash', {
    manifestName: 'mf_admin',
    screens: [screen('/dashboard/payment/new', 'NewPayment', 'admin')],
  });
  assert.equal(cli('release.mjs', ['mf-admin', '--skip-tests', '--from', admin], 'c1').code, 0);
  // ...but once mf-student is live, promoting it is refused, naming both paths.
  assert.equal(cli('releases.mjs', ['promote', 'mf-student', version('s1')]).code, 0);
  const promote = cli('releases.mjs', ['promote', 'mf-admin', version('c1')]);
  assert.equal(promote.code, 1);
  assert.match(promote.err, /mf_admin: \/dashboard\/payment\/new collides with mf_student's \/dashboard\/payment\/:id/);
  assert.equal(registry()['mf-admin'], undefined, 'nothing was made live');

  const again = cli('release.mjs', ['mf-admin', '--skip-tests', '--from', admin], 'c2');
  assert.equal(again.code, 1);
  assert.match(again.err, /collides with mf_student's \/dashboard\/payment\/:id/);

  const login = fitting('admin-login', { manifestName: 'mf_admin', screens: [screen('/login', 'AdminLogin')] });
  assert.match(
    cli('release.mjs', ['mf-admin', '--skip-tests', '--from', login], 'c3').err,
    /mf_admin: \/login collides with the shell's \/login/,
  );

  // A release of the same remote may move its own paths freely.
  const moved = fitting('student-moved', {
    manifestName: 'mf_student',
    screens: [screen('/dashboard/pay/:id', 'Payment', 'signedIn')],
  });
  assert.equal(cli('release.mjs', ['mf-student', '--skip-tests', '--from', moved], 's2').code, 0);
});

test('a canary serves a share of browsers; promote completes it, rollback ends it; the guard applies to it', () => {
  const promote = (...args) => cli('releases.mjs', ['promote', ...args]);
  const history = () =>
    readFileSync(path.join(releases, 'history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  const live = registry()['mf-public'].live.version;

  assert.match(promote('mf-public', version('5'), '--canary', '0').err, /--canary must be a whole number from 1 to 99/);
  assert.match(
    promote('mf-public', version('5'), '--canary', '100').err,
    /--canary must be a whole number from 1 to 99/,
  );
  assert.match(
    promote('mf-public', version('5'), '--canary', '50', '--margin', 'lots').err,
    /--margin \(or SPORTIFY_CANARY_MARGIN\) must be a number from 0 to 1, got "lots"/,
  );
  assert.match(
    promote('mf-public', version('5'), '--min-clients', '3').err,
    /--margin and --min-clients go with --canary/,
  );
  assert.match(promote('shell', version('s1'), '--canary', '10').err, /a canary serves a remote/);
  assert.match(promote('mf-public', live, '--canary', '10').err, /is already live/);
  // The guard: mf-admin c1 claims a path live mf-student serves.
  const clash = promote('mf-admin', version('c1'), '--canary', '10');
  assert.equal(clash.code, 1);
  assert.match(clash.err, /collides with mf_student's \/dashboard\/payment\/:id/);
  assert.equal(registry()['mf-admin'], undefined, 'nothing was started');

  const started = promote('mf-public', version('5'), '--canary', '50', '--margin', '0.1', '--min-clients', '5');
  assert.equal(started.code, 0, started.err);
  assert.match(started.out, /serves 50% of browsers/);
  const { canary } = registry()['mf-public'];
  assert.deepEqual(
    { ...canary, startedAt: undefined, builtAt: undefined },
    {
      version: version('5'),
      commit,
      builtAt: undefined,
      publicPath: null,
      percent: 50,
      startedAt: undefined,
      margin: 0.1,
      minClients: 5,
    },
  );
  assert.ok(!Number.isNaN(Date.parse(canary.startedAt)));
  assert.equal(registry()['mf-public'].live.version, live, 'live is unchanged');
  assert.match(cli('releases.mjs', ['status', 'mf-public']).out, /canary 0\.1\.0-\w+\.5 to 50% of browsers since/);

  assert.match(promote('mf-public', version('4'), '--canary', '10').err, /already has a canary, 0\.1\.0-\w+\.5/);
  assert.match(promote('mf-public', version('4')).err, /has a canary, 0\.1\.0-\w+\.5: complete it/);

  const ended = cli('releases.mjs', ['rollback', 'mf-public']);
  assert.equal(ended.code, 0, ended.err);
  assert.equal(registry()['mf-public'].canary, undefined);
  assert.equal(registry()['mf-public'].live.version, live, 'ending a canary leaves live as it was');

  // Defaults from the environment's settings; then a plain promote of the canary's version completes it.
  assert.equal(promote('mf-public', version('5'), '--canary', '20').code, 0);
  assert.deepEqual([registry()['mf-public'].canary.margin, registry()['mf-public'].canary.minClients], [0.05, 20]);
  const completed = promote('mf-public', version('5'));
  assert.equal(completed.code, 0, completed.err);
  assert.match(completed.out, /its 20% canary is complete/);
  assert.equal(registry()['mf-public'].live.version, version('5'));
  assert.equal(registry()['mf-public'].canary, undefined);

  const lines = history()
    .filter((entry) => entry.package === 'mf-public')
    .slice(-4)
    .map(({ action, version: v, canary: c, percent }) => [action, v, c, percent]);
  assert.deepEqual(lines, [
    ['canary', version('5'), undefined, 50],
    ['rollback', live, version('5'), undefined],
    ['canary', version('5'), undefined, 20],
    ['promote', version('5'), 20, undefined],
  ]);
});

test('a canary and the release of the last automatic rollback are never pruned', () => {
  assert.equal(cli('releases.mjs', ['promote', 'mf-public', version('4'), '--canary', '10']).code, 0);
  // As a page server's automatic rollback leaves it (page-server/src/canary-watch.ts).
  const edited = registry();
  edited['mf-public'].lastAutoRollback = { version: version('3'), at: new Date().toISOString() };
  writeFileSync(path.join(releases, 'registry.json'), JSON.stringify(edited));
  for (const id of ['6', '7', '8', '9']) {
    assert.equal(cli('release.mjs', ['mf-public', '--skip-tests', '--from', fitting(`v${id}`)], id).code, 0);
  }
  const kept = published('mf-public');
  assert.ok(kept.includes(version('4')), `the canary is kept: ${kept}`);
  assert.ok(kept.includes(version('3')), `the auto-rolled-back release is kept: ${kept}`);
  assert.ok(!kept.includes(version('6')), `older releases are still pruned: ${kept}`);
});

test("writers of the registry under its lock never lose each other's change", async () => {
  const dir = path.join(work, 'lock-test');
  const writer = `
    import { readRegistry, withRegistryLock, writeRegistry } from '@sportify/platform/releases';
    for (let i = 0; i < 40; i++)
      withRegistryLock(${JSON.stringify(dir)}, () => {
        const registry = readRegistry(${JSON.stringify(dir)});
        registry.count = (registry.count ?? 0) + 1;
        writeRegistry(${JSON.stringify(dir)}, registry);
      });
  `;
  const { spawn } = await import('node:child_process');
  const run = () =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', writer], { cwd: repoRoot, stdio: 'inherit' });
      child.on('exit', resolve);
    });
  assert.deepEqual(await Promise.all([run(), run(), run()]), [0, 0, 0]);
  assert.equal(JSON.parse(readFileSync(path.join(dir, 'registry.json'), 'utf8')).count, 120);
  assert.equal(existsSync(path.join(dir, '.registry.lock')), false, 'the lock is released');
});

test('a stale lock is taken over, and a writer that lost its lock leaves the new holder its lock', async () => {
  const { withRegistryLock, readRegistry, writeRegistry } = await import('@sportify/platform/releases');
  const dir = path.join(work, 'stale-lock-test');
  const lock = path.join(dir, '.registry.lock');
  mkdirSync(dir, { recursive: true });
  // Left by a writer that died a minute ago.
  writeFileSync(lock, '999999 2026-01-01T00:00:00.000Z dead\n');
  const aMinuteAgo = new Date(Date.now() - 60_000);
  utimesSync(lock, aMinuteAgo, aMinuteAgo);
  withRegistryLock(dir, () => writeRegistry(dir, { count: 1 }), { waitMs: 1000 });
  assert.equal(readRegistry(dir).count, 1);
  assert.equal(existsSync(lock), false, 'the taken-over lock is released');

  // A lock younger than staleMs is waited for, not taken over.
  writeFileSync(lock, 'a live writer\n');
  assert.throws(() => withRegistryLock(dir, () => writeRegistry(dir, { count: 2 }), { waitMs: 50 }), /another writer/);
  assert.equal(readRegistry(dir).count, 1);
  rmSync(lock);

  // This writer ran so long that another took its lock over: finishing, it must not remove the other's lock.
  withRegistryLock(dir, () => {
    rmSync(lock);
    writeFileSync(lock, 'the writer that took over\n');
  });
  assert.equal(readFileSync(lock, 'utf8'), 'the writer that took over\n');
  rmSync(lock);
});
