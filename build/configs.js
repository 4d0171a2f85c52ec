// The webpack configs of a front end: its browser build and its server build.
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { federationRuntimeAliases } = require('./federation');
const { devRuntimeConfig, remoteDevServer } = require('./dev-server');
const { BuildInfoPlugin } = require('./plugins/build-info');
const { CopyPublicPlugin } = require('./plugins/copy-public');
const { ExposedModulesPlugin } = require('./plugins/exposed-modules');
const { FederationEnvPlugin } = require('./plugins/federation-env');
const { HostPublicPathPlugin } = require('./plugins/host-public-path');
const { PrecompressPlugin } = require('./plugins/precompress');
const { ScreensPlugin } = require('./plugins/screens');
const { StartupPreloadPlugin } = require('./plugins/startup-preload');

/**
 * The types plugin's options for a remote's production build. Its compile extends the package's tsconfig, which is
 * composite, so it is incremental, and it would keep its build info in a folder no clean reaches: the next build
 * then found everything "up to date", emitted no declarations, and went on without the types archive (the plugin
 * reports that failure but does not fail the build). A fresh build info per build makes every build emit them.
 */
function publishedTypes(pkgDir) {
  const buildInfo = path.join(pkgDir, 'node_modules', '.cache', 'mf-types', 'tsconfig.tsbuildinfo');
  fs.rmSync(buildInfo, { force: true });
  // After `tsc -b` has checked the same files with the same options (npm test), the compile only emits: the same
  // declarations, without checking them a second time.
  const noCheck = process.env.SPORTIFY_BUILD_NOCHECK ? ' --noCheck' : '';
  return {
    generateTypes: {
      tsConfigPath: path.join(pkgDir, 'tsconfig.json'),
      abortOnError: true,
      compilerInstance: `tsc${noCheck} --tsBuildInfoFile ${buildInfo}`,
    },
    consumeTypes: false,
    displayErrorInTerminal: true,
  };
}

/**
 * Entry chunk names with a content hash. webpack 5.111 asks the federation runtime module for the entry's file name
 * while hashing, before the content hash exists, and then fails on `[contenthash]` (module-federation/core#5077).
 * Until the hash exists we answer the unhashed name; only its folder is used at that point, and it is the same.
 */
const hashedEntryName = (pathData) =>
  pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript
    ? '[name].[contenthash:8].js'
    : '[name].js';

/** ts-loader over a package's sources and the shared-ui sources it imports (type checking is `tsc -b`). */
function typeScriptRule(pkgDir) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'ts-loader',
      options: {
        transpileOnly: true,
        configFile: path.join(pkgDir, 'tsconfig.json'),
        // shared-ui sources are compiled into every bundle, so the project rootDir must not apply here.
        compilerOptions: {
          composite: false,
          declaration: false,
          emitDeclarationOnly: false,
          noEmit: false,
          rootDir: path.dirname(pkgDir),
        },
      },
    },
  };
}
/**
 * shared-ui's endpoints (one generated module per call, re-exported by its domain's module) inject their call into
 * the api when they are used: a bundle keeps the calls its code uses and drops the rest of the domain.
 */
const ENDPOINTS_RULE = { test: /[\\/]shared-ui[\\/]src[\\/]endpoints[\\/]/, sideEffects: false };
const ASSET_RULE = { test: /\.(svg|webp|png|jpe?g|avif)$/i, type: 'asset/resource' };
const ASSET_FILENAME = 'assets/[name].[contenthash:8][ext]';
const buildLabel = () =>
  new webpack.DefinePlugin({ __BUILD_LABEL__: JSON.stringify(process.env.SPORTIFY_BUILD_LABEL || '') });

/**
 * The webpack config of one front end.
 * @param {{ pkgDir: string, port: number, federation: object, host?: boolean, title: string, types?: boolean }} opts
 *   `types: false` leaves out the exposed modules' declarations (a build that is never shipped, e.g. a test's);
 *   so does SPORTIFY_BUILD_TYPES=0 (`npm start`'s build: nothing the running site does reads them).
 */
