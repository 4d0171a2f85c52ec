// The screens a build declares (its screens.json) and the site's live route table, for the release commands and the
// dev server. Validation, assembly and matching are @sportify/platform/screens, the module the browser runs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  assembleRoutes,
  liveRouteTable,
  screenDeclarationErrors,
  screensFeaturesNeeded,
  SHELL_PATHS,
  unexposedScreenErrors,
} from '@sportify/platform/screens';
import { FRONT_ENDS } from '../lib/front-ends.mjs';

/** The remotes (front ends with a federation name), in the order the route table lists them. */
export const REMOTES = FRONT_ENDS.filter((f) => f.federation);

/**
 * A build's screens.json, parsed; undefined when the folder has none, `{ error }` when it is not JSON.
 * @returns {unknown}
 */
export function readScreens(buildDir) {
  const file = path.join(buildDir, 'screens.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { error: `screens.json is not valid JSON (${/** @type {Error} */ (error).message})` };
  }
}

/**
 * The site's route table now: each remote's declarations from the folder it is served from (`dirOf(remote)`, its
 * live release or its dist/ build), assembled with the shell's own paths reserved. Never throws (see liveRouteTable).
 * @param {(remote: (typeof REMOTES)[number]) => string | undefined} dirOf
 * @returns {{ routes: any[], routesVersion: string, problems: string[] }}
 */
export function currentRouteTable(dirOf) {
  /** @type {Record<string, unknown>} */
  const byRemote = {};
  for (const remote of REMOTES) {
    const dir = dirOf(remote);
    const declared = dir && readScreens(dir);
    if (declared !== undefined) byRemote[String(remote.federation)] = declared;
  }
  return liveRouteTable(byRemote, SHELL_PATHS);
}

/**
 * Why a remote's build cannot publish its screens next to the other live remotes (empty when it can): its
 * screens.json is missing or invalid, names a module the build does not expose, or has a path that another live
 * remote (`others`: federation name -> declarations) or the shell already serves.
 * @param {string} federation
 * @param {string} buildDir
 * @param {Record<string, unknown>} others
 */
export function screensProblems(federation, buildDir, others) {
  const declared = readScreens(buildDir);
  if (declared === undefined)
    return [`${federation} has no screens.json: a remote's build publishes its screens (src/screens.json)`];
  if (declared && typeof declared === 'object' && 'error' in declared) return [`${federation}: ${declared.error}`];
  const invalid = screenDeclarationErrors(federation, declared);
  if (invalid.length) return invalid.map((problem) => `screens.json: ${problem}`);

  const manifest = readJsonIfAny(path.join(buildDir, 'mf-manifest.json'));
  // Valid declarations (checked above).
  const screens = /** @type {import('@sportify/platform/screens').ScreenDeclaration[]} */ (declared);
  const exposed = (manifest?.exposes ?? []).map((/** @type {{ name: string }} */ expose) => expose.name);
  const problems = unexposedScreenErrors(federation, screens, exposed).map((problem) => `screens.json: ${problem}`);
  // Against what the other remotes serve now; their own conflicts (if any) are not this build's.
  const { routes } = liveRouteTable(others, SHELL_PATHS);
  /** @type {Record<string, unknown[]>} */
  const live = {};
  for (const { remote, ...screen } of routes) (live[remote] ??= []).push(screen);
  try {
    assembleRoutes({ ...live, [federation]: declared }, SHELL_PATHS);
  } catch (error) {
    problems.push(
      ...String(/** @type {Error} */ (error).message)
        .split('\n')
        .slice(1)
        .map((line) => `screens.json: ${line}`),
    );
  }
  return problems;
}

/**
 * Why the live shell cannot route a remote's screens (empty when it can): its declarations use a feature of the
 * screens format (an access by a list of roles) that the shell's build does not understand; its guards would send
 * everyone away. The shell (and the page servers) of a release that has it ship first.
 * @param {{ build: any }} shell
 * @param {string} federation
 * @param {unknown} declared
 */
export function screensFeatureProblems(shell, federation, declared) {
  if (!Array.isArray(declared) || screenDeclarationErrors(federation, declared).length) return [];
  const known = new Set(shell.build.screens ?? []);
  return screensFeaturesNeeded(declared)
    .filter((feature) => !known.has(feature))
    .map(
      (feature) =>
        `${federation}'s screens.json uses "${feature}" (access by a list of roles), which the live shell does not understand: release the shell first`,
    );
}

function readJsonIfAny(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}
