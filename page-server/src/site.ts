import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readJsonFile, readRegistry, releaseFolder, type Registry } from '@sportify/platform/releases';
import { assembleRoutes, SHELL_PATHS, type ScreenRoute } from '@sportify/platform/screens';
import { chooseReleases, type ChosenRelease } from './canary.js';
import type { ConfigOrigins } from './headers.js';
import { reportOnce } from './log.js';
import { liveManifestUrl } from './releases.js';

/** A remote the site composes: its package (names its release folders), federation name and unversioned build. */
export interface RemoteBuild {
  package: string;
  federation: string;
  dist: string;
}

export interface SiteSettings {
  /** The shell's unversioned build (shell/dist), served while no shell release is live. */
  shellDist: string;
  releasesDir: string;
  remotes: RemoteBuild[];
  /** The runtime config to serve (SPORTIFY_RUNTIME_CONFIG); else the shell build's own config.json. */
  baseConfig?: Record<string, unknown>;
}

/**
 * Which build of a part a page uses: a promoted release (`live`), a canary's (`canary`), a developer's override
 * (`override`), or the unversioned build on disk when nothing was promoted (`build`, version null).
 */
export interface ReleaseInUse {
  version: string | null;
  channel: 'live' | 'canary' | 'override' | 'build';
}

/** The runtime config as the browser gets it: inline in every page and at /config.json. */
export type PageConfig = Record<string, unknown> &
  ConfigOrigins & {
    remotes: Record<string, string>;
    routes: ScreenRoute[];
    routesVersion: string;
    /** Federation name (and `shell`) -> the release the page uses, for error reports and the response headers. */
    releases: Record<string, ReleaseInUse>;
  };

/** What the site is now, read from disk for one request. */
export interface Site {
  shellDir: string;
  config: PageConfig;
  /** Federation name -> the file of that remote's live server build, for those that have one. */
  serverRemotes: Record<string, string>;
  /** Every remote's screens are in the route table (else a path no route matches may still be a page). */
  complete: boolean;
  /** The answer depends on the browser's cookies (a canary is running): no shared cache may keep it for others. */
  perBrowser: boolean;
}

/**
 * The release that serves a package for this request and its folder: the one chosen for the browser when it is on
 * disk, else the live release when that is; undefined when the package's dist/ build serves.
 */
function servingRelease(
  releasesDir: string,
  registry: Registry,
  chosen: Record<string, ChosenRelease>,
  pkg: string,
): (ChosenRelease & { folder: string }) | undefined {
  const live = registry[pkg]?.live;
  for (const candidate of [chosen[pkg], live ? ({ release: live, channel: 'live' } as const) : undefined]) {
    const folder = candidate && releaseFolder(releasesDir, pkg, candidate.release.version);
    if (candidate && folder && existsSync(folder)) return { ...candidate, folder };
  }
  return undefined;
}

/**
 * The route table from each remote's published screens. A remote whose screens.json is missing, invalid or collides
 * with what is already assembled is left out (said once): its paths show Page not found, every other screen works.
 */
function routesOf(screens: [string, unknown][]): { routes: ScreenRoute[]; complete: boolean } {
  const accepted: Record<string, unknown> = {};
  let routes: ScreenRoute[] = [];
  let complete = true;
  for (const [remote, declared] of screens) {
    try {
      routes = assembleRoutes({ ...accepted, [remote]: declared }, SHELL_PATHS);
      accepted[remote] = declared;
    } catch (error) {
      complete = false;
      reportOnce(`${remote}'s screens are left out: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { routes, complete };
}

/**
 * The site as the registry and the builds on disk say now, for one browser (its cookies pick a canary or the live
 * release of each package): any number of processes read the same answer for the same cookies.
 */
export function readSite(settings: SiteSettings, cookies: Record<string, string> = {}): Site {
  const registry = readRegistry(settings.releasesDir, { serving: true });
  const chosen = chooseReleases(registry, cookies);
  const serving = (pkg: string) => servingRelease(settings.releasesDir, registry, chosen, pkg);
  const inUse = (used: ReturnType<typeof serving>): ReleaseInUse =>
    used ? { version: used.release.version, channel: used.channel } : { version: null, channel: 'build' };
  const shell = serving('shell');
  const shellDir = shell?.folder ?? settings.shellDist;
  const releases: Record<string, ReleaseInUse> = { shell: inUse(shell) };
  const base = settings.baseConfig ?? readJsonFile(path.join(shellDir, 'config.json'));
  if (!base || typeof base !== 'object') throw new Error(`${shellDir} has no config.json and none was given`);
  const baseRemotes = ((base as ConfigOrigins).remotes ?? {}) as Record<string, string>;

  const remotes: Record<string, string> = { ...baseRemotes };
  const screens: [string, unknown][] = [];
  let declaredByAll = true;
  const serverRemotes: Record<string, string> = {};
  for (const remote of settings.remotes) {
    const used = serving(remote.package);
    if (used && remotes[remote.federation])
      remotes[remote.federation] = liveManifestUrl(remotes[remote.federation], used.release);
    const dir = used?.folder ?? remote.dist;
    releases[remote.federation] = inUse(used);
    const declared = readJsonFile(path.join(dir, 'screens.json'));
    if (declared === undefined) {
      declaredByAll = false;
      reportOnce(`${remote.package}: ${dir} has no screens.json; its screens are left out`);
    } else screens.push([remote.federation, declared]);
    const entry = path.join(dir, 'server', 'remoteEntry.js');
    if (existsSync(entry)) serverRemotes[remote.federation] = entry;
  }
  const { routes, complete } = routesOf(screens);
  const routesVersion = createHash('sha256').update(JSON.stringify(routes)).digest('hex').slice(0, 12);
  return {
    shellDir,
    config: { ...(base as Record<string, unknown>), remotes, routes, routesVersion, releases },
    serverRemotes,
    complete: complete && declaredByAll,
    perBrowser: Object.values(registry).some((entry) => entry?.canary),
  };
}

/**
 * The `X-Sportify-Releases` header: each part's release the response was made with, as `name=version;channel`
 * (`name=build` for an unversioned build, `name=override` for a developer's, see X-Sportify-Override), so a bad page can be traced to a release from its headers alone.
 */
export const releasesHeader = (releases: Record<string, ReleaseInUse>): string =>
  Object.entries(releases)
    .map(([name, { version, channel }]) =>
      version ? `${name}=${version};${channel}` : `${name}=${channel === 'override' ? 'override' : 'build'}`,
    )
    .join(', ');

/** The `X-Sportify-Override` header: which remote this browser loads from where instead of its release. */
export const overrideHeader = (overrides: Record<string, string>): string =>
  Object.entries(overrides)
    .map(([remote, url]) => `${remote}=${url}`)
    .join(', ');
