import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Lru } from './lru.js';

// Release folders and the live-version registry, as `npm run release` / `promote` write them (scripts/releases):
//   <releases>/<package>/<version>/   one immutable release of a package's build
//   <releases>/registry.json          per package: { live: { version, publicPath, ... }, previous, stack, canary? }

/** A version names a folder and a URL segment: package version, commit and build id, nothing else. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+-[0-9A-Za-z.-]+$/;

export interface LiveRelease {
  version: string;
  publicPath?: string;
}

/** A release served to a share of browsers (`npm run promote -- <package> <version> --canary <percent>`). */
export interface CanaryRelease extends LiveRelease {
  percent: number;
  startedAt: string;
  margin: number;
  minLoads: number;
}

export type Registry = Record<string, { live?: LiveRelease | null; canary?: CanaryRelease } | undefined>;

const parsed = new Lru<string, { stamp: string; value: unknown }>(64);

/**
 * A JSON file as it is on disk now, or undefined when it is missing or not JSON. Parsed again only when the file
 * changed, so every request can read the registry: promote and rollback are seen at once, by every process.
 */
export function readJsonFile(file: string): unknown {
  let stamp: string;
  try {
    const stat = statSync(file);
    stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return undefined;
  }
  const hit = parsed.get(file);
  if (hit?.stamp === stamp) return hit.value;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    value = undefined;
  }
  parsed.set(file, { stamp, value });
  return value;
}

export const readRegistry = (releasesDir: string): Registry => {
  const registry = readJsonFile(path.join(releasesDir, 'registry.json'));
  return registry && typeof registry === 'object' ? (registry as Registry) : {};
};

/** The folder of a package's release, or undefined for a version that cannot name one. */
export const releaseFolder = (releasesDir: string, pkg: string, version: string): string | undefined =>
  VERSION_PATTERN.test(version) ? path.join(releasesDir, pkg, version) : undefined;

/** The manifest URL of a live release: inside its publicPath, else under releases/ beside the unversioned manifest. */
export function liveManifestUrl(baseManifestUrl: string, live: LiveRelease): string {
  if (typeof live.publicPath === 'string' && /^https?:\/\//.test(live.publicPath))
    return `${live.publicPath}mf-manifest.json`;
  return new URL(`releases/${live.version}/mf-manifest.json`, baseManifestUrl).href;
}
