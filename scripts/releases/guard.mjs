// Which builds are live now, and whether a candidate fits them (used by release, promote and rollback).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FRONT_ENDS } from '../lib/front-ends.mjs';
import { readBuild, incompatibilities } from './compat.mjs';
import { readScreens, REMOTES, screensFeatureProblems, screensProblems } from './screens.mjs';
import { readRegistry, releaseDir, repoRoot } from './store.mjs';
import { readReleaseSettings } from './settings.mjs';

/**
 * The folder the site serves for a package now: its live release, else its unversioned build (<pkg>/dist/ under
 * SPORTIFY_BUILDS_ROOT, default the repository; tests point it elsewhere so the repository's builds do not count).
 */
/** @param {Record<string, any>} [registry] */
export function liveBuildDir(dir, pkg, registry = readRegistry(dir)) {
  const live = registry[pkg]?.live;
  if (live) return releaseDir(dir, pkg, live.version);
  const dist = path.join(readReleaseSettings().SPORTIFY_BUILDS_ROOT || repoRoot, pkg, 'dist');
  return existsSync(dist) ? dist : undefined;
}

/** The declarations of every live remote but `except`: federation name -> its screens.json. */
function liveScreens(dir, except) {
  /** @type {Record<string, unknown>} */
  const byRemote = {};
  for (const remote of REMOTES.filter((r) => r.name !== except)) {
    const remoteDir = liveBuildDir(dir, remote.name);
    const declared = remoteDir && readScreens(remoteDir);
    if (declared !== undefined) byRemote[String(remote.federation)] = declared;
  }
  return byRemote;
}

/**
 * Reasons the candidate build of `pkg` cannot go live next to what is live now. A remote is checked against the live
 * shell (shared libraries) and the other live remotes (its screens: valid, exposed, and no path another remote or
 * the shell's Login and Register serves); the shell against every live remote. Returns sentences naming the cause;
 * empty when it fits.
 */
export function guardProblems(dir, pkg, candidateDir) {
  const candidate = readBuild(candidateDir);
  if (!candidate) return [`${candidateDir} has no mf-manifest.json or sportify-build.json: it is not a complete build`];
  if (pkg !== 'shell') {
    const shellDir = liveBuildDir(dir, 'shell');
    const shell = shellDir && readBuild(shellDir);
    if (!shell)
      return ['there is no live shell build to check against (release the shell or run npm run build -w shell first)'];
    const federation = FRONT_ENDS.find((f) => f.name === pkg)?.federation ?? candidate.manifest.name;
    return [
      ...incompatibilities(shell, candidate),
      ...screensProblems(federation, candidateDir, liveScreens(dir, pkg)),
      ...screensFeatureProblems(shell, federation, readScreens(candidateDir)),
    ];
  }
  const problems = [];
  for (const remote of FRONT_ENDS.filter((f) => f.federation)) {
    const remoteDir = liveBuildDir(dir, remote.name);
    const live = remoteDir && readBuild(remoteDir);
    if (live) problems.push(...incompatibilities(candidate, live, 'this shell build'));
  }
  return problems;
}
