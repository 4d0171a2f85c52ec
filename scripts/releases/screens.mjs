// The screens a build declares (its screens.json) and the site's live route table, for the release commands and the
// static server. Validation, assembly and matching are shared-ui's `screens` module itself (the one the browser
// runs), compiled here on load: the scripts run on plain Node, which cannot import TypeScript.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import ts from 'typescript';
import { FRONT_ENDS } from '../lib/stack.mjs';
import { repoRoot } from './store.mjs';

const sharedUi = path.join(repoRoot, 'shared-ui');

/** Loads a TypeScript module of shared-ui as CommonJS; its imports of shared-ui (by package name or relative) too. */
function loadSharedUiModule(file, loaded = new Map()) {
  if (loaded.has(file)) return loaded.get(file).exports;
  const module = { exports: {} };
  loaded.set(file, module);
  const nodeRequire = createRequire(file);
  const exportsMap = JSON.parse(readFileSync(path.join(sharedUi, 'package.json'), 'utf8')).exports;
  const resolveTs = (request) => {
    if (request.startsWith('@sportify/shared-ui')) {
      const target = exportsMap[`.${request.slice('@sportify/shared-ui'.length)}`];
      return target && path.join(sharedUi, target);
    }
    if (request.startsWith('.')) {
      const base = path.resolve(path.dirname(file), request);
      return ['.ts', '.tsx', '/index.ts'].map((ext) => `${base}${ext}`).find(existsSync);
    }
    return undefined;
  };
  const require = (request) => {
    const tsFile = resolveTs(request);
    return tsFile ? loadSharedUiModule(tsFile, loaded) : nodeRequire(request);
  };
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  vm.runInThisContext(`(function (exports, require, module) {${outputText}\n})`, { filename: file })(
    module.exports,
    require,
    module,
  );
  return module.exports;
}

/** `@sportify/shared-ui/screens`: screenDeclarationErrors, assembleRoutes, liveRouteTable, matchScreen, SHELL_PATHS. */
export const screens = loadSharedUiModule(path.join(sharedUi, 'src/screens/screens.ts'));

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
  return screens.liveRouteTable(byRemote, screens.SHELL_PATHS);
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
  /** @type {string[]} */
  const invalid = screens.screenDeclarationErrors(federation, declared);
  if (invalid.length) return invalid.map((problem) => `screens.json: ${problem}`);

  const manifest = readJsonIfAny(path.join(buildDir, 'mf-manifest.json'));
  /** @type {string[]} */
  const problems = screens
    .unexposedScreenErrors(
      federation,
      declared,
      (manifest?.exposes ?? []).map((expose) => expose.name),
    )
    .map((problem) => `screens.json: ${problem}`);
  // Against what the other remotes serve now; their own conflicts (if any) are not this build's.
  const { routes } = screens.liveRouteTable(others, screens.SHELL_PATHS);
  /** @type {Record<string, unknown[]>} */
  const live = {};
  for (const { remote, ...screen } of routes) (live[remote] ??= []).push(screen);
  try {
    screens.assembleRoutes({ ...live, [federation]: declared }, screens.SHELL_PATHS);
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

function readJsonIfAny(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}
