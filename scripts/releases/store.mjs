// Release folders, the live-version registry and the history, on disk (in production: object storage behind a CDN,
// README "Operating the remotes"). Layout under the releases directory (SPORTIFY_RELEASES_DIR, default releases/):
//   <package>/<version>/   one immutable release: the build, release.json, sportify-build.json, mf-manifest.json
//   registry.json          what is live: per package the live and previous release (public-safe: no operator names)
//   history.jsonl          every release, promote and rollback: time, package, version, commit, who (kept private)
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folder of all releases: SPORTIFY_RELEASES_DIR (relative to the repository) or releases/. */
export const releasesDir = (env = process.env) => path.resolve(repoRoot, env.SPORTIFY_RELEASES_DIR || 'releases');

/** A version names a folder and a URL segment: package version, commit and build id, nothing else. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+-[0-9A-Za-z.-]+$/;

export const releaseDir = (dir, pkg, version) => path.join(dir, pkg, version);

/** JSON of a file, or undefined when it does not exist. */
export function readJson(file) {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Writes a file so readers see the old or the new content, never half of it: temporary file, then rename. */
export function writeJsonAtomic(file, value) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}

/** @returns {Record<string, { live: object, previous: object | null, stack: string[] }>} */
export const readRegistry = (dir) => readJson(path.join(dir, 'registry.json')) ?? {};

export const writeRegistry = (dir, registry) => writeJsonAtomic(path.join(dir, 'registry.json'), registry);

/** The release.json of one release, or undefined when that release is not on disk. */
export const readRelease = (dir, pkg, version) =>
  VERSION_PATTERN.test(version) ? readJson(path.join(releaseDir(dir, pkg, version), 'release.json')) : undefined;

/** Every published release of a package, newest build first. */
export function listReleases(dir, pkg) {
  const folder = path.join(dir, pkg);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => VERSION_PATTERN.test(name))
    .map((name) => readRelease(dir, pkg, name))
    .filter(Boolean)
    .sort((a, b) => String(b.builtAt).localeCompare(String(a.builtAt)));
}

/** Output of a git command in the repository, or '' when git or the repository is missing. */
export function git(args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** Who runs a command: SPORTIFY_OPERATOR, else the git user, else the login name. */
export function operator(env = process.env) {
  if (env.SPORTIFY_OPERATOR) return env.SPORTIFY_OPERATOR;
  const name = git(['config', 'user.name']);
  const email = git(['config', 'user.email']);
  if (name || email) return [name, email && `<${email}>`].filter(Boolean).join(' ');
  return os.userInfo().username;
}

export function recordHistory(dir, entry) {
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'history.jsonl'), `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
}

export function readHistory(dir) {
  const file = path.join(dir, 'history.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * Keeps the newest `keep` releases of a package, plus every release the registry can still point at (live,
 * previous and the rest of the rollback stack), so no open tab loses its lazy chunks. Returns the removed versions.
 */
export function pruneReleases(dir, pkg, keep) {
  const pinned = new Set(readRegistry(dir)[pkg]?.stack ?? []);
  const removed = [];
  listReleases(dir, pkg).forEach((release, index) => {
    if (index < keep || pinned.has(release.version)) return;
    rmSync(releaseDir(dir, pkg, release.version), { recursive: true, force: true });
    removed.push(release.version);
  });
  return removed;
}

/** The registry's summary of a release (no operator name: the registry is public-safe). */
export const registryEntry = (release, promotedAt) => ({
  version: release.version,
  commit: release.commit,
  builtAt: release.builtAt,
  publicPath: release.publicPath,
  promotedAt,
});
