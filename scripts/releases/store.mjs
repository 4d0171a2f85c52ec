// Release folders, the live-version registry and the history, on disk (in production: object storage behind a CDN,
// docs/operations.md). The layout, the registry's reader, writer and lock are @sportify/platform/releases'; a
// release folder holds the build, release.json, sportify-build.json and mf-manifest.json.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJson, readRegistry, registryDir, VERSION_PATTERN } from '@sportify/platform/releases';
import { readReleaseSettings } from './settings.mjs';

export {
  readJson,
  readRegistry,
  recordHistory,
  VERSION_PATTERN,
  withRegistryLock,
  writeJsonAtomic,
  writeRegistry,
} from '@sportify/platform/releases';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folder of all releases: SPORTIFY_RELEASES_DIR (relative to the repository) or releases/. */
export const releasesDir = (env = process.env) =>
  path.resolve(repoRoot, readReleaseSettings(env).SPORTIFY_RELEASES_DIR);

export const releaseDir = (dir, pkg, version) => path.join(dir, pkg, version);

/**
 * A release's release.json, written by `npm run release`.
 * @typedef {{ version: string, commit?: string, builtAt?: string, publicPath?: string, tested?: boolean }} Release
 */

/**
 * The release.json of one release, or undefined when that release is not on disk.
 * @returns {Release | undefined}
 */
export const readRelease = (dir, pkg, version) =>
  VERSION_PATTERN.test(version)
    ? /** @type {Release | undefined} */ (readJson(path.join(releaseDir(dir, pkg, version), 'release.json')))
    : undefined;

/** Every published release of a package, newest build first. */
export function listReleases(dir, pkg) {
  const folder = path.join(dir, pkg);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => VERSION_PATTERN.test(name))
    .map((name) => readRelease(dir, pkg, name))
    .filter((release) => release !== undefined)
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
  const named = readReleaseSettings(env).SPORTIFY_OPERATOR;
  if (named) return named;
  const name = git(['config', 'user.name']);
  const email = git(['config', 'user.email']);
  if (name || email) return [name, email && `<${email}>`].filter(Boolean).join(' ');
  return os.userInfo().username;
}

export function readHistory(dir) {
  const file = path.join(registryDir(dir), 'history.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * Keeps the newest `keep` releases of a package, plus every release the registry can still point at (live,
 * previous, the rest of the rollback stack, a canary and the release the last automatic rollback ended), so no open
 * tab loses its lazy chunks. Returns the removed versions.
 */
export function pruneReleases(dir, pkg, keep) {
  const entry = readRegistry(dir)[pkg];
  const pinned = new Set([...(entry?.stack ?? []), entry?.canary?.version, entry?.lastAutoRollback?.version]);
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
