// Module Federation settings every front end shares: the singletons, their versions and the runtime's one copy.
const path = require('path');

// Libraries that must exist once on the page (docs/product.md §A2). Firebase stays inside the shell.
// react-router-dom is shared through '@sportify/shared-ui/router' (below), which keeps only the APIs we use.
const SINGLETONS = [
  'react',
  'react-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'styled-components',
  'react-toastify',
  'axios',
  '@sportify/shared-ui',
];

/** `shared` map for a package: singletons with requiredVersion taken from that package's own package.json. */
function sharedSingletons(pkgDir) {
  const pkg = require(path.join(pkgDir, 'package.json'));
  const deps = { ...pkg.devDependencies, ...pkg.peerDependencies, ...pkg.dependencies };
  const shared = {};
  for (const name of SINGLETONS) {
    const requiredVersion = deps[name];
    if (!requiredVersion) throw new Error(`${pkg.name}: shared singleton "${name}" is missing from package.json`);
    shared[name] = { singleton: true, requiredVersion };
  }
  // Subpath imports (react/jsx-runtime, react-dom/client, ...) share the same single copy.
  shared['react/'] = { singleton: true, requiredVersion: deps.react };
  shared['react-dom/'] = { singleton: true, requiredVersion: deps['react-dom'] };
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: deps.react };
  // RTK Query lives in subpaths of @reduxjs/toolkit; unshared, a remote importing one (skipToken, ...) would bundle
  // and load a second RTK Query of its own.
  shared['@reduxjs/toolkit/query'] = { singleton: true, requiredVersion: deps['@reduxjs/toolkit'] };
  shared['@reduxjs/toolkit/query/react'] = { singleton: true, requiredVersion: deps['@reduxjs/toolkit'] };
  shared['@sportify/shared-ui/router'] = { singleton: true, requiredVersion: deps['@sportify/shared-ui'] };
  return shared;
}

/**
 * Federation options common to every build.
 * @param {{ pkgDir: string, name: string, exposes?: Record<string,string> }} opts
 */
function federationOptions({ pkgDir, name, exposes }) {
  return {
    name,
    ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
    manifest: true,
    shared: sharedSingletons(pkgDir),
    // A slow or missing remote must not hold up the shared-scope negotiation of the page (docs/product.md §A2).
    shareStrategy: 'loaded-first',
    // Type checking is `tsc -b` at the root; only a remote's production build runs the types plugin, to publish its
    // declarations (createWebpackConfig).
    dts: false,
  };
}

/**
 * The federation runtime is published in two formats. The build plugin's own modules import its ES build, while the
 * plugin that hands the runtime to the remotes (provideExternalRuntime) `require`s it, which bundled a second, CommonJS
 * copy of runtime-core, sdk and error-codes into main.js (about 20 KB gzipped; scripts/analyze-bundle.mjs shows
 * it). Pointing the bare package names at the ES build keeps one copy.
 */
function federationRuntimeAliases() {
  // require.resolve answers the CommonJS entry (dist/index.cjs); the ES build sits beside it.
  const esm = (pkg, file) => path.join(path.dirname(require.resolve(pkg)), file);
  return {
    '@module-federation/runtime-core$': esm('@module-federation/runtime-core', 'index.js'),
    '@module-federation/sdk$': esm('@module-federation/sdk', 'index.js'),
    '@module-federation/error-codes$': esm('@module-federation/error-codes', 'index.mjs'),
  };
}

module.exports = { SINGLETONS, sharedSingletons, federationOptions, federationRuntimeAliases };
