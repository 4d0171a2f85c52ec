// Emits `sportify-build.json` beside mf-manifest.json: which names this build imports from the shared-ui entry points
// and which names its copy of them provides. The page runs the shell's copy of shared-ui ('loaded-first'), so the
// release guard (scripts/releases/compat.mjs) checks a remote's imports against the live shell's provides.
const TRACKED = ['@sportify/shared-ui', '@sportify/shared-ui/router'];
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

class BuildInfoPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      const info = { imports: {}, provides: {} };
      // After the exports are known and before modules are concatenated (which hides the inner ones).
      compilation.hooks.afterOptimizeDependencies.tap('BuildInfoPlugin', (modules) => {
        const { moduleGraph } = compilation;
        const imports = Object.fromEntries(TRACKED.map((request) => [request, new Set()]));
        for (const module of modules) {
          const resource = module.resource || '';
          // shared-ui's own files reach each other by relative paths; node_modules never import it.
          if (resource.includes('/node_modules/')) continue;
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
      compilation.hooks.processAssets.tap({ name: 'BuildInfoPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        compilation.emitAsset(FILE, new RawSource(`${JSON.stringify(info, null, 2)}\n`));
      });
    });
  }
}

module.exports = { BuildInfoPlugin, BUILD_INFO_FILE: FILE, TRACKED_SHARED_ENTRIES: TRACKED };