function createWebpackConfig({ pkgDir, port, federation, host = false, title, types = true }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    // Off, no declarations are made whatever the federation options say (the plugin's default is on).
    const leaveOutTypes = process.env.SPORTIFY_BUILD_TYPES === '0';
    // `npm run release` builds into a versioned folder and sets where it will be served (scripts/releases).
    const releasePublicPath = process.env.SPORTIFY_PUBLIC_PATH;
    const outputPath = process.env.SPORTIFY_OUTPUT_PATH || path.join(pkgDir, 'dist');
    const publicDir = path.join(pkgDir, 'public');
    const template = path.join(publicDir, 'index.html');
    return {
      context: pkgDir,
      mode: production ? 'production' : 'development',
      entry: './src/index.ts',
      // No eval() in development either: a remote's dev server runs inside the site's pages, whose policy forbids it.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: outputPath,
        filename: production ? hashedEntryName : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: ASSET_FILENAME,
        // The shell serves deep links (/dashboard/...), so its scripts need an absolute base; a remote's chunks
        // load from wherever its remoteEntry.js came from.
        publicPath: releasePublicPath || (host ? '/' : 'auto'),
        uniqueName: federation.name,
        // dist/server holds the server-side build (createServerWebpackConfig), made by the same command.
        clean: { keep: /^server[\\/]/ },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: federationRuntimeAliases() },
      module: {
        rules: [typeScriptRule(pkgDir), ENDPOINTS_RULE, ASSET_RULE],
      },
      optimization: {
        // webpack's own minimizer plugin, with swc's minifier in place of terser: the same compress passes, smaller
        // output, and less than half the CPU (every front end minifies its own copy of the shared libraries).
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 } } }),
        ],
        splitChunks: {
          cacheGroups: {
            // A library two shared packages both bundle (reselect in @reduxjs/toolkit and its query/react entry)
            // would otherwise ship once in each package's chunk: below webpack's default 20 KB it is not split out.
            librariesUsedTwice: {
              test: /[\\/]node_modules[\\/]/,
              chunks: 'async',
              minChunks: 2,
              minSize: 1000,
              priority: -5,
              reuseExistingChunk: true,
            },
          },
        },
      },
      plugins: [
        new ModuleFederationPlugin({
          ...federation,
          // A remote's production build publishes its exposed modules' declarations (@mf-types.zip, named in
          // mf-manifest.json), so the shell can type-check against any release of it: scripts/remote-types.mjs.
          ...(leaveOutTypes ? { dts: false } : {}),
          ...(production && federation.exposes && types && !leaveOutTypes
            ? {
                dts: publishedTypes(pkgDir),
              }
            : {}),
          // The federation runtime ships once, in the shell; production remotes use the shell's copy, which keeps
          // each remoteEntry.js small. A remote's dev server keeps its own runtime so it also runs alone.
          experiments: {
            ...(host ? { provideExternalRuntime: true } : { externalRuntime: production }),
            // Every client build runs in browsers: the runtime's Node code paths are left out (about 1.7 KB gzipped).
            optimization: { target: 'web' },
          },
        }),
        new HtmlWebpackPlugin({
          title,
          ...(fs.existsSync(template) ? { template } : {}),
          // Absolute script URLs so a standalone remote also works on deep links.
          publicPath: releasePublicPath || '/',
        }),
        new CopyPublicPlugin(publicDir),
        new BuildInfoPlugin({ entry: federation.exposes ? federation.name : undefined }),
        // A label a build may show in its area: empty unless set when building (the release journey tells two
        // releases apart by it).
        buildLabel(),
        ...(host && production ? [new StartupPreloadPlugin()] : []),
        // The runtime's debug switch without a localStorage read at start-up (the dev servers keep it).
        ...(production ? [new FederationEnvPlugin()] : []),
        ...(federation.exposes
          ? [
              new ScreensPlugin(path.join(pkgDir, 'src/screens.json')),
              // The standalone page's screens: the container's own module map, each loaded when first shown.
              new ExposedModulesPlugin(federation.exposes, pkgDir),
            ]
          : []),
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: false,
        hot: false,
        liveReload: true,
        client: { overlay: { warnings: false, runtimeErrors: false } },
        ...(host
          ? {
              setupMiddlewares: (middlewares) => [
                { name: 'runtime-config', path: '/config.json', middleware: devRuntimeConfig(pkgDir) },
                ...middlewares,
              ],
            }
          : remoteDevServer({ pkgDir, port, name: federation.name })),
      },
    };
  };
}

/**
 * The server build of a front end, into dist/server (never served over HTTP): the federation runtime on Node.
 * A remote builds a Node federation container (remoteEntry.js + chunks) with the same exposes and shared singletons
 * as its browser build; the shell builds render.js, the host that loads those containers from files and renders a
 * page (src/server). Asset modules give the browser build's URLs (same names and hashes) without emitting the files.
 * @param {{ pkgDir: string, federation: object, host?: boolean }} opts
 */
function createServerWebpackConfig({ pkgDir, federation, host = false }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const releasePublicPath = process.env.SPORTIFY_PUBLIC_PATH;
    return {
      name: 'server',
      context: pkgDir,
      target: 'async-node',
      mode: production ? 'production' : 'development',
      // A remote's only entry is its container (remoteEntry.js).
      entry: host ? { render: './src/server/render.ts' } : {},
      devtool: false,
      output: {
        path: path.join(process.env.SPORTIFY_OUTPUT_PATH || path.join(pkgDir, 'dist'), 'server'),
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: ASSET_FILENAME,
        publicPath: releasePublicPath || '/',
        uniqueName: `${federation.name}_server`,
        ...(host ? { library: { type: 'commonjs2' } } : {}),
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: { rules: [typeScriptRule(pkgDir), ENDPOINTS_RULE, { ...ASSET_RULE, generator: { emit: false } }] },
      plugins: [
        new ModuleFederationPlugin({
          ...federation,
          manifest: false,
          ...(host ? {} : { library: { type: 'commonjs-module' } }),
          remoteType: 'script',
          runtimePlugins: [
            require.resolve('@module-federation/node/runtimePlugin'),
            ...(host ? [path.join(pkgDir, 'src/server/loadFromFiles.ts')] : []),
          ],
          experiments: { optimization: { target: 'node' } },
        }),
        ...(host ? [] : [new HostPublicPathPlugin(federation.name, releasePublicPath || '/')]),
        buildLabel(),
      ],
      // Nothing is downloaded: minifying would only slow the build and hide stack traces.
      optimization: { minimize: false },
      performance: { hints: false },
    };
  };
}

/**
 * A front end's builds: the browser build, and beside it the server build (dev servers run the browser build only).
 * @param {{ pkgDir: string, port: number, federation: object, host?: boolean, title: string, types?: boolean }} opts
 */
function createBuilds(opts) {
  const client = createWebpackConfig(opts);
  const server = createServerWebpackConfig(opts);
  return (env, argv) => (env.WEBPACK_SERVE ? client(env, argv) : [client(env, argv), server(env, argv)]);
}

module.exports = { createBuilds, createWebpackConfig, createServerWebpackConfig };
