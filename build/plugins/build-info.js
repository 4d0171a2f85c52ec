// Emits `sportify-build.json` beside mf-manifest.json: which names this build imports from the shared-ui entry points,
// which names its copy of them provides, and which screens.json features its copy of @sportify/platform/screens
// understands. The page runs the shell's copy of shared-ui ('loaded-first') and the shell's guards read the route
// table, so the release guard (scripts/releases) checks a remote's imports and screens against the live shell's.
const path = require('path');

const TRACKED = ['@sportify/shared-ui', '@sportify/shared-ui/router'];
// shared-ui folders that are not shared at run time: each package bundles them, so what they import from the shared
// entry points is that package's need (the endpoints by domain, the dialogs).
const BUNDLED_SHARED_UI = ['src/endpoints/', 'src/dialog/'];

/** The screens.json features this build's @sportify/platform understands ([] for one from before the list). */
function screensFeatures(context) {
  try {
    return [...require(require.resolve('@sportify/platform/screens', { paths: [context] })).SCREENS_FEATURES];
  } catch {
    return [];
  }
}
const FILE = 'sportify-build.json';

/** Export names a dependency on a tracked request uses: ['*'] when it takes the whole namespace. */
function usedNames(dep, moduleGraph) {
  switch (dep.constructor.name) {
    case 'HarmonyImportSpecifierDependency':
    case 'HarmonyExportImportedSpecifierDependency': {
      const ids = typeof dep.getIds === 'function' ? dep.getIds(moduleGraph) : dep.ids;
      return ids && ids.length ? [ids[0]] : ['*'];
    }
    case 'HarmonyImportSideEffectDependency':
      return [];
    default:
      // import('...'), require('...'): anything may be read.
      return ['*'];
  }
}

/** Modules reachable from the given entries (all entries when none is named). */
function reachable(compilation, entryName) {
  const { moduleGraph } = compilation;
  const names = entryName && compilation.entries.has(entryName) ? [entryName] : [...compilation.entries.keys()];
  const queue = names.flatMap((name) =>
    compilation.entries.get(name).dependencies.map((dep) => moduleGraph.getModule(dep)),
  );
  const seen = new Set();
  while (queue.length) {
    const module = queue.pop();
    if (!module || seen.has(module)) continue;
    seen.add(module);
    for (const connection of moduleGraph.getOutgoingConnections(module)) queue.push(connection.module);
  }
  return seen;
}

class BuildInfoPlugin {
  /** @param {{ entry?: string }} [options] entry: the container entry of a remote (what the shell runs of it) */
  constructor({ entry } = {}) {
    this.entry = entry;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      const info = { imports: {}, provides: {}, screens: screensFeatures(compiler.context) };
      // After the exports are known and before modules are concatenated (which hides the inner ones).
      compilation.hooks.afterOptimizeDependencies.tap('BuildInfoPlugin', (modules) => {
        const { moduleGraph } = compilation;
        const imports = Object.fromEntries(TRACKED.map((request) => [request, new Set()]));
        // shared-ui's own files count as what it needs, not as what this build needs from the shell.
        let sharedUiRoot = null;
        try {
          sharedUiRoot =
            path.dirname(require.resolve('@sportify/shared-ui/package.json', { paths: [compiler.context] })) + path.sep;
        } catch {
          // A build without shared-ui (e.g. a test fixture).
        }
        // A remote's standalone start-up (bootstrap.tsx) never runs inside the shell: only what its container reaches.
        for (const module of reachable(compilation, this.entry)) {
          const resource = module.resource || '';
          // shared-ui's own files reach each other by relative paths; node_modules never import it.
          if (resource.includes('/node_modules/')) continue;
          if (
            sharedUiRoot &&
            resource.startsWith(sharedUiRoot) &&
            !BUNDLED_SHARED_UI.some((folder) => resource.startsWith(sharedUiRoot + folder))
          )
            continue;
          for (const dep of module.dependencies) {
            if (!TRACKED.includes(dep.request)) continue;
            for (const name of usedNames(dep, moduleGraph)) imports[dep.request].add(name);
          }
        }
        info.imports = Object.fromEntries(TRACKED.map((request) => [request, [...imports[request]].sort()]));
        // What this build's own copy of each entry point exports (the shell's copy is the one the page runs).
        for (const request of TRACKED) {
          let file;
          try {
            file = require.resolve(request, { paths: [compiler.context] });
          } catch {
            continue;
          }
          const module = [...modules].find((candidate) => candidate.resource === file);
          if (!module) continue;
          const provided = moduleGraph.getExportsInfo(module).getProvidedExports();
          info.provides[request] = Array.isArray(provided) ? [...provided].sort() : ['*'];
        }
      });
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          compilation.emitAsset(FILE, new RawSource(`${JSON.stringify(info, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { BuildInfoPlugin, BUILD_INFO_FILE: FILE, TRACKED_SHARED_ENTRIES: TRACKED };
