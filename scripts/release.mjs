#!/usr/bin/env node
// `npm run release -w <package>`: test, build and publish one immutable release of a front end.
//   node scripts/release.mjs [package] [--skip-tests] [--from DIR] [--base-url URL] [--keep N]
// The package defaults to the folder the command runs in (npm -w runs it there). The build goes to a staging folder
// with its publicPath set to where the release will be served; the release guard then checks it against what is
// live, and only a build that fits is renamed into releases/<package>/<version>/. Nothing is made live here: see
// `npm run promote`. --from publishes an existing build folder instead of building (its publicPath is what it is).
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execa } from 'execa';
import { FRONT_ENDS, readSettings } from './lib/stack.mjs';
import { guardProblems } from './releases/guard.mjs';
import { releaseSettingsOrExit } from './releases/settings.mjs';
import {
  git,
  operator,
  pruneReleases,
  recordHistory,
  releaseDir,
  releasesDir,
  repoRoot,
  VERSION_PATTERN,
  withRegistryLock,
} from './releases/store.mjs';

const USAGE = 'usage: node scripts/release.mjs [package] [--skip-tests] [--from DIR] [--base-url URL] [--keep N]';
/** The options, or a refusal with the usage (an unknown option is a typo, not a crash). */
function parseOptions() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        'skip-tests': { type: 'boolean', default: false },
        from: { type: 'string' },
        'base-url': { type: 'string' },
        keep: { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`release refused: ${/** @type {Error} */ (error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const { values: opts, positionals } = parseOptions();

class Refused extends Error {}
/** @type {(message: string) => never} */
const fail = (message) => {
  throw new Refused(message);
};

async function main() {
  const pkg = positionals[0] ?? path.basename(process.cwd());
  const frontEnd = FRONT_ENDS.find((f) => f.name === pkg);
  if (!frontEnd) fail(`"${pkg}" is not a front end (${FRONT_ENDS.map((f) => f.name).join(', ')})`);
  const settings = releaseSettingsOrExit();
  const keep = Number(opts.keep ?? settings.SPORTIFY_KEEP_RELEASES);
  if (!Number.isInteger(keep) || keep < 2)
    fail('--keep must be a whole number of at least 2 (the live and the previous release)');

  const commit = git(['rev-parse', '--short=7', 'HEAD']) || 'nocommit';
  // Uncommitted changes make the commit id an incomplete description of the build; say so in the release.
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  const { version: pkgVersion } = JSON.parse(readFileSync(path.join(repoRoot, pkg, 'package.json'), 'utf8'));
  const buildId = settings.BUILD_ID || new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const version = `${pkgVersion}-${commit}.${buildId}`;
  if (!VERSION_PATTERN.test(version))
    fail(`"${version}" is not a usable version (BUILD_ID may hold only letters, digits, dots and dashes)`);

  const dir = releasesDir();
  const target = releaseDir(dir, pkg, version);
  if (existsSync(target)) fail(`${pkg} ${version} already exists: releases are immutable (set another BUILD_ID)`);
  // Where the release is served: the shell from its own origin, a remote from its origin (or a CDN, --base-url).
  const port = readSettings().frontEnds.find((f) => f.name === pkg)?.port ?? frontEnd.port;
  const baseUrl =
    opts['base-url'] ??
    settings.SPORTIFY_RELEASES_BASE_URL ??
    (frontEnd.spa ? '/releases/' : `http://localhost:${port}/releases/`);
  const publicPath = `${baseUrl.replace(/\/*$/, '/')}${version}/`;
  const staging = path.join(dir, pkg, `.staging-${version}`);

  const run = async (what, file, args, env = {}) => {
    console.log(`release ${pkg}: ${what}...`);
    const result = await execa(file, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: 'inherit',
      reject: false,
    });
    if (result.exitCode !== 0) fail(`${what} failed (exit ${result.exitCode})`);
  };

  try {
    if (!opts['skip-tests']) await run('tests', 'npx', ['jest', '--config', path.join(pkg, 'jest.config.js')]);
    if (opts.from) {
      cpSync(path.resolve(opts.from), staging, { recursive: true });
    } else {
      await run(
        'build',
        'npx',
        ['webpack', '--mode', 'production', '-c', path.join(pkg, 'webpack.config.js'), '--stats', 'errors-warnings'],
        {
          // Not --output-path, which would send a package's server build (dist/server) to the same folder.
          SPORTIFY_OUTPUT_PATH: staging,
          SPORTIFY_PUBLIC_PATH: publicPath,
          // The manifest's buildVersion names the release (the federation runtime keys its instances by it).
          MF_BUILD_VERSION: version,
        },
      );
    }
    const release = {
      package: pkg,
      federation: frontEnd.federation ?? null,
      version,
      commit,
      dirty,
      builtAt: new Date().toISOString(),
      tested: !opts['skip-tests'],
      publicPath: opts.from ? null : publicPath,
      ...(settings.SPORTIFY_BUILD_LABEL ? { label: settings.SPORTIFY_BUILD_LABEL } : {}),
    };
    writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);

    // Under the registry's lock: a promote or canary started meanwhile is checked against, and never pruned.
    const removed = withRegistryLock(dir, () => {
      const problems = guardProblems(dir, pkg, staging);
      if (problems.length) fail(`${pkg} ${version} does not fit what is live:\n  - ${problems.join('\n  - ')}`);
      renameSync(staging, target);
      recordHistory(dir, { action: 'release', package: pkg, version, commit, dirty, who: operator() });
      return pruneReleases(dir, pkg, keep);
    });
    console.log(
      `\nReleased ${pkg} ${version} in ${path.relative(repoRoot, target)}/${dirty ? ' (built with uncommitted changes)' : ''}`,
    );
    if (removed.length) console.log(`Removed older releases (keeping ${keep}): ${removed.join(', ')}`);
    console.log(`Make it live with: npm run promote -- ${pkg} ${version}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof Refused)) throw error;
  console.error(`release refused: ${error.message}`);
  process.exitCode = 1;
}
